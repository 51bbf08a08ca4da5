package io.groovymcp.parserseed;

import java.io.ByteArrayOutputStream;

/**
 * The layout of {@value #ENTRY}, written here and read by the engine (parser-runtime
 * {@code groovyjarjarantlr4.v4.runtime.atn.SeededParserDfa}); docs/engine.md "The parser's DFA, seeded" describes it.
 * Every number is an unsigned LEB128 varint; the ones marked signed are zigzag-encoded first.
 *
 * <pre>
 * magic        'G' 'D' 'F' '2'
 * fingerprint  signed: String.hashCode of the grammar's serialized ATN
 * atnStates    the grammar's ATN state count
 * contexts     count, then per context: n (1 = a singleton context, 2 or more = an array context), then n pairs of
 *              parent (0 = the empty local context, 1 = the empty full one, k + 2 = the k-th context of this list,
 *              always an earlier one) and signed return state
 * predicates   count, then per predicate: kind (0 a grammar predicate, 2 one that depends on its context, 1 a precedence
 *              predicate), then rule and predicate index, or the signed precedence
 * decisions    count, then per decision: its number, its state count, and its precedence start count: 0 for an
 *              ordinary decision, whose start state is its first state; for a precedence decision that many pairs of
 *              precedence and the index of the start state the parser uses at that precedence. Then per state:
 *                flags       bit 0 dips into the outer context, bit 1 has conflict information, bit 2 that conflict is
 *                            exact, bit 3 a configuration carries a predicate
 *                uniqueAlt   signed
 *                conflict    when flagged: the count of conflicting alts, then each
 *                prediction  signed; 0 = not an accept state
 *                listHash    signed: the hash of the configurations as a list (31 * h + ATNConfig.hashCode)
 *                configs     count, then per configuration: its packed code (ATN state in bits 0-15, alt in 16-23,
 *                            outer context depth in 24-30, bit 31 precedence filter suppressed), its context and, when
 *                            flagged, its predicate (0 = none, k = the k-th of the list)
 *              then per state: edge count, then per edge: signed symbol and target (0 = the error state, k + 1 = the
 *              decision's k-th state)
 * </pre>
 */
final class SeedFormat {
    static final String ENTRY = "META-INF/groovymcp/parser/dfa.bin";
    static final byte[] MAGIC = {'G', 'D', 'F', '2'};

    static final int DIPS_INTO_OUTER_CONTEXT = 1;
    static final int HAS_CONFLICT = 2;
    static final int EXACT_CONFLICT = 4;
    static final int HAS_SEMANTIC_CONTEXT = 8;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    SeedFormat() {
        out.writeBytes(MAGIC);
    }

    void unsigned(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    void unsignedInt(int v) {
        unsigned(v & 0xFFFFFFFFL);
    }

    void signed(int v) {
        unsignedInt((v << 1) ^ (v >> 31));
    }

    byte[] bytes() {
        return out.toByteArray();
    }
}
