package io.groovymcp.teavm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.List;
import java.util.Map;

import org.teavm.dependency.AbstractDependencyListener;
import org.teavm.dependency.DependencyAgent;
import org.teavm.model.AccessLevel;
import org.teavm.model.BasicBlock;
import org.teavm.model.ClassHolder;
import org.teavm.model.ClassHolderTransformer;
import org.teavm.model.ClassHolderTransformerContext;
import org.teavm.model.ClassReader;
import org.teavm.model.ElementModifier;
import org.teavm.model.FieldReader;
import org.teavm.model.FieldReference;
import org.teavm.model.Instruction;
import org.teavm.model.MethodHolder;
import org.teavm.model.MethodReference;
import org.teavm.model.Program;
import org.teavm.model.ValueType;
import org.teavm.model.Variable;
import org.teavm.model.emit.ProgramEmitter;
import org.teavm.model.emit.ValueEmitter;
import org.teavm.model.instructions.ConstructInstruction;
import org.teavm.model.instructions.InvocationType;
import org.teavm.model.instructions.EmptyInstruction;
import org.teavm.model.instructions.InvokeInstruction;
import org.teavm.model.instructions.MonitorEnterInstruction;
import org.teavm.model.instructions.MonitorExitInstruction;
import org.teavm.model.instructions.PutFieldInstruction;
import org.teavm.vm.spi.TeaVMHost;
import org.teavm.vm.spi.TeaVMPlugin;

/**
 * Every bytecode-level patch the wasm build makes, in one table, each with its reason. Seven kinds:
 * <ul>
 *   <li>silence: a debugging println of a library method is dropped;</li>
 *   <li>no-stack: an exception class the compiler throws on ordinary input skips stack-trace capture;</li>
 *   <li>redirect: a call to a JDK method TeaVM lacks becomes a call to {@link Compat} with the receiver first;</li>
 *   <li>stub: a method whose body only makes sense with a JVM (bytecode generation, runtime reflection) throws;</li>
 *   <li>delegate: a method whose body compiles and runs helper code is replaced by the engine's own version;</li>
 *   <li>construct: in one class, {@code new C(...)} of one JDK class builds the engine's subclass of it instead
 *   (same constructor descriptor), for a private field whose methods cannot be delegated one by one;</li>
 *   <li>filter: every store to one field of a class, in that class, first passes the value through a static method
 *   (a final field whose value the engine shares between objects).</li>
 * </ul>
 * Classes replaced wholesale are separate source files in this module (see docs/engine.md).
 */
public class GroovyPatches implements TeaVMPlugin, ClassHolderTransformer {
    private static final String COMPAT = Compat.class.getName();

    private static final class Redirect {
        final String target;
        /** The receiver's type in the Compat method's signature; null when the JDK method is static. */
        final String receiver;

        Redirect(String target, String receiver) {
            this.target = target;
            this.receiver = receiver;
        }
    }

    /** owner#name(parameter descriptors) of the JDK method -> Compat method. */
    private static final Map<String, Redirect> REDIRECTS = new HashMap<>();
    /** class#method -> reason; the body becomes "throw new UnsupportedOperationException(reason)". */
    private static final Map<String, String> STUBS = new HashMap<>();
    /** class#method -> reason; the body becomes "return the default value" (void, false, 0, null). */
    private static final Map<String, String> DEFAULTS = new HashMap<>();
    /** class#method -> static method (class#name) with the same parameters that replaces the body. */
    private static final Map<String, String> DELEGATES = new HashMap<>();
    /**
     * For a delegate of an instance method of a class no Java source can name (a private nested class): the public
     * supertype the stand-in takes its receiver as.
     */
    private static final Map<String, String> DELEGATE_RECEIVERS = new HashMap<>();
    /** class#constructed class -> subclass that class's own "new constructed(...)" builds instead. */
    private static final Map<String, String> CONSTRUCTS = new HashMap<>();
    /** class#field -> static method (class#name) from the field's type to it, whose result the class's stores store. */
    private static final Map<String, String> FILTERS = new HashMap<>();
    /** The classes FILTERS names, so that the other classes' methods are not scanned for field stores. */
    private static final Set<String> FILTERED_CLASSES = new HashSet<>();
    /**
     * class#method -> owner#field: the method (static, one parameter of the owner's type) returns that field of its
     * argument, private or not. For a stand-in that must read a library's private field: its Java body reads it by
     * reflection on the JVM (for its tests), and TeaVM, which checks no access, gets the plain read.
     */
    private static final Map<String, String> FIELD_READS = new HashMap<>();
    /** class#method -> reason; its calls to PrintStream.println(String) become no-ops. */
    private static final Map<String, String> SILENCED = new HashMap<>();
    /** class -> reason; the class gets a fillInStackTrace() that returns this (subclasses inherit it). */
    private static final Map<String, String> NO_STACK = new HashMap<>();

    static {
        redirect("java.lang.ClassLoader#loadClass(Ljava/lang/String;)", "loadClass", "java.lang.ClassLoader");
        redirect("java.lang.ClassLoader#getResource(Ljava/lang/String;)", "getResource", "java.lang.ClassLoader");
        redirect("java.lang.ClassLoader#getResources(Ljava/lang/String;)", "getResources", "java.lang.ClassLoader");
        redirect("java.util.regex.Matcher#appendReplacement(Ljava/lang/StringBuilder;Ljava/lang/String;)",
                "appendReplacement", "java.util.regex.Matcher");
        redirect("java.util.regex.Matcher#appendTail(Ljava/lang/StringBuilder;)", "appendTail",
                "java.util.regex.Matcher");
        redirect("java.util.Collection#parallelStream()", "parallelStream", "java.util.Collection");
        redirect("java.lang.Class#isAnonymousClass()", "isAnonymousClass", "java.lang.Class");
        // TeaVM's Class.desiredAssertionStatus() answers true, so every `assert` in Groovy's compiler would run in wasm,
        // where no real compiler run (java without -ea) runs them: the static compilation visitor asserts on the code
        // @ListenerList generates under @CompileStatic (corpus transforms-15) and the stock compiler compiles it.
        redirect("java.lang.Class#desiredAssertionStatus()", "desiredAssertionStatus", "java.lang.Class");
        redirect("java.lang.Class#getPackageName()", "getPackageName", "java.lang.Class");
        redirect("java.lang.reflect.Modifier#methodModifiers()", "methodModifiers", null);
        redirect("java.lang.reflect.Modifier#constructorModifiers()", "constructorModifiers", null);
        redirect("java.lang.SecurityManager#checkPermission(Ljava/security/Permission;)", "checkPermission",
                "java.lang.SecurityManager");
        redirect("java.lang.SecurityManager#checkCreateClassLoader()", "checkCreateClassLoader",
                "java.lang.SecurityManager");
        redirect("java.lang.reflect.Field#setBoolean(Ljava/lang/Object;Z)", "setBoolean", "java.lang.reflect.Field");
        redirect("java.lang.reflect.Array#newInstance(Ljava/lang/Class;[I)", "newMultiArray", null);
        // Groovy's equality and ordering helpers end in a dynamic equals/compareTo, which finds no method in wasm
        // (see Compat#invokeMethod); the type checker reaches it through DefaultGroovyMethods.unique.
        // Broken code: cache full-context predictions for the LL re-parse that reports a syntax error (Compat).
        redirect("org.apache.groovy.parser.antlr4.GroovyLangParser#setInterpreter("
                + "Lgroovyjarjarantlr4/v4/runtime/atn/ATNSimulator;)", "setParserInterpreter",
                "org.apache.groovy.parser.antlr4.GroovyLangParser");
        redirect("org.codehaus.groovy.runtime.InvokerHelper#invokeMethod(Ljava/lang/Object;Ljava/lang/String;"
                + "Ljava/lang/Object;)", "invokeMethod", null);
        // Blocking calls would make TeaVM turn their callers into coroutines; the engine has one thread and never
        // waits, so each becomes an immediate return or a clear failure. Only calls the build reaches are listed
        // (an unmatched key fails the build); AsyncReport names any new blocking call, whose redirect to the
        // Compat method below is then added back here.
        redirect("java.lang.Thread#start()", "startThread", "java.lang.Thread");
        redirect("java.lang.Thread#sleep(J)", "sleep", null);
        redirect("java.lang.Thread#join()", "join", "java.lang.Thread");

        STUBS.put("java.net.impl.XHRURLConnection#performRequestIfNecessary",
                "the engine has no network: an http URL can never be opened");
        STUBS.put("org.codehaus.groovy.classgen.AsmClassGenerator#visitClass",
                "bytecode generation is never reached: the engine stops before class generation");
        STUBS.put("org.codehaus.groovy.control.XStreamUtils#serialize",
                "AST dumps to files (groovy.ast) are a JVM debugging aid");
        STUBS.put("org.codehaus.groovy.runtime.DefaultGroovyMethodsSupport#createSimilarQueue",
                "runtime collection copying; the compiler never runs GDK methods");
        STUBS.put("org.codehaus.groovy.runtime.DefaultGroovyMethodsSupport#createSimilarSet",
                "runtime collection copying; the compiler never runs GDK methods");
        DEFAULTS.put("groovy.lang.MetaClassImpl#addProperties",
                "bean introspection of runtime metaclasses; the compiler never runs code");
        STUBS.put("org.codehaus.groovy.transform.BuilderASTTransformation$AbstractBuilderStrategy"
                + "#getPropertyInfoFromBeanInfo",
                "@Builder's external strategy on a precompiled class needs runtime bean introspection");
        STUBS.put("org.codehaus.groovy.runtime.ProxyGeneratorAdapter#<init>",
                "proxy classes are generated and defined at run time only");
        DEFAULTS.put("org.codehaus.groovy.reflection.ReflectionUtils#<clinit>",
                "method handles and stack walking for runtime caller lookup do not exist in wasm");
        DEFAULTS.put("org.codehaus.groovy.reflection.ReflectionUtils#isSealed",
                "Java sealed classes are recognised from the class model's PermittedSubclasses instead");
        DEFAULTS.put("groovyjarjarantlr4.v4.runtime.atn.ATNDeserializer#verifyATN",
                "re-checks the consistency of the grammars' generated, constant ATNs at every start (13 ms of cold wasm"
                + " per start, docs/performance.md \"Start-up\"); it only throws for a broken grammar, which"
                + " the same jar on the JVM (the oracle, the class model's parser seed) deserializes with the check");
        DEFAULTS.put("groovy.lang.MetaClassImpl#isBeanDerivative",
                "bean introspection of runtime metaclasses; the compiler never runs code");
        // The GDK's collection copy clones through Groovy's dynamic runtime (reflective Object.clone); the compiler
        // only ever copies its own lists and sets, which plain copies reproduce.
        DELEGATES.put("org.codehaus.groovy.runtime.DefaultGroovyMethodsSupport#cloneSimilarCollection",
                "io.groovymcp.teavm.Compat#cloneSimilarCollection");
        // TeaVM miscompiles the Optional/method-reference chain in this method (a null dereference trap in the
        // mapper); the replacement does the same thing with plain code.
        DELEGATES.put("org.codehaus.groovy.transform.stc.TypeCheckingContext#pushErrorCollector()",
                "io.groovymcp.teavm.Compat#pushErrorCollector");
        // The logging transforms pick their strategy by reflection on the annotation's default and instantiate it
        // through the dynamic runtime; the strategies then load logger classes with Class.forName. Both become
        // lookups: the strategy by annotation name, the classes in the class model (what the JVM oracle's class
        // path holds), failing with the JVM's own message.
        DELEGATES.put("org.codehaus.groovy.transform.LogASTTransformation#createLoggingStrategy",
                "groovy.util.logging.LoggingStrategies#create");
        DELEGATES.put("org.codehaus.groovy.transform.LogASTTransformation$AbstractLoggingStrategy#classNode",
                "io.groovymcp.teavm.Compat#loggingClassNode");
        // The metaclass registry reads META-INF/dgminfo to register the generated dgm$N call-site classes, which
        // the module can neither find nor load by name; the missing resource made TeaVM's BufferedInputStream throw
        // "Stream is closed", which the registry logs with its stack trace on stderr. No records is what the JVM
        // path yields when none of those classes load.
        DELEGATES.put("org.codehaus.groovy.reflection.GeneratedMetaMethod$DgmMethodRecord#loadDgmInfo",
                "io.groovymcp.teavm.Compat#noDgmInfo");
        // Closure-parameter hints (@ClosureParams(SimpleType) ...) load their types with Class.forName, which in
        // wasm finds nothing but the hint classes; the stand-in takes them from the class model.
        DELEGATES.put("groovy.transform.stc.ClosureSignatureHint#findClassNode",
                "io.groovymcp.teavm.Compat#findHintClassNode");
        DELEGATES.put("org.codehaus.groovy.transform.stc.StaticTypeCheckingSupport#evaluateExpression",
                "io.groovymcp.engine.compile.ConstantEvaluator#evaluate");
        // The parser's warm DFA is most of the engine's heap, and most of that is one ATNConfig object per
        // configuration of each DFA state plus a ConcurrentHashMap entry per cached prediction context: objects that
        // cost 2-3x their JVM size in WasmGC (docs/performance.md, "The parser's DFA"). A DFA state's set is the
        // read-only copy clone(true) makes, so that copy is packed into arrays; equals is replaced because the
        // original reads the other set's private fields, which a packed set leaves empty. The context cache becomes
        // an open-addressed set; getCachedContext is its only reader.
        DELEGATES.put("groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet#clone",
                "groovyjarjarantlr4.v4.runtime.atn.PackedConfigSet#cloneOf");
        DELEGATES.put("groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet#equals",
                "groovyjarjarantlr4.v4.runtime.atn.PackedConfigSet#setEquals");
        DELEGATES.put("groovyjarjarantlr4.v4.runtime.atn.ATN#getCachedContext",
                "groovyjarjarantlr4.v4.runtime.atn.CompactContextCache#cachedContext");
        // A writable ATNConfigSet merges configurations through a HashMap<Long, ATNConfig> keyed by
        // stateNumber << 12 | alt. TeaVM's HashMap takes the bucket as hash & (length - 1) with no spreading, and
        // Long.hashCode of such a key is the key, so in any table under 4,096 slots every configuration of one
        // alternative shares one chain, walked by each add of the ATN simulation: the parser's DFA-miss path
        // (docs/performance.md, "The parser's DFA"). The set never iterates the map; ConfigKeyMap answers get, put,
        // remove, clear and clone as HashMap does, from one open-addressed table with Fibonacci hashing.
        CONSTRUCTS.put("groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet#java.util.HashMap",
                "groovyjarjarantlr4.v4.runtime.atn.ConfigKeyMap");
        // A fifth of the warm DFA's prediction contexts are array contexts, each with its own int[] of return states,
        // ~86 bytes in WasmGC for five elements; the real-code corpus has 463 distinct lists among ~97,000 of them
        // (docs/performance.md, "The parser's DFA"). Nothing writes such an array after the constructor has hashed
        // it, so one array per list is shared.
        FILTERS.put("groovyjarjarantlr4.v4.runtime.atn.ArrayPredictionContext#returnStates",
                "groovyjarjarantlr4.v4.runtime.atn.SharedIntArrays#returnStates");
        // A precedence DFA's isEmpty copies its start states' edge maps into TreeMaps only to ask whether they are
        // empty, at every prediction of Groovy's expression rule: 4-5% of a warm compile in wasm
        // (docs/performance.md, "The parser's DFA"). The stand-in asks the edge maps themselves.
        DELEGATES.put("groovyjarjarantlr4.v4.runtime.dfa.DFA#isEmpty",
                "groovyjarjarantlr4.v4.runtime.dfa.DfaEmptiness#isEmpty");
        FIELD_READS.put("groovyjarjarantlr4.v4.runtime.dfa.DfaEmptiness#edges",
                "groovyjarjarantlr4.v4.runtime.dfa.DFAState#edges");
        // The DFA's budget used to drop every state, so on varied code each later file re-learned even the
        // predictions all code makes. Each prediction's step now marks the state it reaches, and an eviction keeps
        // the marked states (docs/performance.md, "The parser's DFA"); the mark is DFAState.stateNumber, which only
        // printing a DFA reads.
        DELEGATES.put("groovyjarjarantlr4.v4.runtime.dfa.DFAState#getTarget",
                "groovyjarjarantlr4.v4.runtime.dfa.DfaEviction#target");
        // Every token's text and every AST node's end position go through the 8-bit char stream's getText, which
        // decodes ISO-8859-1 with new String(bytes, ..., ISO_8859_1): in TeaVM's classlib that builds a generic
        // decoder and a CharBuffer per call, ~8% of a warm compile of real code in wasm (docs/performance.md,
        // "Compile work"). Latin-1 maps each byte to the char of the same value, so a direct copy is the
        // same string.
        String latin1 = "groovyjarjarantlr4.v4.runtime.CodePointCharStream$CodePoint8BitCharStream#getText";
        DELEGATES.put(latin1, "groovyjarjarantlr4.v4.runtime.Latin1Text#getText");
        DELEGATE_RECEIVERS.put(latin1, "groovyjarjarantlr4.v4.runtime.CodePointCharStream");
        // ANTLR prints "unknown recognition error type: ...LexerNoViableAltException" on System.err when the lexer's
        // error reaches the parser's error strategy (a GString like "$ 5"), then notifies the listeners, which is
        // where the compiler's diagnostic comes from. Stderr is the host's log; the line is noise there, and the
        // diagnostic is unchanged.
        SILENCED.put("groovyjarjarantlr4.v4.runtime.DefaultErrorStrategy#reportError",
                "ANTLR's debugging println for an exception type its strategy does not name");
        // TeaVM fills a stack trace by calling into JS (an Error's stack) for every Throwable. The compiler throws
        // these on ordinary input (one per syntax error, the SLL parse's bail-out, a failed compile) and no user
        // ever sees their stack; 1.3% of a warm compile on real code (docs/performance.md, "Compile work").
        String noStack = "thrown on ordinary input; its stack is never shown";
        NO_STACK.put("org.codehaus.groovy.syntax.SyntaxException", noStack);
        NO_STACK.put("org.codehaus.groovy.control.CompilationFailedException", noStack);
        NO_STACK.put("groovyjarjarantlr4.v4.runtime.RecognitionException", noStack);
        NO_STACK.put("groovyjarjarantlr4.v4.runtime.misc.ParseCancellationException", noStack);
        NO_STACK.put("org.apache.groovy.parser.antlr4.GroovySyntaxError", noStack);
        for (String key : FILTERS.keySet()) {
            FILTERED_CLASSES.add(key.substring(0, key.indexOf('#')));
        }
    }

    private static void redirect(String key, String target, String receiver) {
        REDIRECTS.put(key, new Redirect(target, receiver));
    }

    /** Keys of the tables that changed something in this build. */
    private final Set<String> applied = new HashSet<>();

    @Override
    public void install(TeaVMHost host) {
        host.add(this);
        host.add(new AsyncReport());
        host.add(new AbstractDependencyListener() {
            @Override
            public void completing(DependencyAgent agent) {
                for (String unmatched : unmatched()) {
                    agent.getDiagnostics().error(null, "groovymcp: patch key matches nothing in this build: "
                            + unmatched.replace("{", "(").replace("}", ")"));
                }
            }
        });
    }

    /**
     * Table keys that changed nothing: a patch whose class or method was renamed, or whose code is no longer
     * reachable, would otherwise do nothing silently. Reported as build errors (TeaVM's stopOnErrors fails the
     * build) once dependency analysis has loaded, and so transformed, every reachable class.
     */
    Set<String> unmatched() {
        Set<String> all = new TreeSet<>();
        for (String k : REDIRECTS.keySet()) {
            all.add("redirect " + k);
        }
        for (String k : STUBS.keySet()) {
            all.add("stub " + k);
        }
        for (String k : DEFAULTS.keySet()) {
            all.add("default " + k);
        }
        for (String k : DELEGATES.keySet()) {
            all.add("delegate " + k);
        }
        for (String k : CONSTRUCTS.keySet()) {
            all.add("construct " + k);
        }
        for (String k : FILTERS.keySet()) {
            all.add("filter " + k);
        }
        for (String k : FIELD_READS.keySet()) {
            all.add("field-read " + k);
        }
        for (String k : SILENCED.keySet()) {
            all.add("silence " + k);
        }
        for (String k : NO_STACK.keySet()) {
            all.add("no-stack " + k);
        }
        all.removeAll(applied);
        return all;
    }

    @Override
    public void transformClass(ClassHolder cls, ClassHolderTransformerContext context) {
        boolean runtime = cls.getName().startsWith("org.teavm.");
        if (NO_STACK.containsKey(cls.getName()) && cls.getMethod(FILL_IN) == null) {
            applied.add("no-stack " + cls.getName());
            MethodHolder fill = new MethodHolder(FILL_IN);
            fill.setLevel(AccessLevel.PUBLIC);
            ProgramEmitter pe = ProgramEmitter.create(fill, context.getHierarchy());
            pe.var(0, ValueType.object(cls.getName())).returnValue();
            cls.addMethod(fill);
        }
        for (MethodHolder method : cls.getMethods()) {
            if (!runtime) {
                dropMonitors(method);
            }
            String key = cls.getName() + "#" + method.getName();
            if (STUBS.containsKey(key)) {
                applied.add("stub " + key);
                ProgramEmitter pe = ProgramEmitter.create(method, context.getHierarchy());
                pe.construct(UnsupportedOperationException.class, pe.constant(STUBS.get(key))).raise();
                continue;
            }
            if (DEFAULTS.containsKey(key)) {
                applied.add("default " + key);
                ProgramEmitter pe = ProgramEmitter.create(method, context.getHierarchy());
                ValueType rt = method.getResultType();
                if (rt == ValueType.VOID) {
                    pe.exit();
                } else {
                    pe.defaultValue(rt).returnValue();
                }
                continue;
            }
            if (FIELD_READS.containsKey(key)) {
                applied.add("field-read " + key);
                readField(method, FIELD_READS.get(key), context);
                continue;
            }
            String exact = key + parameters(method.getReference());
            if (DELEGATES.containsKey(key) || DELEGATES.containsKey(exact)) {
                applied.add("delegate " + (DELEGATES.containsKey(exact) ? exact : key));
                delegate(method, DELEGATES.containsKey(exact) ? DELEGATES.get(exact) : DELEGATES.get(key),
                        DELEGATE_RECEIVERS.get(DELEGATES.containsKey(exact) ? exact : key), context);
                continue;
            }
            if (method.getProgram() != null) {
                constructs(cls.getName(), method.getProgram());
                filters(cls, method.getProgram());
            }
            if (SILENCED.containsKey(key) && method.getProgram() != null) {
                applied.add("silence " + key);
                dropPrintln(method.getProgram());
            }
            Program program = method.getProgram();
            // Compat itself and TeaVM's classlib call the real overloads these redirects stand in for.
            if (program != null && !cls.getName().equals(COMPAT) && !cls.getName().startsWith("org.teavm.")
                    && !cls.getName().startsWith("java.")) {
                redirectCalls(program);
            }
        }
    }

    /**
     * The engine has one thread, so monitors guard nothing. In WasmGC TeaVM links every monitor to its blocking
     * (coroutine) path, which turns much of the compiler into coroutines and trips TeaVM's coroutine splitter; so
     * synchronized methods lose the modifier and monitor instructions become no-ops.
     */
    private static void dropMonitors(MethodHolder method) {
        method.getModifiers().remove(ElementModifier.SYNCHRONIZED);
        Program program = method.getProgram();
        if (program == null) {
            return;
        }
        List<Instruction> monitors = new ArrayList<>();
        for (BasicBlock block : program.getBasicBlocks()) {
            for (Instruction insn : block) {
                if (insn instanceof MonitorEnterInstruction || insn instanceof MonitorExitInstruction) {
                    monitors.add(insn);
                }
            }
        }
        for (Instruction insn : monitors) {
            insn.replace(new EmptyInstruction());
        }
    }

    private static final org.teavm.model.MethodDescriptor FILL_IN = new org.teavm.model.MethodDescriptor(
            "fillInStackTrace", ValueType.object("java.lang.Throwable"));
    private static final MethodReference PRINTLN = new MethodReference("java.io.PrintStream", "println",
            ValueType.object("java.lang.String"), ValueType.VOID);

    private static void dropPrintln(Program program) {
        List<Instruction> prints = new ArrayList<>();
        for (BasicBlock block : program.getBasicBlocks()) {
            for (Instruction insn : block) {
                if (insn instanceof InvokeInstruction && ((InvokeInstruction) insn).getMethod().equals(PRINTLN)) {
                    prints.add(insn);
                }
            }
        }
        for (Instruction insn : prints) {
            insn.replace(new EmptyInstruction());
        }
    }

    private static void readField(MethodHolder method, String field, ClassHolderTransformerContext context) {
        String[] f = field.split("#");
        if (!method.hasModifier(ElementModifier.STATIC) || method.getParameterTypes().length != 1
                || !method.getParameterTypes()[0].equals(ValueType.object(f[0]))) {
            throw new IllegalStateException("field-read " + method.getReference() + ": not static of one " + f[0]);
        }
        // a library upgrade that renames or retypes the field fails the build here, by name
        ClassReader owner = context.getHierarchy().getClassSource().get(f[0]);
        FieldReader target = owner == null ? null : owner.getField(f[1]);
        if (target == null || !target.getType().equals(method.getResultType())) {
            throw new IllegalStateException("field-read " + method.getReference() + ": " + field + " is "
                    + (target == null ? "missing" : "of type " + target.getType()) + ", not "
                    + method.getResultType());
        }
        ProgramEmitter pe = ProgramEmitter.create(method, context.getHierarchy());
        pe.var(1, ValueType.object(f[0])).getField(f[1], method.getResultType()).returnValue();
    }

    private static void delegate(MethodHolder method, String target, String receiverType,
            ClassHolderTransformerContext context) {
        String[] t = target.split("#");
        ProgramEmitter pe = ProgramEmitter.create(method, context.getHierarchy());
        ValueType[] params = method.getParameterTypes();
        // An instance method passes its receiver first, so the stand-in is a static method of (this, params...).
        boolean instance = !method.hasModifier(ElementModifier.STATIC);
        int shift = instance ? 1 : 0;
        ValueEmitter[] args = new ValueEmitter[params.length + shift];
        ValueType[] sig = new ValueType[params.length + shift + 1];
        if (instance) {
            ValueType owner = ValueType.object(method.getOwnerName());
            ValueType receiver = receiverType == null ? owner : ValueType.object(receiverType);
            args[0] = receiverType == null ? pe.var(0, owner) : pe.var(0, owner).cast(receiver);
            sig[0] = receiver;
        }
        for (int i = 0; i < params.length; i++) {
            args[i + shift] = pe.var(i + 1, params[i]);
            sig[i + shift] = params[i];
        }
        sig[params.length + shift] = method.getResultType();
        ValueEmitter result = pe.invoke(new MethodReference(t[0], t[1], sig), args);
        if (method.getResultType() == ValueType.VOID) {
            pe.exit();
        } else {
            result.returnValue();
        }
    }

    /** The construct table for one method of {@code owner}: the allocation and its constructor call both move. */
    private void constructs(String owner, Program program) {
        for (BasicBlock block : program.getBasicBlocks()) {
            for (Instruction insn : block) {
                String built;
                if (insn instanceof ConstructInstruction) {
                    built = ((ConstructInstruction) insn).getType();
                } else if (insn instanceof InvokeInstruction
                        && ((InvokeInstruction) insn).getType() == InvocationType.SPECIAL
                        && ((InvokeInstruction) insn).getMethod().getName().equals("<init>")) {
                    built = ((InvokeInstruction) insn).getMethod().getClassName();
                } else {
                    continue;
                }
                String key = owner + "#" + built;
                String replacement = CONSTRUCTS.get(key);
                if (replacement == null) {
                    continue;
                }
                applied.add("construct " + key);
                if (insn instanceof ConstructInstruction) {
                    ((ConstructInstruction) insn).setType(replacement);
                } else {
                    InvokeInstruction init = (InvokeInstruction) insn;
                    init.setMethod(new MethodReference(replacement, init.getMethod().getDescriptor()));
                }
            }
        }
    }

    /** The filter table for one method of {@code cls}: a store to a filtered field of its own stores the result. */
    private void filters(ClassHolder cls, Program program) {
        String owner = cls.getName();
        if (!FILTERED_CLASSES.contains(owner)) {
            return;
        }
        List<PutFieldInstruction> stores = new ArrayList<>();
        for (BasicBlock block : program.getBasicBlocks()) {
            for (Instruction insn : block) {
                if (insn instanceof PutFieldInstruction
                        && ((PutFieldInstruction) insn).getField().getClassName().equals(owner)) {
                    stores.add((PutFieldInstruction) insn);
                }
            }
        }
        for (PutFieldInstruction store : stores) {
            FieldReference field = store.getField();
            String key = owner + "#" + field.getFieldName();
            String target = FILTERS.get(key);
            if (target == null) {
                continue;
            }
            applied.add("filter " + key);
            String[] t = target.split("#");
            // the declared type, which the parser's instruction may leave unset
            ValueType type = cls.getField(field.getFieldName()).getType();
            InvokeInstruction call = new InvokeInstruction();
            call.setType(InvocationType.SPECIAL);
            call.setMethod(new MethodReference(t[0], t[1], type, type));
            call.setArguments(store.getValue());
            Variable filtered = program.createVariable();
            call.setReceiver(filtered);
            call.setLocation(store.getLocation());
            store.insertPrevious(call);
            store.setValue(filtered);
        }
    }

    private void redirectCalls(Program program) {
        for (BasicBlock block : program.getBasicBlocks()) {
            for (Instruction insn : block) {
                if (!(insn instanceof InvokeInstruction)) {
                    continue;
                }
                InvokeInstruction call = (InvokeInstruction) insn;
                MethodReference m = call.getMethod();
                String redirectKey = m.getClassName() + "#" + m.getName() + parameters(m);
                Redirect r = REDIRECTS.get(redirectKey);
                if (r == null) {
                    continue;
                }
                applied.add("redirect " + redirectKey);
                List<Variable> args = new ArrayList<>();
                List<ValueType> sig = new ArrayList<>();
                if (r.receiver != null) {
                    args.add(call.getInstance());
                    sig.add(ValueType.object(r.receiver));
                }
                for (int i = 0; i < m.parameterCount(); i++) {
                    args.add(call.getArguments().get(i));
                    sig.add(m.parameterType(i));
                }
                sig.add(m.getReturnType());
                call.setType(InvocationType.SPECIAL);
                call.setInstance(null);
                call.setMethod(new MethodReference(COMPAT, r.target, sig.toArray(new ValueType[0])));
                call.setArguments(args.toArray(new Variable[0]));
            }
        }
    }

    private static String parameters(MethodReference m) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < m.parameterCount(); i++) {
            sb.append(m.parameterType(i).toString());
        }
        return sb.append(')').toString();
    }
}
