package io.groovymcp.engine.query;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.ClassNode;

/** One identifier in a buffer and what the compiler says it names. */
final class Occ {
    final String uri;
    /** UTF-16 offsets of the identifier. */
    final int start;
    final int end;
    final String name;
    /** ClassNode, MethodNode, FieldNode, PropertyNode, Parameter or a declaring VariableExpression; null if unbound. */
    final Object target;
    /** Identity key of the target (unique per occurrence when unbound). */
    final String key;
    final boolean decl;
    /** True when the compiler proved the binding (declarations, STC targets, static or lexical scope). */
    final boolean bound;
    final String token;
    /** For calls: argument count, else -1. */
    int arity = -1;
    /** For unbound member calls/properties: the receiver's declared or inferred type, as a hint only. */
    ClassNode receiverHint;
    /** The declaration node whose range spans the whole declaration (for symbols and snippets). */
    ASTNode node;
    boolean isStatic;
    boolean readonly;
    boolean deprecated;
    /** True for calls and method pointers (as opposed to property reads). */
    boolean call;
    /** The receiver is a class (Foo.bar), so only static members apply. */
    boolean staticReceiver;
    /** Span of the method or closure the occurrence sits in (whole buffer at script level). */
    int scopeStart;
    int scopeEnd;

    Occ(String uri, int start, int end, String name, Object target, String key, boolean decl, boolean bound,
        String token) {
        this.uri = uri;
        this.start = start;
        this.end = end;
        this.name = name;
        this.target = target;
        this.key = key;
        this.decl = decl;
        this.bound = bound;
        this.token = token;
    }

    boolean contains(int offset) {
        return offset >= start && offset <= end;
    }
}
