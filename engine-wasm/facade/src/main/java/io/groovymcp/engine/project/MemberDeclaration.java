package io.groovymcp.engine.project;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.groovymcp.engine.json.Json;

/** A field, property, method or constructor signature. */
public final class MemberDeclaration {
    static final int FIELD = 0;
    static final int METHOD = 1;
    static final int CONSTRUCTOR = 2;

    /** Absent for a constructor. */
    public final String name;
    public final List<String> modifiers;
    /** The field's type or the method's return type as written; {@code def} when none is written. */
    public final String type;
    public final List<String> typeParameters;
    public final List<Parameter> parameters;
    /** A Groovy property (a field written without a visibility: Groovy makes its getter and setter). */
    public final boolean property;
    /** An annotation type's element that has a default value. */
    public final boolean hasDefault;
    public final List<String> annotations;

    public MemberDeclaration(String name, List<String> modifiers, String type, List<String> typeParameters,
                             List<Parameter> parameters, boolean property, boolean hasDefault,
                             List<String> annotations) {
        this.name = name;
        this.modifiers = modifiers;
        this.type = type;
        this.typeParameters = typeParameters;
        this.parameters = parameters;
        this.property = property;
        this.hasDefault = hasDefault;
        this.annotations = annotations;
    }

    public static final class Parameter {
        public final String name;
        public final String type;
        public final boolean varargs;
        /** Written with a default value (Groovy): callers may leave it out. */
        public final boolean optional;

        public Parameter(String name, String type, boolean varargs, boolean optional) {
            this.name = name;
            this.type = type;
            this.varargs = varargs;
            this.optional = optional;
        }

        Map<String, Object> toJson() {
            return Json.obj("name", name, "type", type, "varargs", varargs ? Boolean.TRUE : null,
                    "optional", optional ? Boolean.TRUE : null);
        }
    }

    Map<String, Object> toJson() {
        List<Object> ps = null;
        if (parameters != null) {
            ps = new ArrayList<>();
            for (Parameter p : parameters) {
                ps.add(p.toJson());
            }
        }
        return Json.obj("name", name, "modifiers", modifiers, "type", type,
                "typeParameters", typeParameters == null || typeParameters.isEmpty() ? null : typeParameters,
                "parameters", ps, "property", property ? Boolean.TRUE : null,
                "hasDefault", hasDefault ? Boolean.TRUE : null,
                "annotations", annotations == null || annotations.isEmpty() ? null : annotations);
    }

    static List<MemberDeclaration> list(FileDeclarations.Fields owner, String field, int what, int[] budget) {
        List<MemberDeclaration> out = new ArrayList<>();
        int n = 0;
        for (Object o : owner.list(field)) {
            if (--budget[0] < 0) {
                throw owner.bad(field, "holds more members than the engine reads");
            }
            FileDeclarations.Fields f = FileDeclarations.Fields.of(o, owner.at(field, n++));
            String name = what == CONSTRUCTOR ? null : f.string("name");
            if (name != null && !Names.isIdentifier(name)) {
                throw f.bad("name", "is not an identifier");
            }
            String type = what == CONSTRUCTOR ? null : f.optType("type");
            List<String> typeParameters = f.typeParameters("typeParameters");
            List<String> annotations = f.annotations("annotations");
            out.add(new MemberDeclaration(name, TypeDeclaration.modifiers(f), type == null && what != CONSTRUCTOR
                    ? "def" : type, typeParameters, what == FIELD ? null : parameters(f, "parameters"),
                    f.flag("property"), f.flag("hasDefault"), annotations));
        }
        return out;
    }

    static List<Parameter> parameters(FileDeclarations.Fields owner, String field) {
        List<Parameter> out = new ArrayList<>();
        int n = 0;
        for (Object o : owner.list(field)) {
            FileDeclarations.Fields f = FileDeclarations.Fields.of(o, owner.at(field, n++));
            String name = f.string("name");
            if (!Names.isIdentifier(name)) {
                throw f.bad("name", "is not an identifier");
            }
            String type = f.optType("type");
            out.add(new Parameter(name, type == null ? "def" : type, f.flag("varargs"), f.flag("optional")));
        }
        return out;
    }
}
