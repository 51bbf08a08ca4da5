package io.groovymcp.engine.query.resolve;

import java.util.List;

import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;

/** The GDK: the runtime classes whose static methods Groovy adds to their first parameter's type. */
public final class Gdk {
    /** The GDK classes completion and call candidates draw from, read from the class model. */
    public static final List<String> CLASSES = List.of(
            "org.codehaus.groovy.runtime.DefaultGroovyMethods",
            "org.codehaus.groovy.runtime.StringGroovyMethods",
            "org.codehaus.groovy.runtime.IOGroovyMethods",
            "org.codehaus.groovy.runtime.ResourceGroovyMethods");

    private Gdk() {
    }

    /** Whether a GDK method applies to a receiver of that type: its self parameter is Object, the type or a supertype. */
    public static boolean appliesTo(MethodNode gdk, ClassNode receiver) {
        ClassNode self = gdk.getParameters()[0].getType().redirect();
        ClassNode r = receiver.redirect();
        return ClassHelper.isObjectType(self) || r.getName().equals(self.getName()) || r.isDerivedFrom(self)
                || r.implementsInterface(self);
    }
}
