package io.groovymcp.engine.compile;

import io.groovymcp.engine.text.Chars;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which open buffers a compile of one buffer needs (issue 10: re-diagnose one of 50 open buffers at the cost of that
 * buffer alone). A buffer can only see another buffer's classes by naming them, and every name the compiler resolves
 * is spelled somewhere in some text. So starting from the queried buffer, every buffer that declares a class whose
 * simple name occurs as a word in a buffer already chosen is added, until nothing more is. The two sides err in
 * opposite directions on purpose. Used words over-approximate, from the raw text: every identifier-like run (strings
 * and comments included, and the decoded form of unicode escapes), also cut at each {@code $} (a GString's
 * {@code "$Foo"}, a nested {@code Outer$Inner}) and wherever the lexer could start an identifier inside a run. Declared
 * names are exact: Groovy's own lexer reads the text as the compiler does and names the identifier after each
 * {@code class}/{@code interface}/{@code enum}/{@code trait}/{@code record} token ({@link DeclaredNames}), so a
 * comment saying "this class is ..." declares nothing; when the lexer fails, the old word scan (the word after each of
 * those words, wherever it stands) answers instead, so a broken text never hides a declaration. The script class Groovy
 * derives from the buffer's URI (its last path segment without the extension, from the raw URI and from its decoded
 * path) is declared as well. Choosing too many buffers costs only time; choosing too few would change answers.
 */
public final class DependencyClosure {
    private DependencyClosure() {
    }

    /**
     * The words a buffer's text uses and a cheap superset of the names it may declare, both scanned with the text, and
     * the names it declares, lexed only when a closure asks about a buffer whose superset meets the words used (a
     * queried buffer is in its own closure and never needs its own names): each computed at most once per text.
     */
    public static final class Names {
        final Set<String> words;
        final Set<String> mayDeclare;
        private String uri;
        private String text;
        private Set<String> declared;

        Names(Set<String> words, Set<String> mayDeclare, String uri, String text) {
            this.words = words;
            this.mayDeclare = mayDeclare;
            this.uri = uri;
            this.text = text;
        }

        Set<String> declared() {
            if (declared == null) {
                declared = declaredNames(uri, text);
                uri = null;
                text = null;
            }
            return declared;
        }
    }

    /**
     * Scans one buffer. Only buffers can bring buffer classes into a compile: library classes (the class model and
     * jars) resolve their own references through the library's unit, never through the open buffers.
     */
    public static Names scan(String uri, String text) {
        Set<String> words = new HashSet<>();
        Set<String> mayDeclare = new HashSet<>();
        // Unicode escapes may spell identifiers; their decoded form is scanned as well, so both spellings count.
        words(text, words, null);
        mayDeclare(text, mayDeclare);
        if (text.indexOf("\\u") >= 0) {
            String decoded = decodeUnicodeEscapes(text);
            words(decoded, words, null);
            mayDeclare(decoded, mayDeclare);
        }
        scriptNames(uri, mayDeclare);
        return new Names(words, mayDeclare, uri, text);
    }

    static Set<String> declaredNames(String uri, String text) {
        Set<String> declared = new HashSet<>();
        if (!DeclaredNames.lex(text, declared)) {
            declared.clear();
            Set<String> ignored = new HashSet<>();
            words(text, ignored, declared);
            if (text.indexOf("\\u") >= 0) {
                words(decodeUnicodeEscapes(text), ignored, declared);
            }
        }
        scriptNames(uri, declared);
        return declared;
    }

    private static void scriptNames(String uri, Set<String> out) {
        words(scriptName(uri), out, null);
        String path = decodedPath(uri);
        if (path != null) {
            words(scriptName(path), out, null);
        }
    }

    private static final String[] DECLARING = {"class", "interface", "enum", "trait", "record"};

    /**
     * A superset of what both {@link DeclaredNames} and the fallback word scan can declare, at the cost of a few
     * {@code indexOf} passes, so that most buffers are never lexed: after every occurrence of a declaring word not
     * followed by a letter, even at the end of a longer word (a number literal such as {@code 1L} may end right
     * before a keyword token), skip everything the lexer skips
     * between two tokens and more (any whitespace, line escapes, comments), then take the identifier-like run there,
     * whole and cut before each identifier-ignorable character (where the lexer ends an identifier). Skipping more
     * than the lexer only adds names: the lexer's next token starts at a character neither skips.
     */
    static void mayDeclare(String t, Set<String> out) {
        int len = t.length();
        for (String kw : DECLARING) {
            for (int at = t.indexOf(kw); at >= 0; at = t.indexOf(kw, at + 1)) {
                int end = at + kw.length();
                if (end < len && continuesIdentifier(t.codePointAt(end))) {
                    continue; // "classes": the lexer reads one identifier there, never the keyword
                }
                int k = skipBetweenTokens(t, end);
                if (k >= len || !Chars.isJavaIdentifierPart(t.codePointAt(k))) {
                    continue;
                }
                int j = k;
                while (j < len && Chars.isJavaIdentifierPart(t.codePointAt(j))) {
                    if (j > k && Chars.isIdentifierIgnorable(t.codePointAt(j))) {
                        out.add(t.substring(k, j));
                    }
                    j += Character.charCount(t.codePointAt(j));
                }
                out.add(t.substring(k, j));
            }
        }
    }

    /**
     * Whether the lexer's identifier rule takes {@code c} after a letter: an identifier part that is not ignorable
     * (a supplementary one may be ignorable and still be taken, so those never count here, which keeps the superset).
     */
    private static boolean continuesIdentifier(int c) {
        return Chars.isJavaIdentifierPart(c) && !Chars.isIdentifierIgnorable(c)
                && !Character.isSupplementaryCodePoint(c);
    }

    /** Past whitespace, line escapes and comments; the fallback scan skips the same, so its names are in the superset. */
    private static int skipBetweenTokens(String t, int i) {
        int len = t.length();
        while (i < len) {
            char c = t.charAt(i);
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                i++;
            } else if (c == '\\' && i + 1 < len && Character.isWhitespace(t.charAt(i + 1))) {
                i += 2;
            } else if (c == '/' && i + 1 < len && t.charAt(i + 1) == '/') {
                int nl = t.indexOf('\n', i);
                int cr = t.indexOf('\r', i);
                i = nl < 0 && cr < 0 ? len : nl < 0 ? cr : cr < 0 ? nl : Math.min(nl, cr);
            } else if (c == '/' && i + 1 < len && t.charAt(i + 1) == '*') {
                int end = t.indexOf("*/", i + 2);
                i = end < 0 ? len : end + 2;
            } else {
                break;
            }
        }
        return i;
    }

    /**
     * The URIs of the buffers a compile of {@code target} needs, in the given (opening) order, which the compile keeps
     * because the order decides which of two duplicate classes is reported.
     */
    public static List<String> of(String target, List<String> uris, List<Names> names) {
        int n = uris.size();
        boolean[] in = new boolean[n];
        int t = uris.indexOf(target);
        if (t < 0) {
            return new ArrayList<>(uris);
        }
        in[t] = true;
        List<Integer> todo = new ArrayList<>();
        todo.add(t);
        while (!todo.isEmpty()) {
            Set<String> used = names.get(todo.remove(todo.size() - 1)).words;
            for (int i = 0; i < n; i++) {
                // the superset first: most buffers are ruled out without ever being lexed
                if (!in[i] && intersects(names.get(i).mayDeclare, used)
                        && intersects(names.get(i).declared(), used)) {
                    in[i] = true;
                    todo.add(i);
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (in[i]) {
                out.add(uris.get(i));
            }
        }
        return out;
    }

    private static boolean intersects(Set<String> small, Set<String> big) {
        for (String s : small) {
            if (big.contains(s)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds every identifier-like run to {@code words}, with the pieces the compiler may see as names of their own
     * (see {@link #addPieces}), and, when {@code declared} is given, the name that follows each declaring keyword
     * (skipping whitespace and comments, so {@code class /* x *\/ Foo} declares Foo). Runs are of code points, so an
     * identifier with a supplementary letter is one word, as it is one token.
     */
    private static void words(String t, Set<String> words, Set<String> declared) {
        int i = 0;
        int len = t.length();
        while (i < len) {
            int c = t.codePointAt(i);
            if (!Chars.isJavaIdentifierPart(c) || Chars.isIdentifierIgnorable(c)) {
                i += Character.charCount(c);
                continue;
            }
            int j = wordEnd(t, i);
            String w = t.substring(i, j);
            words.add(w);
            addPieces(w, i > 0 && t.charAt(i - 1) == '\\', words);
            if (declared != null && isDeclaring(w)) {
                int k = skipBetweenTokens(t, j);
                if (k < len && Chars.isJavaIdentifierPart(t.codePointAt(k))) {
                    declared.add(t.substring(k, wordEnd(t, k)));
                }
            }
            i = j;
        }
    }

    /**
     * The parts of a run that can be a name on their own: the pieces between {@code $} signs ({@code "$Foo"} in a
     * GString names Foo; {@code Outer$Inner} is the binary name of a nested class), the pieces between identifier-
     * ignorable characters (which the lexer never takes into an identifier), every suffix of a run that starts
     * with a digit (a number literal such as {@code 0xFF} or {@code 1d} may end where an identifier begins), and a run
     * after a backslash without its first letter (the escape {@code \tFoo} in a string leaves Foo).
     */
    private static void addPieces(String w, boolean afterBackslash, Set<String> words) {
        int n = w.length();
        int from = 0;
        for (int i = 0; i <= n; i++) {
            if (i == n || w.charAt(i) == '$' || Chars.isIdentifierIgnorable(w.charAt(i))) {
                if (from > 0 || i < n) {
                    if (i > from) {
                        words.add(w.substring(from, i));
                    }
                }
                from = i + 1;
            }
        }
        if (Character.isDigit(w.charAt(0))) {
            for (int i = 1; i < n; i++) {
                words.add(w.substring(i));
            }
        }
        if (afterBackslash && n > 1) {
            words.add(w.substring(Character.charCount(w.codePointAt(0))));
        }
    }

    private static int wordEnd(String t, int from) {
        int j = from + Character.charCount(t.codePointAt(from));
        while (j < t.length() && Chars.isJavaIdentifierPart(t.codePointAt(j))) {
            j += Character.charCount(t.codePointAt(j));
        }
        return j;
    }

    private static boolean isDeclaring(String w) {
        switch (w) {
            case "class":
            case "interface":
            case "enum":
            case "trait":
            case "record":
                return true;
            default:
                return false;
        }
    }

    /** {@code \}{@code uXXXX} (with any number of u's) decoded; anything malformed is left as it is. */
    static String decodeUnicodeEscapes(String t) {
        StringBuilder sb = new StringBuilder(t.length());
        int i = 0;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == '\\' && i + 1 < t.length() && t.charAt(i + 1) == 'u') {
                int j = i + 1;
                while (j < t.length() && t.charAt(j) == 'u') {
                    j++;
                }
                if (j + 4 <= t.length()) {
                    try {
                        sb.append((char) Integer.parseInt(t.substring(j, j + 4), 16));
                        i = j + 4;
                        continue;
                    } catch (NumberFormatException ignore) {
                        // not an escape: keep the text
                    }
                }
            }
            sb.append(c);
            i++;
        }
        return sb.toString();
    }

    /** The last segment of a URI or path (after the last slash or backslash), without its extension. */
    private static String scriptName(String s) {
        int slash = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'));
        String name = s.substring(slash + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** The URI's decoded path (or scheme-specific part), the way Groovy derives a script's class name; or null. */
    private static String decodedPath(String uri) {
        try {
            java.net.URI u = new java.net.URI(uri);
            String p = u.getPath();
            if (p != null && !p.isEmpty()) {
                return p;
            }
            return u.getSchemeSpecificPart();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
