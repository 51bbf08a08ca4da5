import org.apache.groovy.parser.antlr4.*;

import groovyjarjarantlr4.v4.runtime.*;
import groovyjarjarantlr4.v4.runtime.atn.*;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;
import java.nio.file.*;
import java.util.*;

// Counts, per token the Groovy lexer produces, how often ANTLR leaves its lexer DFA for ATN simulation, at which
// character of the token, and which semantic predicates it evaluates: the evidence for or against "predicates stop
// lexer DFA edges from being cached".
public class LexCount {
  static long tokens, matchAtn, compute, computeFirstStep, computeLaterStep, steps, edgesAdded, edgesSuppressed;
  static final Map<String, Long> preds = new TreeMap<>();
  static final Map<String, Long> firstChar = new TreeMap<>();

  static final class Counting extends LexerATNSimulator {
    int step;
    Counting(Lexer l, ATN atn) { super(l, atn); }
    // Groovy's lexer steps back one char after some tokens; same effect as its own simulator's hook.
    void stepBack(CharStream in, int index, int ln, int col) { in.seek(index); line = ln; charPositionInLine = col; consume(in); }
    @Override public int match(CharStream in, int mode) { tokens++; step = 0; return super.match(in, mode); }
    @Override protected int matchATN(CharStream in) { matchAtn++; return super.matchATN(in); }
    @Override protected DFAState getExistingTargetState(DFAState s, int t) { steps++; step++; return super.getExistingTargetState(s, t); }
    @Override protected DFAState computeTargetState(CharStream in, DFAState s, int t) {
      compute++;
      if (step == 1) {
        computeFirstStep++;
        String k = Character.isUpperCase(t) ? "upper letter" : Character.isLetter(t) || t == '_' || t == '$' ? "lower letter/_/$" : Character.isDigit(t) ? "digit" : t < 0 ? "EOF" : "'" + (char) t + "'";
        firstChar.merge(k, 1L, Long::sum);
      } else computeLaterStep++;
      return super.computeTargetState(in, s, t);
    }
    @Override protected DFAState addDFAEdge(DFAState p, int t, ATNConfigSet q) {
      if (q.hasSemanticContext()) edgesSuppressed++; else edgesAdded++;
      return super.addDFAEdge(p, t, q);
    }
    @Override protected boolean evaluatePredicate(CharStream in, int rule, int pred, boolean spec) {
      preds.merge(GroovyLexer.ruleNames[rule] + "#" + pred, 1L, Long::sum);
      return super.evaluatePredicate(in, rule, pred, spec);
    }
  }

  public static void main(String[] a) throws Exception {
    List<Path> files = new ArrayList<>();
    try (var s = Files.walk(Paths.get(a[0]))) { s.filter(p -> p.toString().endsWith(".groovy")).sorted().forEach(files::add); }
    List<String> texts = new ArrayList<>();
    long lines = 0;
    for (Path p : files) { String t = Files.readString(p); texts.add(t); lines += t.split("\n", -1).length; }
    int rounds = Integer.parseInt(a[1]);
    for (int r = 0; r < rounds; r++) {
      tokens = matchAtn = compute = computeFirstStep = computeLaterStep = steps = edgesAdded = edgesSuppressed = 0;
      preds.clear(); firstChar.clear();
      long t0 = System.nanoTime();
      for (String t : texts) {
        GroovyLangLexer lx = new GroovyLangLexer(CharStreams.fromString(t)) {
          @Override protected void rollbackOneChar() {
            ((Counting) getInterpreter()).stepBack(getInputStream(), _tokenStartCharIndex - 1, _tokenStartLine, _tokenStartCharPositionInLine - 1);
          }
        };
        lx.setInterpreter(new Counting(lx, lx.getInterpreter().atn));
        lx.removeErrorListeners();
        while (lx.nextToken().getType() != Token.EOF) { }
      }
      long ns = System.nanoTime() - t0;
      System.out.printf("round %d: %d files, %d lines, %d tokens, %.1f ms, %.2f us/token (with counting overhead)%n", r, texts.size(), lines, tokens, ns / 1e6, ns / 1e3 / tokens);
    }
    System.out.printf("chars stepped %d; computeTargetState (ATN step) %d = %.1f%% of tokens; at 1st char %d, later %d; matchATN (start state not cached) %d%n",
        steps, compute, 100.0 * compute / tokens, computeFirstStep, computeLaterStep, matchAtn);
    System.out.printf("DFA edges added %d, suppressed (semantic context) %d%n", edgesAdded, edgesSuppressed);
    System.out.println("first-char classes of ATN steps at 1st char: " + firstChar);
    System.out.println("predicates evaluated: " + preds);
  }
}
