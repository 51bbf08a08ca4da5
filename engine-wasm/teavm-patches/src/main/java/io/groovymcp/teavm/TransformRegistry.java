package io.groovymcp.teavm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import groovy.beans.BindableASTTransformation;
import groovy.beans.VetoableASTTransformation;
import org.codehaus.groovy.ast.MixinASTTransformation;
import org.codehaus.groovy.transform.LogASTTransformation;
import org.codehaus.groovy.transform.ThreadInterruptibleASTTransformation;
import org.codehaus.groovy.transform.ASTTransformation;
import org.codehaus.groovy.transform.AutoCloneASTTransformation;
import org.codehaus.groovy.transform.AutoFinalASTTransformation;
import org.codehaus.groovy.transform.AutoImplementASTTransformation;
import org.codehaus.groovy.transform.BaseScriptASTTransformation;
import org.codehaus.groovy.transform.BuilderASTTransformation;
import org.codehaus.groovy.transform.CategoryASTTransformation;
import org.codehaus.groovy.transform.DelegateASTTransformation;
import org.codehaus.groovy.transform.EqualsAndHashCodeASTTransformation;
import org.codehaus.groovy.transform.ExternalizeMethodsASTTransformation;
import org.codehaus.groovy.transform.FieldASTTransformation;
import org.codehaus.groovy.transform.FinalASTTransformation;
import org.codehaus.groovy.transform.ImmutableASTTransformation;
import org.codehaus.groovy.transform.IndexedPropertyASTTransformation;
import org.codehaus.groovy.transform.InheritConstructorsASTTransformation;
import org.codehaus.groovy.transform.LazyASTTransformation;
import org.codehaus.groovy.transform.MapConstructorASTTransformation;
import org.codehaus.groovy.transform.MemoizedASTTransformation;
import org.codehaus.groovy.transform.NamedVariantASTTransformation;
import org.codehaus.groovy.transform.NewifyASTTransformation;
import org.codehaus.groovy.transform.NonSealedASTTransformation;
import org.codehaus.groovy.transform.OperatorRenameASTTransformation;
import org.codehaus.groovy.transform.PackageScopeASTTransformation;
import org.codehaus.groovy.transform.ReadWriteLockASTTransformation;
import org.codehaus.groovy.transform.RecordTypeASTTransformation;
import org.codehaus.groovy.transform.SealedASTTransformation;
import org.codehaus.groovy.transform.SealedCompletionASTTransformation;
import org.codehaus.groovy.transform.SingletonASTTransformation;
import org.codehaus.groovy.transform.SortableASTTransformation;
import org.codehaus.groovy.transform.SourceURIASTTransformation;
import org.codehaus.groovy.transform.SynchronizedASTTransformation;
import org.codehaus.groovy.transform.ToStringASTTransformation;
import org.codehaus.groovy.transform.TupleConstructorASTTransformation;
import org.codehaus.groovy.transform.tailrec.TailRecursiveASTTransformation;
import org.codehaus.groovy.transform.trait.TraitASTTransformation;

import io.groovymcp.teavm.transforms.ConditionalInterruptTransformation;
import io.groovymcp.teavm.transforms.ListenerListTransformation;
import io.groovymcp.teavm.transforms.TimedInterruptTransformation;

/**
 * Groovy's built-in local AST transforms, by the annotation that triggers them. On the JVM Groovy finds them through
 * {@code @GroovyASTTransformationClass} and reflection; here the table is compiled in, so only these transforms can
 * ever run and nothing is found by name. A JVM test compares the table with the annotations in the Groovy jar.
 *
 * <p>Left out, and listed in docs/engine.md: transforms of phases the engine never reaches (instruction selection and
 * later: the type checker is run by the engine itself) and @ASTTest (disabled). Three transforms Groovy writes in
 * Groovy against its dynamic runtime, which TeaVM cannot link, are our Java re-implementations
 * ({@link #REPLACEMENTS}); the JVM oracle runs Groovy's own, so the parity corpus compares the two.
 */
public final class TransformRegistry {
    /** One transform class and how to make it. */
    public static final class Entry {
        public final Class<? extends ASTTransformation> type;
        public final Supplier<ASTTransformation> factory;

        Entry(Class<? extends ASTTransformation> type, Supplier<ASTTransformation> factory) {
            this.type = type;
            this.factory = factory;
        }
    }

    /** Groovy's transform class name -> the Java re-implementation registered in its place. */
    public static final Map<String, Class<? extends ASTTransformation>> REPLACEMENTS = new HashMap<>();

    private static final Map<String, List<Entry>> BY_ANNOTATION = new HashMap<>();
    private static final Map<Class<?>, Supplier<ASTTransformation>> FACTORIES = new HashMap<>();

    static {
        add("groovy.lang.Category", CategoryASTTransformation.class, CategoryASTTransformation::new);
        add("groovy.lang.Delegate", DelegateASTTransformation.class, DelegateASTTransformation::new);
        add("groovy.lang.Lazy", LazyASTTransformation.class, LazyASTTransformation::new);
        add("groovy.lang.Mixin", MixinASTTransformation.class, MixinASTTransformation::new);
        add("groovy.lang.Newify", NewifyASTTransformation.class, NewifyASTTransformation::new);
        add("groovy.lang.Singleton", SingletonASTTransformation.class, SingletonASTTransformation::new);
        add("groovy.transform.AutoClone", AutoCloneASTTransformation.class, AutoCloneASTTransformation::new);
        add("groovy.transform.AutoFinal", AutoFinalASTTransformation.class, AutoFinalASTTransformation::new);
        add("groovy.transform.AutoImplement", AutoImplementASTTransformation.class,
                AutoImplementASTTransformation::new);
        add("groovy.transform.BaseScript", BaseScriptASTTransformation.class, BaseScriptASTTransformation::new);
        add("groovy.transform.EqualsAndHashCode", EqualsAndHashCodeASTTransformation.class,
                EqualsAndHashCodeASTTransformation::new);
        add("groovy.transform.ExternalizeMethods", ExternalizeMethodsASTTransformation.class,
                ExternalizeMethodsASTTransformation::new);
        add("groovy.transform.Field", FieldASTTransformation.class, FieldASTTransformation::new);
        add("groovy.transform.Final", FinalASTTransformation.class, FinalASTTransformation::new);
        add("groovy.transform.ImmutableBase", ImmutableASTTransformation.class, ImmutableASTTransformation::new);
        add("groovy.transform.IndexedProperty", IndexedPropertyASTTransformation.class,
                IndexedPropertyASTTransformation::new);
        add("groovy.transform.InheritConstructors", InheritConstructorsASTTransformation.class,
                InheritConstructorsASTTransformation::new);
        add("groovy.transform.MapConstructor", MapConstructorASTTransformation.class,
                MapConstructorASTTransformation::new);
        add("groovy.transform.Memoized", MemoizedASTTransformation.class, MemoizedASTTransformation::new);
        add("groovy.transform.NamedVariant", NamedVariantASTTransformation.class, NamedVariantASTTransformation::new);
        add("groovy.transform.NonSealed", NonSealedASTTransformation.class, NonSealedASTTransformation::new);
        add("groovy.transform.OperatorRename", OperatorRenameASTTransformation.class,
                OperatorRenameASTTransformation::new);
        add("groovy.transform.PackageScope", PackageScopeASTTransformation.class, PackageScopeASTTransformation::new);
        add("groovy.transform.RecordBase", RecordTypeASTTransformation.class, RecordTypeASTTransformation::new);
        add("groovy.transform.Sealed", SealedASTTransformation.class, SealedASTTransformation::new);
        add("groovy.transform.Sealed", SealedCompletionASTTransformation.class, SealedCompletionASTTransformation::new);
        add("groovy.transform.Sortable", SortableASTTransformation.class, SortableASTTransformation::new);
        add("groovy.transform.SourceURI", SourceURIASTTransformation.class, SourceURIASTTransformation::new);
        add("groovy.transform.Synchronized", SynchronizedASTTransformation.class, SynchronizedASTTransformation::new);
        add("groovy.transform.TailRecursive", TailRecursiveASTTransformation.class,
                TailRecursiveASTTransformation::new);
        add("groovy.transform.ToString", ToStringASTTransformation.class, ToStringASTTransformation::new);
        add("groovy.transform.Trait", TraitASTTransformation.class, TraitASTTransformation::new);
        add("groovy.transform.TupleConstructor", TupleConstructorASTTransformation.class,
                TupleConstructorASTTransformation::new);
        add("groovy.transform.WithReadLock", ReadWriteLockASTTransformation.class, ReadWriteLockASTTransformation::new);
        add("groovy.transform.WithWriteLock", ReadWriteLockASTTransformation.class,
                ReadWriteLockASTTransformation::new);
        add("groovy.transform.builder.Builder", BuilderASTTransformation.class, BuilderASTTransformation::new);
        for (String log : new String[] {"Log", "Commons", "Log4j", "Log4j2", "Slf4j", "PlatformLog"}) {
            add("groovy.util.logging." + log, LogASTTransformation.class, LogASTTransformation::new);
        }
        add("groovy.beans.Bindable", BindableASTTransformation.class, BindableASTTransformation::new);
        add("groovy.beans.Vetoable", VetoableASTTransformation.class, VetoableASTTransformation::new);
        add("groovy.transform.ThreadInterrupt", ThreadInterruptibleASTTransformation.class,
                ThreadInterruptibleASTTransformation::new);
        replace("groovy.beans.ListenerList", "groovy.beans.ListenerListASTTransformation",
                ListenerListTransformation.class, ListenerListTransformation::new);
        replace("groovy.transform.TimedInterrupt", "org.codehaus.groovy.transform.TimedInterruptibleASTTransformation",
                TimedInterruptTransformation.class, TimedInterruptTransformation::new);
        replace("groovy.transform.ConditionalInterrupt",
                "org.codehaus.groovy.transform.ConditionalInterruptibleASTTransformation",
                ConditionalInterruptTransformation.class, ConditionalInterruptTransformation::new);
    }

    private TransformRegistry() {
    }

    private static void add(String annotation, Class<? extends ASTTransformation> type,
                            Supplier<ASTTransformation> factory) {
        BY_ANNOTATION.computeIfAbsent(annotation, k -> new ArrayList<>()).add(new Entry(type, factory));
        FACTORIES.put(type, factory);
    }

    private static void replace(String annotation, String groovyTransform, Class<? extends ASTTransformation> type,
                                Supplier<ASTTransformation> factory) {
        add(annotation, type, factory);
        REPLACEMENTS.put(groovyTransform, type);
    }

    public static List<Entry> forAnnotation(String annotationName) {
        List<Entry> l = BY_ANNOTATION.get(annotationName);
        return l == null ? Collections.emptyList() : l;
    }

    public static ASTTransformation create(Class<?> transformClass) {
        Supplier<ASTTransformation> f = FACTORIES.get(transformClass);
        return f == null ? null : f.get();
    }

    public static Iterable<String> annotations() {
        return BY_ANNOTATION.keySet();
    }
}
