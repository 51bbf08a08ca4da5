import { describe, expect, it } from "vitest";
import { MAX_TABS, openBeside, type SharedSession } from "../../web/src/share.js";

const session = (tabs: [string, string][], active = 0): SharedSession => ({ tabs: tabs.map(([name, text]) => ({ name, text })), active });

describe("openBeside: a share link's tabs beside the saved session", () => {
  it("keeps the saved tabs first and unchanged, adds the link's, and makes the link's first tab active", () => {
    expect(openBeside(session([["A.groovy", "a"], ["B.groovy", "b"]], 1), session([["C.groovy", "c"], ["D.groovy", "d"]], 1))).toEqual(
      session([["A.groovy", "a"], ["B.groovy", "b"], ["C.groovy", "c"], ["D.groovy", "d"]], 2),
    );
  });

  it("renames a link tab whose name is taken, and does not repeat one that is already there", () => {
    expect(openBeside(session([["A.groovy", "a"], ["A-2.groovy", "x"]]), session([["A.groovy", "other"], ["B", "b"]]))).toEqual(
      session([["A.groovy", "a"], ["A-2.groovy", "x"], ["A-3.groovy", "other"], ["B", "b"]], 2),
    );
    expect(openBeside(session([["A.groovy", "a"], ["B.groovy", "b"]]), session([["B.groovy", "b"]]))).toEqual(session([["A.groovy", "a"], ["B.groovy", "b"]], 1));
  });

  it("is undefined when the two together pass the tab limit", () => {
    const many = session(Array.from({ length: MAX_TABS - 1 }, (_, i) => [`T${i}.groovy`, ""] as [string, string]));
    expect(openBeside(many, session([["X.groovy", "x"]]))?.tabs).toHaveLength(MAX_TABS);
    expect(openBeside(many, session([["X.groovy", "x"], ["Y.groovy", "y"]]))).toBeUndefined();
  });
});
