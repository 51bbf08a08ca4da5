package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;

import io.groovymcp.engine.classmodel.LibraryHooks;
import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.query.resolve.Gdk;

/**
 * The queries' memory, one per engine: the index of the current compile, the repaired index of a buffer that does
 * not parse, the tokens of the last two texts and the GDK methods of the class model. Nothing here is shared
 * between engines, and {@link #clear} (called when the class model or classpath changes) drops all of it.
 */
public final class QueryCache {
    /**
     * Indexes of the compiles the engine keeps alive (the full compile and up to two closure compiles), most
     * recently used first; the engine calls {@link #forget} when it lets a compile go.
     */
    private final List<Compilation> indexedFor = new ArrayList<>();
    private final List<Index> indexes = new ArrayList<>();
    private static final int MAX_INDEXES = 3;

    private Compilation repairedFor;
    private String repairedUri;
    private Index repaired;

    private final String[] lexedText = new String[2];
    @SuppressWarnings("unchecked")
    private final List<Lexing.Tok>[] lexedToks = new List[2];
    private int lexedNext;

    private List<MethodNode> gdkMethods;

    public void clear() {
        forgetCompiles();
        gdkMethods = null;
    }

    /** Drops what belongs to compiles and texts (after close, so a closed buffer's AST can be collected). */
    public void forgetCompiles() {
        indexedFor.clear();
        indexes.clear();
        repairedFor = null;
        repairedUri = null;
        repaired = null;
        forgetTexts();
    }

    /** Drops what was built from this compile (the engine no longer keeps it). */
    public void forget(Compilation c) {
        int i = indexedFor.indexOf(c);
        if (i >= 0) {
            indexedFor.remove(i);
            indexes.remove(i);
        }
        if (repairedFor == c) {
            repairedFor = null;
            repairedUri = null;
            repaired = null;
        }
    }

    /** Drops the lexed texts (after close, so a closed buffer's text can be collected). */
    public void forgetTexts() {
        java.util.Arrays.fill(lexedText, null);
        java.util.Arrays.fill(lexedToks, null);
    }

    /** The index of a compile, built once while the engine keeps that compile. */
    Index index(Compilation c, Index.TextSource texts) {
        for (int i = 0; i < indexedFor.size(); i++) {
            if (indexedFor.get(i) == c) {
                if (i > 0) {
                    indexedFor.add(0, indexedFor.remove(i));
                    indexes.add(0, indexes.remove(i));
                }
                return indexes.get(0);
            }
        }
        Index ix = Index.build(c, texts, this);
        if (indexedFor.size() >= MAX_INDEXES) {
            indexedFor.remove(indexedFor.size() - 1);
            indexes.remove(indexes.size() - 1);
        }
        indexedFor.add(0, c);
        indexes.add(0, ix);
        return ix;
    }

    boolean hasRepair(Compilation c, String uri) {
        return repairedFor == c && uri.equals(repairedUri);
    }

    Index repaired() {
        return repaired;
    }

    void repaired(Compilation c, String uri, Index ix) {
        repairedFor = c;
        repairedUri = uri;
        repaired = ix;
    }

    /**
     * The tokens of a text (shared, never modify). The Groovy lexer costs tens of milliseconds on a large file, and
     * diagnostics, tokens, format and organize imports all lex the same buffer, so the last two texts are kept.
     */
    List<Lexing.Tok> lex(String text) {
        for (int i = 0; i < lexedText.length; i++) {
            if (lexedText[i] != null && (lexedText[i] == text || lexedText[i].equals(text))) {
                return lexedToks[i];
            }
        }
        List<Lexing.Tok> toks = Collections.unmodifiableList(Lexing.lexNow(text));
        lexedText[lexedNext] = text;
        lexedToks[lexedNext] = toks;
        lexedNext = (lexedNext + 1) % lexedText.length;
        return toks;
    }

    /** Public static methods of the GDK classes with a receiver parameter, from the class model (no reflection). */
    List<MethodNode> gdkMethods() {
        if (gdkMethods == null) {
            List<MethodNode> all = new ArrayList<>();
            for (String cls : Gdk.CLASSES) {
                ClassNode c = LibraryHooks.decompile(cls);
                if (c == null) {
                    continue;
                }
                for (MethodNode m : c.getMethods()) {
                    if (m.isPublic() && m.isStatic() && m.getParameters().length > 0 && !m.isSynthetic()
                            && !Index.deprecated(m)) {
                        all.add(m);
                    }
                }
            }
            gdkMethods = all;
        }
        return gdkMethods;
    }
}
