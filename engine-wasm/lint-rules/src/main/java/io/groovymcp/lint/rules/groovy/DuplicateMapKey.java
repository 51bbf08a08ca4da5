package io.groovymcp.lint.rules.groovy;

import java.util.HashMap;
import java.util.Map;

import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MapEntryExpression;
import org.codehaus.groovy.ast.expr.MapExpression;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.ast.Walker;

/**
 * {@code groovy/duplicate-map-key}: a map literal, or named arguments, that repeat a literal key. Keys compare the
 * way the resulting map compares them ({@code equals} on the constant's value: {@code 1} and {@code 1L} are distinct
 * keys, {@code a:} and {@code 'a':} are the same). Keys that are expressions, including GStrings, are never compared.
 */
public final class DuplicateMapKey implements Rule {
    @Override
    public void check(final Unit unit) {
        new Walker(unit.source()) {
            @Override
            public void visitMapExpression(MapExpression map) {
                Map<Object, MapEntryExpression> seen = new HashMap<>();
                for (MapEntryExpression entry : map.getMapEntryExpressions()) {
                    Expression key = entry.getKeyExpression();
                    if (!(key instanceof ConstantExpression)) {
                        continue;
                    }
                    Object value = ((ConstantExpression) key).getValue();
                    if (!(value instanceof String || value instanceof Number || value instanceof Boolean
                            || value instanceof Character)) {
                        continue;
                    }
                    MapEntryExpression first = seen.get(value);
                    if (first == null) {
                        seen.put(value, entry);
                    } else {
                        unit.report(LintRules.DUPLICATE_MAP_KEY, "The key " + describe(value)
                                + " is already used at line " + first.getKeyExpression().getLineNumber()
                                + "; only the last value is kept.", key);
                    }
                }
                super.visitMapExpression(map);
            }
        }.walk(unit.module());
    }

    private static String describe(Object value) {
        if (value instanceof String) {
            return "'" + value + "'";
        }
        return String.valueOf(value);
    }
}
