package io.groovymcp.engine.project;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A tolerant reader of declarations for text the parser refuses: Java that Groovy's grammar does not take (array
 * initialisers, text blocks, some generic calls), or a Groovy file with a syntax error. It lexes (comments, strings,
 * text blocks and character literals skipped), matches brackets, and reads only declaration headers and member
 * signatures; every body and initialiser is skipped by bracket matching, so what it cannot read costs it one member,
 * never the file's types. Every loop consumes at least one token, so it ends on any input in time linear in the text.
 */
final class DeclarationScanner {
    private static final Set<String> TYPE_WORDS = new HashSet<>(Arrays.asList(
            "class", "interface", "enum", "record", "trait"));
    private static final Set<String> MODIFIER_WORDS = new HashSet<>(Arrays.asList(
            "public", "protected", "private", "static", "final", "abstract", "default", "sealed", "non-sealed",
            "native", "synchronized", "transient", "volatile", "strictfp"));
    private static final int MAX_DEPTH = 16;

    private final List<Token> toks;
    private final boolean groovy;
    private int pos;

    private static final class Token {
        final String text;
        final boolean ident;
        final boolean newlineBefore;

        Token(String text, boolean ident, boolean newlineBefore) {
            this.text = text;
            this.ident = ident;
            this.newlineBefore = newlineBefore;
        }
    }

    private DeclarationScanner(List<Token> toks, boolean groovy) {
        this.toks = toks;
        this.groovy = groovy;
    }

    static FileDeclarations scan(String uri, String language, String text) {
        DeclarationScanner s = new DeclarationScanner(lex(text), !"java".equals(language));
        String pkg = "";
        List<FileDeclarations.Import> imports = new ArrayList<>();
        List<TypeDeclaration> types = new ArrayList<>();
        while (!s.atEnd()) {
            int before = s.pos;
            s.skipAnnotations();
            if (s.is("package")) {
                s.pos++;
                String p = s.qualifiedName();
                if (p != null && pkg.isEmpty()) {
                    pkg = p;
                }
            } else if (s.is("import")) {
                s.pos++;
                s.importDecl(imports);
            } else {
                List<String> mods = s.modifiers();
                if (s.isTypeKeyword()) {
                    TypeDeclaration t = s.typeDecl(mods, 0);
                    if (t != null) {
                        types.add(t);
                    }
                } else if (s.pos == before) {
                    s.skipStatement();
                }
            }
            if (s.pos == before) {
                s.pos++;
            }
        }
        return new FileDeclarations(uri, "java".equals(language) ? "java" : "groovy", pkg, imports, types, true);
    }

    // ---- lexing ----

    private static List<Token> lex(String s) {
        List<Token> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        boolean nl = true;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\n') {
                nl = true;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int e = s.indexOf("*/", i + 2);
                i = e < 0 ? n : e + 2;
                nl = true;
            } else if (c == '"' || c == '\'') {
                String triple = new String(new char[] {c, c, c});
                if (s.startsWith(triple, i)) {
                    int e = i + 3;
                    while (e < n && !s.startsWith(triple, e)) {
                        e += s.charAt(e) == '\\' ? 2 : 1;
                    }
                    i = Math.min(n, e + 3);
                } else {
                    int e = i + 1;
                    while (e < n && s.charAt(e) != c && s.charAt(e) != '\n') {
                        e += s.charAt(e) == '\\' ? 2 : 1;
                    }
                    i = Math.min(n, e + 1);
                }
                out.add(new Token("\"\"", false, nl));
                nl = false;
            } else if (Character.isJavaIdentifierStart(c)) {
                int e = i + 1;
                while (e < n && Character.isJavaIdentifierPart(s.charAt(e))) {
                    e++;
                }
                String w = s.substring(i, e);
                if (w.equals("non") && s.startsWith("-sealed", e)) {
                    w = "non-sealed";
                    e += 7;
                }
                out.add(new Token(w, true, nl));
                nl = false;
                i = e;
            } else if (Character.isDigit(c)) {
                int e = i + 1;
                while (e < n && (Character.isLetterOrDigit(s.charAt(e)) || s.charAt(e) == '.'
                        || s.charAt(e) == '_')) {
                    e++;
                }
                out.add(new Token("0", false, nl));
                nl = false;
                i = e;
            } else if (c == '.' && s.startsWith("...", i)) {
                out.add(new Token("...", false, nl));
                nl = false;
                i += 3;
            } else {
                out.add(new Token(String.valueOf(c), false, nl));
                nl = false;
                i++;
            }
        }
        return out;
    }

    // ---- token access ----

    private boolean atEnd() {
        return pos >= toks.size();
    }

    private Token tok(int at) {
        return at < toks.size() ? toks.get(at) : null;
    }

    private boolean is(String text) {
        return is(pos, text);
    }

    private boolean is(int at, String text) {
        Token t = tok(at);
        return t != null && t.text.equals(text);
    }

    private boolean isIdent(int at) {
        Token t = tok(at);
        return t != null && t.ident;
    }

    private boolean isTypeKeyword() {
        return (isIdent(pos) && TYPE_WORDS.contains(tok(pos).text) && isIdent(pos + 1))
                || (is("@") && is(pos + 1, "interface"));
    }

    /** Skips a bracketed group starting at pos (one of ( [ { &lt;), to just after its close. */
    private void skipGroup() {
        String open = tok(pos).text;
        String close = open.equals("(") ? ")" : open.equals("[") ? "]" : open.equals("{") ? "}" : ">";
        int depth = 0;
        while (!atEnd()) {
            String t = tok(pos).text;
            if (t.equals(open)) {
                depth++;
            } else if (t.equals(close)) {
                depth--;
                if (depth == 0) {
                    pos++;
                    return;
                }
            } else if (open.equals("<") && (t.equals(";") || t.equals("{") || t.equals("(") || t.equals("="))) {
                return; // a comparison, not type arguments
            }
            pos++;
        }
    }

    /** Skips to just after the end of a statement: a ';', a balanced block, or (Groovy) a line end at depth 0. */
    private void skipStatement() {
        int start = pos;
        while (!atEnd()) {
            String t = tok(pos).text;
            if (t.equals(";")) {
                pos++;
                return;
            }
            if (t.equals("}")) {
                return;
            }
            if (t.equals("{") || t.equals("(") || t.equals("[")) {
                boolean block = t.equals("{");
                skipGroup();
                if (block) {
                    return;
                }
                continue;
            }
            if (groovy && pos > start && tok(pos).newlineBefore && !continues(tok(pos - 1).text)) {
                return;
            }
            pos++;
        }
    }

    private static boolean continues(String prev) {
        return "=+-*/%.,?:&|!<([{".contains(prev) && prev.length() == 1;
    }

    private void skipAnnotations() {
        while (is("@") && !is(pos + 1, "interface")) {
            pos++;
            qualifiedName();
            if (is("(")) {
                skipGroup();
            }
        }
    }

    private String qualifiedName() {
        if (!isIdent(pos)) {
            return null;
        }
        StringBuilder sb = new StringBuilder(tok(pos++).text);
        while (is(".") && isIdent(pos + 1)) {
            sb.append('.').append(tok(pos + 1).text);
            pos += 2;
        }
        return sb.toString();
    }

    private List<String> modifiers() {
        List<String> out = new ArrayList<>();
        while (true) {
            skipAnnotations();
            if (isIdent(pos) && MODIFIER_WORDS.contains(tok(pos).text)
                    && !(tok(pos).text.equals("default") && is(pos + 1, ":"))) {
                String m = tok(pos++).text;
                if (TypeDeclaration.MODIFIERS.contains(m) && !out.contains(m)) {
                    out.add(m);
                }
            } else {
                return out;
            }
        }
    }

    // ---- declarations ----

    private void importDecl(List<FileDeclarations.Import> out) {
        boolean isStatic = false;
        if (is("static")) {
            isStatic = true;
            pos++;
        }
        String name = qualifiedName();
        boolean star = false;
        if (is(".") && is(pos + 1, "*")) {
            star = true;
            pos += 2;
        }
        String alias = null;
        if (groovy && is("as") && isIdent(pos + 1)) {
            alias = tok(pos + 1).text;
            pos += 2;
        }
        if (is(";")) {
            pos++;
        }
        if (name == null || !Names.isQualified(name) || (alias != null && !Names.isIdentifier(alias))) {
            return;
        }
        String member = null;
        if (isStatic && !star) {
            int dot = name.lastIndexOf('.');
            if (dot < 0) {
                return;
            }
            member = name.substring(dot + 1);
            name = name.substring(0, dot);
        }
        out.add(new FileDeclarations.Import(name, member, alias, isStatic, star));
    }

    /** At a type keyword: reads the header and the body; null when the header is not a type's. */
    private TypeDeclaration typeDecl(List<String> mods, int depth) {
        String kind;
        if (is("@")) {
            pos += 2;
            kind = "annotation";
        } else {
            kind = tok(pos++).text;
        }
        String name = isIdent(pos) ? tok(pos++).text : null;
        if (name == null || !Names.isIdentifier(name)) {
            return null;
        }
        TypeDeclaration t = TypeDeclaration.named(name, kind);
        t.modifiers.addAll(mods);
        typeParameters(t.typeParameters);
        if (is("(")) {
            int s = pos;
            skipGroup();
            if ("record".equals(kind)) {
                t.recordComponents.addAll(parameters(s + 1, pos - 1));
            }
        }
        String clause = null;
        while (!atEnd() && !is("{") && !is(";")) {
            if (isIdent(pos) && (is("extends") || is("implements") || is("permits"))) {
                clause = tok(pos++).text;
                continue;
            }
            int s = pos;
            while (!atEnd() && !is(",") && !is("{") && !is(";") && !is("extends") && !is("implements")
                    && !is("permits")) {
                if (is("<")) {
                    skipGroup();
                } else {
                    pos++;
                }
            }
            String type = TypeText.normalize(join(s, pos));
            if (type != null && "extends".equals(clause)) {
                if ("class".equals(kind) && t.superclass == null) {
                    t.superclass = type;
                } else {
                    t.interfaces.add(type);
                }
            } else if (type != null && "implements".equals(clause)) {
                t.interfaces.add(type);
            }
            if (is(",")) {
                pos++;
            }
        }
        if (is("{")) {
            body(t, depth);
        }
        return t;
    }

    /** At a type body's '{': reads its members up to the matching '}'. */
    private void body(TypeDeclaration t, int depth) {
        pos++;
        if ("enum".equals(t.kind)) {
            enumConstants(t);
        }
        while (!atEnd() && !is("}")) {
            int before = pos;
            member(t, depth);
            if (pos == before) {
                pos++;
            }
        }
        if (is("}")) {
            pos++;
        }
    }

    private void enumConstants(TypeDeclaration t) {
        while (!atEnd() && !is(";") && !is("}")) {
            skipAnnotations();
            if (isIdent(pos) && (is(pos + 1, ",") || is(pos + 1, ";") || is(pos + 1, "}") || is(pos + 1, "(")
                    || is(pos + 1, "{") || (groovy && tok(pos + 1) != null && tok(pos + 1).newlineBefore))) {
                if (Names.isIdentifier(tok(pos).text)) {
                    t.enumConstants.add(tok(pos).text);
                }
                pos++;
                if (is("(")) {
                    skipGroup();
                }
                if (is("{")) {
                    skipGroup();
                }
                if (is(",")) {
                    pos++;
                }
            } else {
                return; // Groovy enums may end their constants without ';': the rest is members
            }
        }
        if (is(";")) {
            pos++;
        }
    }

    private void member(TypeDeclaration t, int depth) {
        if (is(";")) {
            pos++;
            return;
        }
        List<String> mods = modifiers();
        if (is("{")) {
            skipGroup(); // an initialiser block
            return;
        }
        if (isTypeKeyword()) {
            if (depth < MAX_DEPTH) {
                TypeDeclaration nested = typeDecl(mods, depth + 1);
                if (nested != null) {
                    t.types.add(nested);
                }
            } else {
                skipStatement();
            }
            return;
        }
        List<String> typeParameters = new ArrayList<>();
        typeParameters(typeParameters);
        // type tokens, then the name: the name is the identifier right before '(' (a method) or before = ; , or a
        // line end (a field)
        int typeStart = pos;
        while (!atEnd()) {
            if (isIdent(pos) && (is(pos + 1, "(") || is(pos + 1, "=") || is(pos + 1, ";") || is(pos + 1, ",")
                    || is(pos + 1, "}") || (groovy && tok(pos + 1) != null && tok(pos + 1).newlineBefore)
                    || pos + 1 == toks.size())) {
                break;
            }
            if (is("<")) {
                skipGroup();
            } else if (is("[") && is(pos + 1, "]")) {
                pos += 2;
            } else if (isIdent(pos) || is(".") || is("?") || is("&")) {
                pos++;
            } else {
                skipStatement();
                return;
            }
        }
        if (atEnd()) {
            return;
        }
        String name = tok(pos).text;
        boolean untyped = typeStart == pos;
        String type = untyped ? "def" : TypeText.normalize(join(typeStart, pos));
        pos++;
        if (is("(")) {
            int s = pos;
            skipGroup();
            List<MemberDeclaration.Parameter> params = parameters(s + 1, pos - 1);
            boolean hasDefault = false;
            while (!atEnd() && !is("{") && !is(";") && !is("}")) {
                if (is("default")) {
                    hasDefault = true;
                }
                if (groovy && tok(pos).newlineBefore && !is("throws") && !is("default")) {
                    break;
                }
                if (is("(") || is("[")) {
                    skipGroup();
                } else {
                    pos++;
                }
            }
            if (is("{")) {
                skipGroup();
            } else if (is(";")) {
                pos++;
            }
            if (!Names.isIdentifier(name)) {
                return;
            }
            if (untyped && name.equals(t.name)) {
                t.constructors.add(new MemberDeclaration(null, mods, null, typeParameters, params, false, false,
                        new ArrayList<>()));
            } else if (type != null) {
                t.methods.add(new MemberDeclaration(name, mods, type, typeParameters, params, false, hasDefault,
                        new ArrayList<>()));
            }
            return;
        }
        // a field: one or more declarators of one type
        boolean property = groovy && !mods.contains("public") && !mods.contains("protected")
                && !mods.contains("private") && !"interface".equals(t.kind);
        while (true) {
            if (type != null && Names.isIdentifier(name)) {
                t.fields.add(new MemberDeclaration(name, mods, type, new ArrayList<>(), null, property, false,
                        new ArrayList<>()));
            }
            if (is("=")) {
                pos++;
                skipExpression();
            }
            if (is(",") && isIdent(pos + 1)) {
                name = tok(pos + 1).text;
                pos += 2;
                continue;
            }
            if (is(";")) {
                pos++;
            }
            return;
        }
    }

    /** At a '<': reads the type parameters it opens (those the grammar takes) into {@code out}. */
    private void typeParameters(List<String> out) {
        if (!is("<")) {
            return;
        }
        int s = pos;
        skipGroup();
        for (String tp : splitTop(s + 1, pos - 1)) {
            String p = TypeText.normalizeParameter(tp);
            if (p != null) {
                out.add(p);
            }
        }
    }

    /** Skips an initialiser up to (not past) the ',' or ';' that ends it at depth 0, or the body's '}'. */
    private void skipExpression() {
        int start = pos;
        while (!atEnd() && !is(",") && !is(";") && !is("}")) {
            if (groovy && pos > start && tok(pos).newlineBefore && !continues(tok(pos - 1).text)) {
                return;
            }
            if (is("(") || is("[") || is("{")) {
                skipGroup();
            } else {
                pos++;
            }
        }
    }

    /** The parameters between two token positions (exclusive end). */
    private List<MemberDeclaration.Parameter> parameters(int from, int to) {
        List<MemberDeclaration.Parameter> out = new ArrayList<>();
        int i = 0;
        for (int[] r : ranges(from, to)) {
            int s = r[0];
            int e = r[1];
            int eq = -1;
            for (int k = s; k < e; k++) {
                if (is(k, "=")) {
                    eq = k;
                    break;
                }
            }
            boolean optional = eq >= 0;
            if (optional) {
                e = eq;
            }
            // drop annotations and 'final'
            List<Integer> kept = new ArrayList<>();
            for (int k = s; k < e; k++) {
                if (is(k, "@")) {
                    k++;
                    while (k + 2 < e && is(k + 1, ".") && isIdent(k + 2)) {
                        k += 2;
                    }
                    if (k + 1 < e && is(k + 1, "(")) {
                        int d = 0;
                        for (k = k + 1; k < e; k++) {
                            if (is(k, "(")) {
                                d++;
                            } else if (is(k, ")") && --d == 0) {
                                break;
                            }
                        }
                    }
                    continue;
                }
                if (is(k, "final")) {
                    continue;
                }
                kept.add(k);
            }
            if (kept.isEmpty() || !isIdent(kept.get(kept.size() - 1))) {
                i++;
                continue;
            }
            String name = tok(kept.get(kept.size() - 1)).text;
            boolean varargs = false;
            StringBuilder type = new StringBuilder();
            for (int k = 0; k < kept.size() - 1; k++) {
                String tt = tok(kept.get(k)).text;
                if (tt.equals("...")) {
                    varargs = true;
                    type.append("[]");
                } else {
                    type.append(tt).append(tok(kept.get(k)).ident ? " " : "");
                }
            }
            String normal = type.length() == 0 ? "def" : TypeText.normalize(type.toString());
            out.add(new MemberDeclaration.Parameter(Names.isIdentifier(name) ? name : "p" + i,
                    normal == null ? "def" : normal, varargs, optional));
            i++;
        }
        return out;
    }

    /** Comma-separated ranges at bracket depth 0 between two token positions. */
    private List<int[]> ranges(int from, int to) {
        List<int[]> out = new ArrayList<>();
        int depth = 0;
        int s = from;
        for (int k = from; k < to; k++) {
            String t = tok(k).text;
            if (t.equals("(") || t.equals("[") || t.equals("{") || t.equals("<")) {
                depth++;
            } else if (t.equals(")") || t.equals("]") || t.equals("}") || t.equals(">")) {
                depth--;
            } else if (t.equals(",") && depth == 0) {
                out.add(new int[] {s, k});
                s = k + 1;
            }
        }
        if (to > s) {
            out.add(new int[] {s, to});
        }
        return out;
    }

    private List<String> splitTop(int from, int to) {
        List<String> out = new ArrayList<>();
        for (int[] r : ranges(from, to)) {
            out.add(join(r[0], r[1]));
        }
        return out;
    }

    private String join(int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int k = from; k < to; k++) {
            Token t = tok(k);
            if (t.ident && sb.length() > 0 && Character.isJavaIdentifierPart(sb.charAt(sb.length() - 1))) {
                sb.append(' ');
            }
            sb.append(t.text);
        }
        return sb.toString();
    }
}
