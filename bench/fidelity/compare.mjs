// Pure comparison logic of bench/fidelity: no I/O, no engine, no JVM, so test/fidelity can check it without java.
//
// Both sides are reduced to error keys "line:character message" in the engine's coordinates (0-based line, UTF-16
// character). The stock compiler's 1-based line and code-point column are mapped onto the source text exactly as the
// facade maps them (SourceText.fromCompiler: clamp the line, walk code points, stop at the line's end).

/** The offsets at which the compiler's lines start (the compiler counts '\n' only). */
function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** The UTF-16 offset of a compiler (line, column), both 1-based, column in code points. */
export function compilerOffset(text, line1, column1, starts = lineStarts(text)) {
  const line = Math.max(0, Math.min(line1 - 1, starts.length - 1));
  const start = starts[line];
  const last = line + 1 >= starts.length;
  let end = last ? text.length : starts[line + 1] - 1;
  if (!last && end > start && text.charCodeAt(end - 1) === 13) end--;
  let cps = Math.max(0, column1 - 1);
  let off = start;
  while (cps > 0 && off < end) {
    const c = text.charCodeAt(off);
    const surrogatePair = c >= 0xd800 && c <= 0xdbff && off + 1 < end && (text.charCodeAt(off + 1) & 0xfc00) === 0xdc00;
    off += surrogatePair ? 2 : 1;
    cps--;
  }
  return off;
}

/** The engine's {line, character} of an offset (lines split at '\n'; character counts UTF-16 units). */
export function position(text, offset, starts = lineStarts(text)) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - starts[lo] };
}

/** Stock errors ({line, column, message}) as keys, in the stock compiler's order. */
export function stockKeys(text, errors) {
  const starts = lineStarts(text);
  return errors.map((e) => {
    const p = e.line > 0 ? position(text, compilerOffset(text, e.line, e.column, starts), starts) : { line: 0, character: 0 };
    return `${p.line}:${p.character} ${e.message}`;
  });
}

/** Engine diagnostics (the `diagnostics` result) as keys, errors only. */
export function engineKeys(result) {
  return result.diagnostics.filter((d) => d.severity === "error")
    .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`);
}

const counts = (keys) => {
  const m = new Map();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
};

/**
 * Compares one file. verdict: "identical", "dedup" (the same set of errors, the stock compiler repeating some that
 * the engine reports once: the engine's documented de-duplication) or "different", with the keys only one side has.
 */
export function compareFile(stock, engine) {
  const s = counts(stock);
  const e = counts(engine);
  const onlyStock = [...s.keys()].filter((k) => !e.has(k));
  const onlyEngine = [...e.keys()].filter((k) => !s.has(k));
  if (onlyStock.length === 0 && onlyEngine.length === 0) {
    const same = [...s].every(([k, n]) => e.get(k) === n);
    if (same) return { verdict: "identical", onlyStock, onlyEngine };
    const engineRepeats = [...e.values()].some((n) => n > 1);
    return { verdict: engineRepeats ? "different" : "dedup", onlyStock, onlyEngine };
  }
  return { verdict: "different", onlyStock, onlyEngine };
}

/** Java platform module of a JDK package (enough for the packages real Groovy imports). */
const JDK_MODULES = [
  [/^java\.(awt|applet)\b|^javax\.(swing|imageio|sound|print|accessibility)\b|^java\.beans\b/, "java.desktop"],
  [/^java\.sql\b|^javax\.sql\b/, "java.sql"],
  [/^javax\.xml\b|^org\.w3c\.dom\b|^org\.xml\.sax\b/, "java.xml"],
  [/^java\.lang\.management\b|^javax\.management\b/, "java.management"],
  [/^com\.sun\.management\b/, "jdk.management"],
  [/^com\.sun\.net\.httpserver\b/, "jdk.httpserver"],
  [/^java\.net\.http\b/, "java.net.http"],
  [/^javax\.naming\b/, "java.naming"],
  [/^java\.rmi\b|^javax\.rmi\b/, "java.rmi"],
  [/^javax\.script\b/, "java.scripting"],
  [/^java\.util\.prefs\b/, "java.prefs"],
  [/^javax\.annotation\.processing\b|^javax\.lang\.model\b|^javax\.tools\b/, "java.compiler"],
  [/^java\.lang\.instrument\b/, "java.instrument"],
  [/^javax\.security\.auth\.kerberos\b|^org\.ietf\b/, "java.security.jgss"],
  [/^jdk\.jfr\b/, "jdk.jfr"],
  [/^com\.sun\.tools\b|^com\.sun\.source\b/, "jdk.compiler"],
  [/^(java|javax)\./, "java.base (packages left out of the model)"],
];

const GROOVY_ALL_PACKAGES = /^groovy\.(json|xml|text|test|util\.(XmlSlurper|XmlParser|Node)|ant|sql|swing|jmx|servlet|yaml|toml|nio|ginq|macro|contracts|typecheckers|cli|console|ui)\b|^org\.apache\.groovy\.(json|xml|templates|test|ant|dateutil|groovydoc)\b|^org\.codehaus\.groovy\.tools\.groovydoc\b/;

/** What a class that the engine could not resolve (and the stock compiler could) is missing from. */
export function classGap(fqn) {
  if (GROOVY_ALL_PACKAGES.test(fqn)) return "groovy-all modules left out of the class model (groovy-json, -xml, -templates, -test, -ant, ...)";
  if (/^(org\.apache\.tools\.ant|junit|org\.junit|org\.hamcrest|org\.opentest4j|com\.github\.javaparser)\./.test(fqn)) return "third-party jars of the Groovy distribution (Ant, JUnit, ...) left out of the class model";
  if (/^groovyjarjar/.test(fqn)) return "Groovy's shaded groovyjarjar* packages left out of the class model";
  if (/^(org\.codehaus\.groovy|org\.apache\.groovy|groovy)\./.test(fqn)) {
    const pkg = fqn.split(".").slice(0, fqn.startsWith("groovy.") ? 2 : 4).join(".");
    return `Groovy classes left out of the class model (${pkg}.*)`;
  }
  for (const [re, mod] of JDK_MODULES) if (re.test(fqn)) return `JDK classes left out of the class model: ${mod}`;
  return undefined;
}

const UNRESOLVED = /^unable to resolve class ([\w.$]+)/;

/**
 * The cause of a difference, largest-known first. text is the source the two compilers saw; engineFailure is set
 * when the engine call failed or reported an internal error.
 */
export function categorise(text, diff, { engineFailure, stockCrash } = {}) {
  if (engineFailure) return `engine failure: ${engineFailure}`;
  if (stockCrash) return `stock compiler crash: ${stockCrash.split(":")[0]}`;
  const msg = (k) => k.slice(k.indexOf(" ") + 1);
  // The first class (in the engine's order, which is the source's) that only the engine fails to resolve names the
  // cause: once resolution fails the compile stops, so every later difference of the file follows from it.
  let simple = false;
  for (const k of diff.onlyEngine) {
    const m = UNRESOLVED.exec(msg(k));
    if (!m) continue;
    const name = m[1];
    if (name.includes(".")) {
      const g = classGap(name);
      if (g) return g;
    } else simple = true;
  }
  if (simple) {
    // A simple name that only the stock compiler resolves is in the file's own package, or came in through a star
    // import (or a default import).
    const pkg = /^\s*package\s+([\w.]+)/m.exec(text);
    if (pkg) {
      const g = classGap(`${pkg[1]}.X`);
      if (g) return `${g} (a class of the file's own package)`;
    }
    for (const m of text.matchAll(/^\s*import\s+(static\s+)?([\w.]+)\.\*/gm)) {
      const g = classGap(`${m[2]}.X`);
      if (g) return `${g} (through a star import)`;
    }
    return "a simple class name only the stock compiler resolves (default or star import)";
  }
  if (/@(groovy\.util\.logging\.)?(Log|Slf4j|Commons|Log4j2?|JBossLog|PlatformLog)\b/.test(text)) return "logging transforms (@Log, @Slf4j, ...) absent in wasm";
  if (/@(groovy\.beans\.)?(Bindable|Vetoable|ListenerList)\b/.test(text)) return "groovy.beans transforms absent in wasm";
  if (/@(Grab|GrabResolver|GrabExclude|Grapes)\b/.test(text)) return "@Grab stripped before the compiler validates it";
  const all = [...diff.onlyStock, ...diff.onlyEngine].map(msg);
  if (all.length > 0 && all.every((m) => m.startsWith("[Static type checking]"))) return "type checker: different [Static type checking] errors";
  const sMsgs = diff.onlyStock.map(msg).sort().join("\n");
  const eMsgs = diff.onlyEngine.map(msg).sort().join("\n");
  if (sMsgs === eMsgs) return "same messages at different positions";
  if (diff.onlyEngine.length === 0) return "errors only the stock compiler reports";
  if (diff.onlyStock.length === 0) return "errors only the engine reports";
  return "different errors";
}

/**
 * Inserts an annotation before each class start (compiler coordinates), on the same line, so no line moves.
 * positions: [[line, column], ...]
 */
export function annotateClasses(text, positions, annotation) {
  const starts = lineStarts(text);
  const offsets = positions.map(([l, c]) => compilerOffset(text, l, c, starts)).sort((a, b) => b - a);
  let out = text;
  for (const off of [...new Set(offsets)]) out = `${out.slice(0, off)}${annotation} ${out.slice(off)}`;
  return out;
}
