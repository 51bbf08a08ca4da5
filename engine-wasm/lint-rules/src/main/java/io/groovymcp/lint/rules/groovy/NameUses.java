package io.groovymcp.lint.rules.groovy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.codehaus.groovy.ast.CompileUnit;
import org.codehaus.groovy.ast.ImportNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.AttributeExpression;
import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.DeclarationExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.FieldExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.MethodPointerExpression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.ast.expr.StaticMethodCallExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.syntax.Types;

import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Walker;

/**
 * Every name the code of a compile unit mentions, over-approximated on purpose: a private member is reported unused
 * only when its name appears nowhere — not as a variable, property, attribute, field, method, method pointer, string
 * constant or static import, in any file of the unit (Groovy lets other classes reach private members dynamically).
 * Per module it also records whether the code reaches members by computed names or by reflection, in which case no
 * private member of that module is reported.
 */
final class NameUses {
    private static final Set<String> REFLECTIVE = new HashSet<>();
    static {
        String[] names = {
            "getDeclaredField", "getDeclaredFields", "declaredFields", "getDeclaredMethod", "getDeclaredMethods",
            "declaredMethods", "getField", "getFields", "fields", "getMethod", "getMethods", "methods",
            "getProperties", "properties", "getMetaPropertyValues", "metaPropertyValues", "getMetaMethod",
            "getMetaProperty", "respondsTo", "hasProperty", "invokeMethod", "getProperty", "setProperty",
            "getAttribute", "setAttribute", "getDeclaredConstructors", "findAccessibleMethod",
        };
        for (String n : names) {
            REFLECTIVE.add(n);
        }
    }

    private final Set<String> names = new HashSet<>();
    private final Set<ModuleNode> dynamic = new HashSet<>();

    /** The last unit's index: lint runs every file of one compile unit in a row, so one slot is enough. */
    private static Cached last;

    private static final class Cached {
        final CompileUnit unit;
        final int modules;
        final NameUses uses;

        Cached(CompileUnit unit, int modules, NameUses uses) {
            this.unit = unit;
            this.modules = modules;
            this.uses = uses;
        }
    }

    static NameUses of(ModuleNode module) {
        CompileUnit cu = module.getUnit();
        if (cu == null) {
            NameUses u = new NameUses();
            u.scan(module);
            return u;
        }
        List<ModuleNode> modules = cu.getModules();
        Cached c = last;
        if (c != null && c.unit == cu && c.modules == modules.size()) {
            return c.uses;
        }
        NameUses u = new NameUses();
        for (ModuleNode m : modules) {
            u.scan(m);
        }
        last = new Cached(cu, modules.size(), u);
        return u;
    }

    /** Forgets the cached index, so that the compile unit it was built from can be collected. */
    static void forget() {
        last = null;
    }

    boolean mentions(String name) {
        return names.contains(name);
    }

    /** Whether the module reaches members by a computed name or by reflection. */
    boolean isDynamic(ModuleNode module) {
        return dynamic.contains(module);
    }

    private void scan(ModuleNode module) {
        for (ImportNode i : module.getStaticImports().values()) {
            if (i.getFieldName() != null) {
                names.add(i.getFieldName());
            }
        }
        new Scanner(module).walk(module);
    }

    private final class Scanner extends Walker {
        private final ModuleNode module;

        Scanner(ModuleNode module) {
            super(module.getContext());
            this.module = module;
        }

        /**
         * Only written code makes a module dynamic: the compiler's own helpers (an outer class's propertyMissing
         * for its inner classes) dispatch by computed names, and have no source position.
         */
        private void dynamic(Expression at) {
            if (Ast.hasPosition(at)) {
                dynamic.add(module);
            }
        }

        private void name(String n, Expression at) {
            if (n != null) {
                names.add(n);
                if (REFLECTIVE.contains(n)) {
                    dynamic(at);
                }
            }
        }

        private void nameOrDynamic(Expression e, Expression at) {
            if (e instanceof ConstantExpression && ((ConstantExpression) e).getValue() instanceof String) {
                name((String) ((ConstantExpression) e).getValue(), at);
            } else {
                dynamic(at);
            }
        }

        @Override
        public void visitVariableExpression(VariableExpression e) {
            name(e.getName(), e);
            super.visitVariableExpression(e);
        }

        @Override
        public void visitDeclarationExpression(DeclarationExpression e) {
            // The declared local's own name is no use of a member; what it is initialised with is.
            visitAnnotations(e);
            e.getRightExpression().visit(this);
        }

        @Override
        public void visitPropertyExpression(PropertyExpression e) {
            nameOrDynamic(e.getProperty(), e);
            super.visitPropertyExpression(e);
        }

        @Override
        public void visitAttributeExpression(AttributeExpression e) {
            nameOrDynamic(e.getProperty(), e);
            super.visitAttributeExpression(e);
        }

        @Override
        public void visitFieldExpression(FieldExpression e) {
            name(e.getFieldName(), e);
            super.visitFieldExpression(e);
        }

        @Override
        public void visitMethodCallExpression(MethodCallExpression e) {
            nameOrDynamic(e.getMethod(), e);
            super.visitMethodCallExpression(e);
        }

        @Override
        public void visitStaticMethodCallExpression(StaticMethodCallExpression e) {
            name(e.getMethod(), e);
            super.visitStaticMethodCallExpression(e);
        }

        @Override
        public void visitMethodPointerExpression(MethodPointerExpression e) {
            nameOrDynamic(e.getMethodName(), e);
            super.visitMethodPointerExpression(e);
        }

        @Override
        public void visitConstantExpression(ConstantExpression e) {
            Object v = e.getValue();
            if (v instanceof String && ((String) v).length() <= 200) {
                names.add((String) v);
            }
            super.visitConstantExpression(e);
        }

        @Override
        public void visitBinaryExpression(BinaryExpression e) {
            // this[name] / super[name] with a computed name reads a property dynamically.
            if (e.getOperation().getType() == Types.LEFT_SQUARE_BRACKET
                    && e.getLeftExpression() instanceof VariableExpression
                    && (((VariableExpression) e.getLeftExpression()).isThisExpression()
                        || ((VariableExpression) e.getLeftExpression()).isSuperExpression())
                    && !(e.getRightExpression() instanceof ConstantExpression)) {
                dynamic(e);
            }
            super.visitBinaryExpression(e);
        }
    }
}
