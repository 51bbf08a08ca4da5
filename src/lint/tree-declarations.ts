import type { JsonObject, JsonValue } from "../json/json.js";

/**
 * What lint keeps of one file's `declarations` answer (docs/engine-contract.md, "The project model"): its package,
 * which decides the file's compile unit, and the names of the types it declares, which classification needs when a
 * unit compiles without them (a split source tree, or a unit checked again without the project model).
 */
export interface DeclaredNames {
  /** Dotted, null for the default package or when the engine could not read the file. */
  readonly packageName: string | null;
  /** Simple names and qualified ones (`p.Outer`, `p.Outer.Inner`), nested types included. */
  readonly types: readonly string[];
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads the names out of one `declarations` answer; anything not shaped as the contract says is left out. */
export function declaredNames(answer: JsonObject | undefined): DeclaredNames {
  if (answer === undefined) return { packageName: null, types: [] };
  const pkg = answer["package"];
  const packageName = typeof pkg === "string" && pkg.length > 0 ? pkg : null;
  const types: string[] = [];
  const visit = (list: JsonValue | undefined, prefix: string): void => {
    if (!Array.isArray(list)) return;
    for (const t of list) {
      if (!isObject(t) || typeof t["name"] !== "string") continue;
      const name = t["name"];
      const qualified = prefix === "" ? name : `${prefix}.${name}`;
      types.push(name);
      if (qualified !== name) types.push(qualified);
      visit(t["types"], qualified);
    }
  };
  visit(answer["types"], packageName ?? "");
  return { packageName, types };
}
