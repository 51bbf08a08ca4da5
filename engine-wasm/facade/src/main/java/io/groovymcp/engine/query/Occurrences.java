package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.MethodNode;

import io.groovymcp.engine.query.resolve.Gdk;
import io.groovymcp.engine.query.resolve.Hierarchy;

/**
 * Resolution over the index that several ops share (definition, describe, signatures, references, rename): the
 * occurrences of one identity, the methods an unbound call could reach, and the unbound calls that could reach a
 * method. Type-level resolution (supertypes, inherited methods, the GDK) is in {@code query.resolve}.
 */
final class Occurrences {
    private Occurrences() {
    }

    /** Every occurrence of the caret's identity (declaration included); a class also owns its constructors' names. */
    static List<Occ> of(Index ix, Occ o) {
        List<Occ> out = new ArrayList<>();
        if (o == null) {
            return out;
        }
        String key = o.key;
        if (o.target instanceof ConstructorNode && o.decl) {
            key = Identity.key(((ConstructorNode) o.target).getDeclaringClass(), o.uri);
        }
        List<Occ> same = ix.byKey.get(key);
        if (same == null) {
            out.add(o);
            return out;
        }
        if (key.startsWith("T:")) {
            String cls = key.substring(2);
            List<Occ> merged = new ArrayList<>(same);
            for (List<Occ> l : ix.byUri.values()) {
                for (Occ c : l) {
                    if (c.decl && c.target instanceof ConstructorNode
                            && ((ConstructorNode) c.target).getDeclaringClass().getName().equals(cls)) {
                        merged.add(c);
                    }
                }
            }
            List<String> uris = new ArrayList<>(ix.byUri.keySet());
            merged.sort((a, b) -> a.uri.equals(b.uri) ? Integer.compare(a.start, b.start)
                    : Integer.compare(uris.indexOf(a.uri), uris.indexOf(b.uri)));
            return merged;
        }
        return new ArrayList<>(same);
    }

    /** Methods an unbound call could reach: same name and arity on the hinted receiver type or in open buffers. */
    static List<MethodNode> candidates(Index ix, Occ o) {
        if (ix.compilation.partial()) {
            // the candidates are the same-named methods of every open buffer, which a closure compile lacks
            throw new NeedsFullCompile();
        }
        List<MethodNode> out = new ArrayList<>();
        if (o.receiverHint != null) {
            for (MethodNode m : Hierarchy.methods(o.receiverHint, o.name)) {
                if (Identity.sameArity(m, o.arity)) {
                    out.add(m);
                }
            }
            if (!out.isEmpty()) {
                return out;
            }
            for (MethodNode m : ix.cache.gdkMethods()) {
                if (m.getName().equals(o.name) && Identity.sameArity(m, o.arity < 0 ? -1 : o.arity + 1)
                        && Gdk.appliesTo(m, o.receiverHint)) {
                    out.add(m);
                }
            }
            if (!out.isEmpty()) {
                return out;
            }
        }
        for (List<ClassNode> cs : ix.classes.values()) {
            for (ClassNode c : cs) {
                for (MethodNode m : c.getMethods(o.name)) {
                    if (Identity.sameArity(m, o.arity) && m.getLineNumber() > 0) {
                        out.add(m);
                    }
                }
            }
        }
        return out;
    }

    /**
     * The occurrences behind {@link Rename#unprovenCalls}, in buffer order: calls named like m, of an arity m accepts, that
     * the compiler left unbound and whose receiver could be m's class. A receiver hinted as an unrelated type is a
     * member of another type and never one of them.
     */
    static List<Occ> unprovenCallSites(Index ix, MethodNode m) {
        ClassNode owner = m.getDeclaringClass().redirect();
        List<Occ> out = new ArrayList<>();
        for (List<Occ> occs : ix.byUri.values()) {
            for (Occ x : occs) {
                if (!x.call || x.bound || !x.name.equals(m.getName()) || (x.arity >= 0
                        && !Identity.sameArity(m, x.arity))) {
                    continue;
                }
                ClassNode r = x.receiverHint == null ? null : x.receiverHint.redirect();
                if (r != null && !org.codehaus.groovy.ast.ClassHelper.isObjectType(r) && !r.equals(owner)
                        && !r.isDerivedFrom(owner) && !r.implementsInterface(owner) && !owner.isDerivedFrom(r)
                        && !owner.implementsInterface(r)) {
                    continue; // a call on another type's member of the same name
                }
                out.add(x);
            }
        }
        return out;
    }
}
