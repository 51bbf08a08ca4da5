import java.nio.file.*; import java.util.*;
import groovyjarjarantlr4.v4.runtime.*;
import groovyjarjarantlr4.v4.runtime.atn.*;
import groovyjarjarantlr4.v4.runtime.tree.*;
import org.apache.groovy.parser.antlr4.*;
import org.apache.groovy.parser.antlr4.internal.DescriptiveErrorStrategy;
/**
 * Checks that ANTLR's full-context DFA (enable_global_context_dfa, which the wasm engine switches on for Groovy's LL
 * re-parse: teavm-patches Compat.setParserInterpreter) changes no answer: LL-parses every listed file with the flag
 * as given and prints, per file, a digest of the parse tree and the first syntax error. Run it twice, in two JVMs
 * (the DFA is shared per process), and diff the outputs:
 * {@code java -Xss8m -cp <groovy jar> bench/engine-real/LlEquiv.java false list.txt > a.txt}, then {@code true},
 * where list.txt has one path per line (a tab and anything after it is ignored). Timing goes to stderr.
 */
public class LlEquiv {
  public static void main(String[] a) throws Exception {
    boolean g = Boolean.parseBoolean(a[0]);
    List<String> paths = Files.readAllLines(Path.of(a[1]));
    long t0 = System.nanoTime();
    for (String p : paths) {
      String text = Files.readString(Path.of(p.split("\t")[0]));
      CharStream cs = CharStreams.fromString(text);
      GroovyLangLexer lexer = new GroovyLangLexer(cs);
      CommonTokenStream ts = new CommonTokenStream(lexer);
      GroovyLangParser parser = new GroovyLangParser(ts);
      parser.setErrorHandler(new DescriptiveErrorStrategy(cs));
      parser.getInterpreter().setPredictionMode(PredictionMode.LL);
      parser.getInterpreter().enable_global_context_dfa = g;
      parser.removeErrorListeners(); lexer.removeErrorListeners();
      final String[] first = {null};
      parser.addErrorListener(new BaseErrorListener() { public <T extends Token> void syntaxError(Recognizer<T, ?> r, T o, int line, int col, String msg, RecognitionException e) { if (first[0] == null) first[0] = line + ":" + col + " " + msg.replace("\n","\\n"); } });
      String tree;
      try { ParseTree t = parser.compilationUnit(); tree = Integer.toHexString(t.toStringTree(parser).hashCode()) + ":" + t.toStringTree(parser).length(); }
      catch (Throwable e) { tree = "threw " + e.getClass().getSimpleName() + " " + String.valueOf(e.getMessage()).hashCode(); }
      System.out.println(p.split("\t")[0] + "\t" + tree + "\t" + first[0]);
    }
    System.err.println("ms " + (System.nanoTime() - t0) / 1000000);
  }
}
