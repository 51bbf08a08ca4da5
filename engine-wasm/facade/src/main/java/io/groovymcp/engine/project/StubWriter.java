package io.groovymcp.engine.project;

import java.util.List;

/**
 * Writes a declared type back as Groovy source with empty bodies: a stub. Compiled into the asking unit, it gives the
 * compiler a real source class, so resolution, generics, supertypes and the type checker treat it exactly as they
 * treat a class of another open buffer, in the file's own package and imports. Everything written comes from a
 * checked {@link FileDeclarations} (identifiers, types in the type grammar, kept annotations), so a stub always parses.
 * Java's differences are written out: a member without a visibility is package-private there
 * ({@code @PackageScope}), where Groovy would make a field a property and a method public.
 */
final class StubWriter {
    private static final String PACKAGE_SCOPE = "@groovy.transform.PackageScope";

    private final boolean java;
    private final StringBuilder out = new StringBuilder();

    private StubWriter(boolean java) {
        this.java = java;
    }

    static String write(FileDeclarations file, TypeDeclaration type) {
        StubWriter w = new StubWriter("java".equals(file.language));
        if (!file.packageName.isEmpty()) {
            w.out.append("package ").append(file.packageName).append('\n');
        }
        for (FileDeclarations.Import i : file.imports) {
            w.out.append("import ").append(i.isStatic ? "static " : "").append(i.name);
            if (i.member != null) {
                w.out.append('.').append(i.member);
            }
            if (i.star) {
                w.out.append(".*");
            }
            if (i.alias != null) {
                w.out.append(" as ").append(i.alias);
            }
            w.out.append('\n');
        }
        w.type(type, false);
        return w.out.toString();
    }

    private void type(TypeDeclaration t, boolean inInterface) {
        for (String a : t.annotations) {
            out.append(a).append('\n');
        }
        boolean iface = "interface".equals(t.kind) || "annotation".equals(t.kind) || "trait".equals(t.kind);
        if (java && !inInterface && !visible(t.modifiers)) {
            out.append(PACKAGE_SCOPE).append('\n');
        }
        for (String m : t.modifiers) {
            if (m.equals("sealed") || m.equals("non-sealed") || m.equals("default")
                    || (m.equals("abstract") && iface) || (m.equals("final") && !"class".equals(t.kind))) {
                continue; // sealing would refuse the buffers' subclasses, which no stub lists as permitted
            }
            out.append(m).append(' ');
        }
        out.append("annotation".equals(t.kind) ? "@interface" : t.kind).append(' ').append(t.name);
        typeParameters(t.typeParameters);
        if ("record".equals(t.kind)) {
            out.append('(');
            parameters(t.recordComponents);
            out.append(')');
        }
        if (t.superclass != null && "class".equals(t.kind)) {
            out.append(" extends ").append(t.superclass);
        }
        if (!t.interfaces.isEmpty() && !"annotation".equals(t.kind)) {
            out.append("interface".equals(t.kind) ? " extends " : " implements ");
            out.append(String.join(", ", t.interfaces));
        }
        out.append(" {\n");
        if ("enum".equals(t.kind)) {
            out.append(String.join(", ", t.enumConstants)).append('\n');
        }
        boolean memberOfInterface = "interface".equals(t.kind) || "annotation".equals(t.kind);
        for (MemberDeclaration f : t.fields) {
            annotations(f.annotations);
            if (java && !memberOfInterface && !visible(f.modifiers)) {
                out.append(PACKAGE_SCOPE).append(' ');
            }
            modifiers(f.modifiers, false);
            out.append(f.type).append(' ').append(f.name).append('\n');
        }
        if (!"enum".equals(t.kind) && !"record".equals(t.kind)) {
            for (MemberDeclaration c : t.constructors) {
                annotations(c.annotations);
                if (java && !visible(c.modifiers)) {
                    out.append(PACKAGE_SCOPE).append(' ');
                }
                modifiers(c.modifiers, false);
                out.append(t.name).append('(');
                parameters(c.parameters);
                out.append(") {}\n");
            }
        }
        for (MemberDeclaration m : t.methods) {
            annotations(m.annotations);
            if (java && !memberOfInterface && !visible(m.modifiers)) {
                out.append(PACKAGE_SCOPE).append(' ');
            }
            // an enum's abstract method is implemented by its constants' bodies, which a stub does not have
            boolean enumAbstract = "enum".equals(t.kind) && m.modifiers.contains("abstract");
            modifiers(enumAbstract ? without(m.modifiers, "abstract") : m.modifiers, "interface".equals(t.kind));
            if (!m.typeParameters.isEmpty()) {
                typeParameters(m.typeParameters);
                out.append(' ');
            }
            out.append(m.type).append(' ').append(m.name).append('(');
            parameters(m.parameters);
            out.append(')');
            boolean bodyless = (m.modifiers.contains("abstract") && !enumAbstract) || "annotation".equals(t.kind)
                    || ("interface".equals(t.kind) && !m.modifiers.contains("default")
                    && !m.modifiers.contains("static") && !m.modifiers.contains("private"));
            if ("annotation".equals(t.kind) && m.hasDefault) {
                out.append(" default null");
            }
            out.append(bodyless ? "\n" : " {}\n");
        }
        for (TypeDeclaration nested : t.types) {
            type(nested, memberOfInterface);
        }
        out.append("}\n");
    }

    private static List<String> without(List<String> modifiers, String dropped) {
        List<String> out = new java.util.ArrayList<>(modifiers);
        out.remove(dropped);
        return out;
    }

    private static boolean visible(List<String> modifiers) {
        return modifiers.contains("public") || modifiers.contains("protected") || modifiers.contains("private");
    }

    private void modifiers(List<String> modifiers, boolean interfaceMember) {
        for (String m : modifiers) {
            if (m.equals("sealed") || m.equals("non-sealed") || (m.equals("default") && !interfaceMember)) {
                continue;
            }
            out.append(m).append(' ');
        }
    }

    private void annotations(List<String> annotations) {
        for (String a : annotations) {
            out.append(a).append(' ');
        }
    }

    private void typeParameters(List<String> tps) {
        if (!tps.isEmpty()) {
            out.append('<').append(String.join(", ", tps)).append('>');
        }
    }

    private void parameters(List<MemberDeclaration.Parameter> ps) {
        for (int i = 0; i < ps.size(); i++) {
            MemberDeclaration.Parameter p = ps.get(i);
            if (i > 0) {
                out.append(", ");
            }
            out.append(p.type).append(' ').append(p.name);
            if (p.optional) {
                out.append(" = null");
            }
        }
    }
}
