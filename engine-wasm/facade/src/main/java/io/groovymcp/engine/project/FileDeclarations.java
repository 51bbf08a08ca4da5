package io.groovymcp.engine.project;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.op.EngineException;

/**
 * What one source file declares, without any body: its package and imports (the context its type names are written
 * in) and its types with their signatures. This is the whole of what another compile sees of the file, so its size
 * is the size of the file's API, never of its code. The same shape is the {@code declarations} op's answer and each
 * entry of {@code projectDeclarations}: the host may keep the answers and send them to every engine it runs. A value
 * read back from JSON is checked field by field ({@link #fromJson}), because the engine writes it into stub source.
 */
public final class FileDeclarations {
    static final Set<String> LANGUAGES = new LinkedHashSet<>(Arrays.asList("groovy", "java"));
    private static final int MAX_TYPES = 2_000;

    /** The file the declarations were read from (optional; a compile of that file ignores them). */
    public final String uri;
    public final String language;
    /** Dotted, empty for the default package. */
    public final String packageName;
    public final List<Import> imports;
    public final List<TypeDeclaration> types;
    /** True when the file did not parse and a tolerant scan read what it could. */
    public final boolean partial;

    public FileDeclarations(String uri, String language, String packageName, List<Import> imports,
                            List<TypeDeclaration> types, boolean partial) {
        this.uri = uri;
        this.language = language;
        this.packageName = packageName;
        this.imports = imports;
        this.types = types;
        this.partial = partial;
    }

    /** One import as written: {@code name} is the class (or, for a star import, the package or class) imported. */
    public static final class Import {
        public final String name;
        public final String alias;
        public final String member;
        public final boolean isStatic;
        public final boolean star;

        public Import(String name, String member, String alias, boolean isStatic, boolean star) {
            this.name = name;
            this.member = member;
            this.alias = alias;
            this.isStatic = isStatic;
            this.star = star;
        }

        Map<String, Object> toJson() {
            return Json.obj("name", name, "member", member, "alias", alias, "static", isStatic ? Boolean.TRUE : null,
                    "star", star ? Boolean.TRUE : null);
        }
    }

    public String qualified(String simpleName) {
        return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
    }

    public Map<String, Object> toJson() {
        List<Object> is = new ArrayList<>();
        for (Import i : imports) {
            is.add(i.toJson());
        }
        List<Object> ts = new ArrayList<>();
        for (TypeDeclaration t : types) {
            ts.add(t.toJson());
        }
        return Json.obj("uri", uri, "language", language, "package", packageName.isEmpty() ? null : packageName,
                "imports", is, "types", ts, "partial", partial ? Boolean.TRUE : null);
    }

    /** Reads one entry back, refusing (an {@code argument} error naming the field) anything that is not well formed. */
    public static FileDeclarations fromJson(Object value, String where) {
        Fields f = Fields.of(value, where);
        String language = f.string("language");
        if (!LANGUAGES.contains(language)) {
            throw f.bad("language", "must be one of " + LANGUAGES);
        }
        String pkg = f.optString("package");
        if (pkg == null) {
            pkg = "";
        } else if (!Names.isQualified(pkg)) {
            throw f.bad("package", "is not a dotted name");
        }
        List<Import> imports = new ArrayList<>();
        int n = 0;
        for (Object o : f.list("imports")) {
            Fields i = Fields.of(o, f.at("imports", n++));
            String name = i.string("name");
            String member = i.optString("member");
            String alias = i.optString("alias");
            if (!Names.isQualified(name) || (member != null && !Names.isIdentifier(member))
                    || (alias != null && !Names.isIdentifier(alias))) {
                throw i.bad("name", "is not a valid import");
            }
            imports.add(new Import(name, member, alias, i.flag("static"), i.flag("star")));
        }
        List<TypeDeclaration> types = new ArrayList<>();
        int[] budget = {MAX_TYPES};
        n = 0;
        for (Object o : f.list("types")) {
            types.add(TypeDeclaration.fromJson(o, f.at("types", n++), budget, 0));
        }
        return new FileDeclarations(f.optString("uri"), language, pkg, imports, types, f.flag("partial"));
    }

    /** Typed access to one JSON object of a declarations value, with errors that say where the bad field is. */
    static final class Fields {
        private final Map<?, ?> map;
        private final String where;

        private Fields(Map<?, ?> map, String where) {
            this.map = map;
            this.where = where;
        }

        static Fields of(Object value, String where) {
            if (!(value instanceof Map)) {
                throw new EngineException(EngineException.Kind.ARGUMENT, where + " must be an object");
            }
            return new Fields((Map<?, ?>) value, where);
        }

        String at(String field, int index) {
            return where + "." + field + "[" + index + "]";
        }

        EngineException bad(String field, String why) {
            return new EngineException(EngineException.Kind.ARGUMENT, where + "." + field + " " + why);
        }

        String string(String field) {
            String s = optString(field);
            if (s == null) {
                throw bad(field, "must be a string");
            }
            return s;
        }

        String optString(String field) {
            Object v = map.get(field);
            if (v != null && !(v instanceof String)) {
                throw bad(field, "must be a string");
            }
            return (String) v;
        }

        boolean flag(String field) {
            Object v = map.get(field);
            if (v != null && !(v instanceof Boolean)) {
                throw bad(field, "must be a boolean");
            }
            return Boolean.TRUE.equals(v);
        }

        List<?> list(String field) {
            Object v = map.get(field);
            if (v == null) {
                return new ArrayList<>();
            }
            if (!(v instanceof List)) {
                throw bad(field, "must be an array");
            }
            return (List<?>) v;
        }

        List<String> strings(String field) {
            List<String> out = new ArrayList<>();
            for (Object o : list(field)) {
                if (!(o instanceof String)) {
                    throw bad(field, "must be an array of strings");
                }
                out.add((String) o);
            }
            return out;
        }

        /** Type parameters ({@code T extends X}), each checked and put in canonical spacing. */
        List<String> typeParameters(String field) {
            List<String> out = new ArrayList<>();
            for (String tp : strings(field)) {
                String t = TypeText.normalizeParameter(tp);
                if (t == null) {
                    throw bad(field, "holds a malformed type parameter");
                }
                out.add(t);
            }
            return out;
        }

        /** Kept annotations only ({@link Annotations#isSafe}). */
        List<String> annotations(String field) {
            List<String> out = new ArrayList<>();
            for (String a : strings(field)) {
                if (!Annotations.isSafe(a)) {
                    throw bad(field, "holds an annotation the engine does not take");
                }
                out.add(a);
            }
            return out;
        }

        /** A type as written, checked and put in canonical spacing; absent is null. */
        String optType(String field) {
            String s = optString(field);
            if (s == null) {
                return null;
            }
            String t = TypeText.normalize(s);
            if (t == null) {
                throw bad(field, "is not a type");
            }
            return t;
        }
    }
}
