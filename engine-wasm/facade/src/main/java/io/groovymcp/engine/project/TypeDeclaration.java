package io.groovymcp.engine.project;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.groovymcp.engine.json.Json;

/** One declared type (top-level or nested) and its signatures: everything but its code. */
public final class TypeDeclaration {
    static final Set<String> KINDS = new LinkedHashSet<>(Arrays.asList(
            "class", "interface", "enum", "trait", "record", "annotation"));
    static final Set<String> MODIFIERS = new LinkedHashSet<>(Arrays.asList(
            "public", "protected", "private", "static", "final", "abstract", "default", "sealed", "non-sealed"));
    private static final int MAX_DEPTH = 16;
    private static final int MAX_MEMBERS = 4_096;

    public final String name;
    public final String kind;
    public final List<String> modifiers;
    /** Each as written ({@code T extends Comparable<T>}), checked by {@link TypeText#normalizeParameter}. */
    public final List<String> typeParameters;
    /** Set once, by the reader that builds the value. */
    public String superclass;
    public final List<String> interfaces;
    /** API-shaping AST transform annotations as written ({@link Annotations}): they make members at compile time. */
    public final List<String> annotations;
    public final List<String> enumConstants;
    public final List<MemberDeclaration.Parameter> recordComponents;
    public final List<MemberDeclaration> fields;
    public final List<MemberDeclaration> methods;
    public final List<MemberDeclaration> constructors;
    public final List<TypeDeclaration> types;

    public TypeDeclaration(String name, String kind, List<String> modifiers, List<String> typeParameters,
                           String superclass, List<String> interfaces, List<String> annotations,
                           List<String> enumConstants, List<MemberDeclaration.Parameter> recordComponents,
                           List<MemberDeclaration> fields, List<MemberDeclaration> methods,
                           List<MemberDeclaration> constructors, List<TypeDeclaration> types) {
        this.name = name;
        this.kind = kind;
        this.modifiers = modifiers;
        this.typeParameters = typeParameters;
        this.superclass = superclass;
        this.interfaces = interfaces;
        this.annotations = annotations;
        this.enumConstants = enumConstants;
        this.recordComponents = recordComponents;
        this.fields = fields;
        this.methods = methods;
        this.constructors = constructors;
        this.types = types;
    }

    /** A type known by name only (a file that did not parse far enough to show more). */
    static TypeDeclaration named(String name, String kind) {
        return new TypeDeclaration(name, kind, new ArrayList<>(), new ArrayList<>(), null, new ArrayList<>(),
                new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>(), new ArrayList<>());
    }

    Map<String, Object> toJson() {
        return Json.obj("name", name, "kind", kind, "modifiers", modifiers, "typeParameters", orNull(typeParameters),
                "superclass", superclass, "interfaces", orNull(interfaces), "annotations", orNull(annotations),
                "enumConstants", orNull(enumConstants), "recordComponents", orNull(json(recordComponents)),
                "fields", orNull(json(fields)), "methods", orNull(json(methods)),
                "constructors", orNull(json(constructors)), "types", orNull(json(types)));
    }

    private static List<?> orNull(List<?> l) {
        return l == null || l.isEmpty() ? null : l;
    }

    private static List<Object> json(List<?> items) {
        List<Object> out = new ArrayList<>();
        for (Object o : items) {
            out.add(o instanceof TypeDeclaration ? ((TypeDeclaration) o).toJson()
                    : o instanceof MemberDeclaration ? ((MemberDeclaration) o).toJson()
                    : ((MemberDeclaration.Parameter) o).toJson());
        }
        return out;
    }

    static TypeDeclaration fromJson(Object value, String where, int[] budget, int depth) {
        FileDeclarations.Fields f = FileDeclarations.Fields.of(value, where);
        if (depth > MAX_DEPTH || --budget[0] < 0) {
            throw f.bad("types", "nests or counts more types than the engine reads");
        }
        String name = f.string("name");
        if (!Names.isIdentifier(name)) {
            throw f.bad("name", "is not an identifier");
        }
        String kind = f.string("kind");
        if (!KINDS.contains(kind)) {
            throw f.bad("kind", "must be one of " + KINDS);
        }
        List<String> typeParameters = f.typeParameters("typeParameters");
        List<String> interfaces = new ArrayList<>();
        for (String i : f.strings("interfaces")) {
            String t = TypeText.normalize(i);
            if (t == null) {
                throw f.bad("interfaces", "holds a malformed type");
            }
            interfaces.add(t);
        }
        List<String> annotations = f.annotations("annotations");
        List<String> constants = f.strings("enumConstants");
        for (String c : constants) {
            if (!Names.isIdentifier(c)) {
                throw f.bad("enumConstants", "holds a non-identifier");
            }
        }
        List<MemberDeclaration.Parameter> components = MemberDeclaration.parameters(f, "recordComponents");
        int[] members = {MAX_MEMBERS};
        List<MemberDeclaration> fields = MemberDeclaration.list(f, "fields", MemberDeclaration.FIELD, members);
        List<MemberDeclaration> methods = MemberDeclaration.list(f, "methods", MemberDeclaration.METHOD, members);
        List<MemberDeclaration> ctors = MemberDeclaration.list(f, "constructors", MemberDeclaration.CONSTRUCTOR,
                members);
        List<TypeDeclaration> nested = new ArrayList<>();
        int n = 0;
        for (Object o : f.list("types")) {
            nested.add(fromJson(o, f.at("types", n++), budget, depth + 1));
        }
        return new TypeDeclaration(name, kind, modifiers(f), typeParameters, f.optType("superclass"), interfaces,
                annotations, constants, components, fields, methods, ctors, nested);
    }

    static List<String> modifiers(FileDeclarations.Fields f) {
        List<String> mods = f.strings("modifiers");
        for (String m : mods) {
            if (!MODIFIERS.contains(m)) {
                throw f.bad("modifiers", "holds an unknown modifier: " + m);
            }
        }
        return mods;
    }
}
