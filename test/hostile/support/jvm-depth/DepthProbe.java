import org.codehaus.groovy.control.*;
import java.util.function.IntFunction;
/**
 * One depth probe against the stock Groovy compiler (docs/engine.md, "Depth"): `DepthProbe <construct> <n>` compiles
 * the construct nested n deep to CLASS_GENERATION on the default stack and prints ok, the compiler's error, SOE (a
 * StackOverflowError that escaped) or what was thrown; bisect.sh runs it in a fresh JVM per depth.
 */
public class DepthProbe {
  static String rep(String s, int n) { return s.repeat(n); }
  static String result(String src) {
    CompilationUnit cu = new CompilationUnit();
    cu.addSource("Probe.groovy", src);
    try { cu.compile(Phases.CLASS_GENERATION); return "ok"; }
    catch (MultipleCompilationErrorsException e) { String m = e.getMessage(); return "error: " + m.replace('\n',' ').substring(0, Math.min(300, m.length())); }
    catch (StackOverflowError e) { return "SOE"; }
    catch (Throwable t) { return "throw " + t; }
  }
  public static void main(String[] a) {
    String name = a[0];
    IntFunction<String> gen = switch (name) {
      case "parens" -> n -> "def x = " + rep("(", n) + "1" + rep(")", n) + "\n";
      case "calls" -> n -> "def f(x){x}\n" + rep("f(", n) + "1" + rep(")", n) + "\n";
      case "lists" -> n -> "def l = " + rep("[", n) + "1" + rep("]", n) + "\n";
      case "closures" -> n -> "def c = " + rep("{ -> ", n) + "1" + rep(" }", n) + "\n";
      case "terms" -> n -> { StringBuilder b = new StringBuilder("def y = 1"); for (int i = 1; i < n; i++) b.append("+1"); return b.append("\n").toString(); };
      case "whiles" -> n -> "@groovy.transform.CompileStatic\nvoid m(){ int i = 0\n" + rep("while (i < 1) {\n", n) + "i++\n" + rep("}\n", n) + "}\n";
      default -> throw new IllegalArgumentException(name);
    };
    if (a.length > 1) { System.out.println(result(gen.apply(Integer.parseInt(a[1])))); return; }
    int lo = 1, hi = 16;
    while (true) { String r = result(gen.apply(hi)); if (!r.equals("ok")) break; lo = hi; hi *= 2; if (hi > 300000) break; }
    while (hi - lo > 1) { int mid = (lo + hi) / 2; if (result(gen.apply(mid)).equals("ok")) lo = mid; else hi = mid; }
    System.out.println(name + ": ok at " + lo + ", fails at " + hi + ": " + result(gen.apply(hi)));
  }
}
