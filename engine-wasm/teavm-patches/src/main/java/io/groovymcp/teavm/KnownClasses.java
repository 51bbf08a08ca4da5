package io.groovymcp.teavm;

import java.util.HashMap;
import java.util.Map;

import groovy.transform.builder.DefaultStrategy;
import groovy.transform.options.DefaultPropertyHandler;
import groovy.transform.options.ImmutablePropertyHandler;
import groovy.transform.options.LegacyHashMapPropertyHandler;
import groovy.transform.builder.ExternalStrategy;
import groovy.transform.builder.InitializerStrategy;
import groovy.transform.builder.SimpleStrategy;
import groovy.transform.stc.ClosureSignatureConflictResolver;
import groovy.transform.stc.FirstParam;
import groovy.transform.stc.FromAbstractTypeMethods;
import groovy.transform.stc.FromString;
import groovy.transform.stc.MapEntryOrKeyValue;
import groovy.transform.stc.PickAnyArgumentHint;
import groovy.transform.stc.PickFirstResolver;
import groovy.transform.stc.SecondParam;
import groovy.transform.stc.SimpleType;
import groovy.transform.stc.ThirdParam;

/**
 * The only classes the wasm engine's class loader can load by name: the static type checker's closure-signature
 * hints and conflict resolvers, which @ClosureParams names as strings on GDK methods, @Builder's strategies and the property handlers of @PropertyOptions (records, @Immutable). They are Groovy's own,
 * compiled into the module; a name outside this table is "not found", so no library code can be reached by name.
 * A JVM test checks this table against every hint and resolver in the Groovy jar.
 */
public final class KnownClasses {
    private static final Map<String, Class<?>> BY_NAME = new HashMap<>();

    static {
        Class<?>[] all = {
            FirstParam.class, FirstParam.FirstGenericType.class, FirstParam.SecondGenericType.class,
            FirstParam.ThirdGenericType.class, FirstParam.Component.class,
            SecondParam.class, SecondParam.FirstGenericType.class, SecondParam.SecondGenericType.class,
            SecondParam.ThirdGenericType.class, SecondParam.Component.class,
            ThirdParam.class, ThirdParam.FirstGenericType.class, ThirdParam.SecondGenericType.class,
            ThirdParam.ThirdGenericType.class, ThirdParam.Component.class,
            FromAbstractTypeMethods.class, FromString.class, MapEntryOrKeyValue.class, PickAnyArgumentHint.class,
            SimpleType.class, PickFirstResolver.class, ClosureSignatureConflictResolver.class,
            DefaultStrategy.class, SimpleStrategy.class, ExternalStrategy.class, InitializerStrategy.class,
            DefaultPropertyHandler.class, ImmutablePropertyHandler.class, LegacyHashMapPropertyHandler.class,
        };
        for (Class<?> c : all) {
            BY_NAME.put(c.getName(), c);
        }
    }

    private KnownClasses() {
    }

    public static Class<?> forName(String name) {
        return BY_NAME.get(name);
    }

    public static Iterable<String> names() {
        return BY_NAME.keySet();
    }
}
