import org.apache.groovy.parser.antlr4.*;

import groovyjarjarantlr4.v4.runtime.*;
import groovyjarjarantlr4.v4.runtime.atn.*;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;
import java.nio.file.*;
import java.util.*;

// What the lexer would cost if ANTLR cached the DFA edges whose only predicates read the char just consumed (LA(-1)
// in a speculative closure is the edge's own symbol, so the edge's target is a function of (state, symbol)). Compares
// every token (type, channel, start, stop, line, column) against the stock lexer, then times both, alternating.
public class LexCache {
  // GroovyLexer predicates that test only _input.LA(-1): CapitalizedIdentifier#15, JavaLetter#16, JavaLetterInGString#18,
  // JavaLetterOrDigit#19, JavaLetterOrDigitInGString#21 (read from the generated sempred bytecode).
  static final long[] steps = new long[2]; // [1]: ATN steps of the caching lexer in the current round
  static final Set<Integer> PURE = Set.of(15, 16, 18, 19, 21);

  static final class Caching extends LexerATNSimulator {
    boolean impure;
    Caching(Lexer l, ATN atn) { super(l, atn); }
    void stepBack(CharStream in, int index, int ln, int col) { in.seek(index); line = ln; charPositionInLine = col; consume(in); }
    @Override protected DFAState computeTargetState(CharStream in, DFAState s, int t) { steps[1]++; impure = false; return super.computeTargetState(in, s, t); }
    @Override protected boolean evaluatePredicate(CharStream in, int rule, int pred, boolean spec) {
      if (!spec || !PURE.contains(pred)) impure = true;
      return super.evaluatePredicate(in, rule, pred, spec);
    }
    @Override protected DFAState addDFAEdge(DFAState p, int t, ATNConfigSet q) {
      if (q.hasSemanticContext() && !impure) q.clearExplicitSemanticContext();
      return super.addDFAEdge(p, t, q);
    }
  }

  static GroovyLangLexer lexer(String text, boolean cache) {
    if (!cache) return new GroovyLangLexer(CharStreams.fromString(text));
    GroovyLangLexer lx = new GroovyLangLexer(CharStreams.fromString(text)) {
      @Override protected void rollbackOneChar() {
        ((Caching) getInterpreter()).stepBack(getInputStream(), _tokenStartCharIndex - 1, _tokenStartLine, _tokenStartCharPositionInLine - 1);
      }
    };
    lx.setInterpreter(new Caching(lx, lx.getInterpreter().atn));
    return lx;
  }

  static long lexAll(List<String> texts, boolean cache, StringBuilder digest) {
    long n = 0;
    for (String t : texts) {
      GroovyLangLexer lx = lexer(t, cache);
      lx.removeErrorListeners();
      for (Token k; ; ) {
        try { k = lx.nextToken(); } catch (RuntimeException e) { if (digest != null) digest.append("E:").append(e.getClass().getName()).append('\n'); break; }
        n++;
        if (digest != null) digest.append(k.getType()).append(',').append(k.getChannel()).append(',').append(k.getStartIndex()).append(',')
            .append(k.getStopIndex()).append(',').append(k.getLine()).append(',').append(k.getCharPositionInLine()).append('\n');
        if (k.getType() == Token.EOF) break;
      }
    }
    return n;
  }

  public static void main(String[] a) throws Exception {
    List<String> texts = new ArrayList<>();
    try (var s = Files.walk(Paths.get(a[0]))) { for (Path p : (Iterable<Path>) s.filter(p -> p.toString().endsWith(".groovy")).sorted()::iterator) texts.add(Files.readString(p)); }
    StringBuilder d0 = new StringBuilder(), d1 = new StringBuilder();
    long n = lexAll(texts, false, d0);
    lexAll(texts, true, d1);
    System.out.println("tokens " + n + ", token streams identical: " + d0.toString().equals(d1.toString()));
    int rounds = Integer.parseInt(a[1]);
    for (int r = 0; r < rounds; r++) {
      long t0 = System.nanoTime(); lexAll(texts, false, null); long t1 = System.nanoTime(); lexAll(texts, true, null); long t2 = System.nanoTime();
      System.out.printf("ATN steps in the edge-caching lexer this round: %d%n", steps[1]); steps[1] = 0;
      System.out.printf("round %d: stock %.0f ms (%.2f us/token), edge-caching %.0f ms (%.2f us/token), stock/caching %.2fx%n", r,
          (t1 - t0) / 1e6, (t1 - t0) / 1e3 / n, (t2 - t1) / 1e6, (t2 - t1) / 1e3 / n, (double) (t1 - t0) / (t2 - t1));
    }
  }
}
