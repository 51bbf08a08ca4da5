package io.groovymcp.stockoracle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import groovy.lang.GroovyClassLoader;
import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.Phases;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.messages.ExceptionMessage;
import org.codehaus.groovy.control.messages.LocatedMessage;
import org.codehaus.groovy.control.messages.Message;
import org.codehaus.groovy.control.messages.SimpleMessage;
import org.codehaus.groovy.control.messages.SyntaxErrorMessage;
import org.codehaus.groovy.syntax.SyntaxException;
import org.codehaus.groovy.transform.sc.StaticCompilationVisitor;
import org.codehaus.groovy.transform.stc.StaticTypeCheckingVisitor;

/**
 * The STOCK Groovy compiler as the fidelity oracle: each file compiled alone, in its own CompilationUnit, with the
 * Groovy jars of this module's class path and the full JDK, and no groovymcp code at all.
 *
 * <p>Reads tab-separated lines {@code <path>\t<source name>} from stdin (the name is what the engine is given as the
 * buffer URI, so script class names agree) and prints one JSON object per file to stdout:
 * {@code {"name":..., "ms":..., "errors":[{"line":L,"column":C,"message":M,"kind":K}]}} with the compiler's own
 * 1-based line and column. Options:
 * <ul>
 *   <li>{@code --phases stock} (default): {@code compile(INSTRUCTION_SELECTION)}: the phase at which Groovy's own
 *   {@code @TypeChecked}/{@code @CompileStatic} transforms run the static type checker; nothing generates bytecode
 *   before CLASS_GENERATION.</li>
 *   <li>{@code --phases canonicalization}: {@code compile(CANONICALIZATION)}, then the type checker's visitor over
 *   annotated classes and methods, written here from Groovy's transform semantics (the engine's documented phase
 *   set). Comparing both modes tells whether the engine's phase set loses anything.</li>
 *   <li>{@code --class-positions}: parse only (CONVERSION) and print {@code "classes":[[line,column],...]}, where
 *   each declared class not yet annotated (not interfaces, traits, annotation types, scripts or anonymous classes) starts, so a bench
 *   can insert {@code @TypeChecked} at exactly that place without moving any line.</li>
 *   <li>{@code --repeat N}: compile the whole list N times and report the last round (warm JVM timings).</li>
 * </ul>
 * The compiler's error tolerance is raised to 1000 (the engine's setting), so files with more than 10 errors are
 * compared in full rather than cut at the stock default. Grape is disabled: nothing is ever downloaded.
 */
public final class StockOracle {
    private StockOracle() {
    }

    public static void main(String[] args) throws IOException {
        System.setProperty("groovy.grape.enable", "false");
        String phases = "stock";
        int repeat = 1;
        for (int i = 0; i < args.length; i++) {
            if ("--phases".equals(args[i])) {
                phases = args[++i];
            } else if ("--class-positions".equals(args[i])) {
                phases = "positions";
            } else if ("--repeat".equals(args[i])) {
                repeat = Integer.parseInt(args[++i]);
            } else {
                throw new IllegalArgumentException("unknown argument: " + args[i]);
            }
        }
        if (!"stock".equals(phases) && !"canonicalization".equals(phases) && !"positions".equals(phases)) {
            throw new IllegalArgumentException("--phases must be stock or canonicalization");
        }
        List<String[]> inputs = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (!line.isEmpty()) {
                    String[] parts = line.split("\t", 2);
                    inputs.add(new String[] {parts[0], parts.length > 1 ? parts[1] : parts[0]});
                }
            }
        }
        // Compiler output (a transform printing, a stack trace) must never mix into the JSON on stdout.
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
        System.setOut(System.err);
        for (int round = 1; round <= repeat; round++) {
            for (String[] input : inputs) {
                String text = new String(Files.readAllBytes(Paths.get(input[0])), StandardCharsets.UTF_8);
                long t0 = System.nanoTime();
                String result = "positions".equals(phases) ? classPositions(input[1], text) : compile(input[1], text, phases);
                double ms = (System.nanoTime() - t0) / 1e6;
                if (round == repeat) {
                    out.println("{\"name\":" + Json.str(input[1]) + ",\"ms\":" + Math.round(ms * 100) / 100.0 + "," + result + "}");
                }
            }
        }
        out.flush();
    }

    static String classPositions(String name, String text) {
        CompilerConfiguration cfg = configuration();
        GroovyClassLoader gcl = new GroovyClassLoader(StockOracle.class.getClassLoader(), cfg);
        CompilationUnit cu = new CompilationUnit(cfg, null, gcl);
        SourceUnit su = cu.addSource(name, text);
        StringBuilder sb = new StringBuilder("\"classes\":[");
        try {
            cu.compile(Phases.CONVERSION);
            boolean first = true;
            for (ClassNode cn : su.getAST().getClasses()) {
                if (cn.isScript() || cn.isInterface() || cn.isAnnotationDefinition() || cn.getLineNumber() <= 0
                        || cn instanceof org.codehaus.groovy.ast.InnerClassNode && ((org.codehaus.groovy.ast.InnerClassNode) cn).isAnonymous()
                        || alreadyChecked(cn)) {
                    continue;
                }
                sb.append(first ? "" : ",").append('[').append(cn.getLineNumber()).append(',').append(cn.getColumnNumber()).append(']');
                first = false;
            }
        } catch (Throwable t) {
            // not parseable: no positions
        }
        return sb.append(']').toString();
    }

    /** Already annotated (names are not resolved yet at CONVERSION, so the simple name counts too). */
    private static boolean alreadyChecked(ClassNode cn) {
        for (AnnotationNode a : cn.getAnnotations()) {
            String n = a.getClassNode().getName();
            if (n.endsWith("TypeChecked") || n.endsWith("CompileStatic") || n.endsWith("CompileDynamic")) {
                return true;
            }
        }
        return false;
    }

    static CompilerConfiguration configuration() {
        CompilerConfiguration cfg = new CompilerConfiguration();
        cfg.setTolerance(1000);
        return cfg;
    }

    /** The JSON members {@code "errors":[...]} (and {@code "crash"} when the compiler itself threw). */
    static String compile(String name, String text, String phases) {
        CompilerConfiguration cfg = configuration();
        GroovyClassLoader gcl = new GroovyClassLoader(StockOracle.class.getClassLoader(), cfg);
        CompilationUnit cu = new CompilationUnit(cfg, null, gcl);
        SourceUnit su = cu.addSource(name, text);
        String crash = null;
        try {
            if ("stock".equals(phases)) {
                cu.compile(Phases.INSTRUCTION_SELECTION);
            } else {
                cu.compile(Phases.CANONICALIZATION);
                typeCheck(cu, su);
            }
        } catch (CompilationFailedException expected) {
            // the messages are in the collector
        } catch (Throwable t) {
            crash = t.getClass().getName() + ": " + t.getMessage();
        } finally {
            try {
                gcl.close();
            } catch (IOException ignore) {
                // nothing was opened
            }
        }
        StringBuilder sb = new StringBuilder("\"errors\":[");
        List<? extends Message> errors = cu.getErrorCollector().getErrors();
        if (errors != null) {
            boolean first = true;
            for (Message m : errors) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                sb.append(error(m));
            }
        }
        sb.append(']');
        if (crash != null) {
            sb.append(",\"crash\":").append(Json.str(crash));
        }
        return sb.toString();
    }

    private static String error(Message m) {
        int line = 0;
        int column = 0;
        String message;
        String kind;
        if (m instanceof SyntaxErrorMessage) {
            SyntaxException se = ((SyntaxErrorMessage) m).getCause();
            line = se.getStartLine();
            column = se.getStartColumn();
            message = se.getOriginalMessage();
            kind = "syntax";
        } else if (m instanceof LocatedMessage) {
            LocatedMessage lm = (LocatedMessage) m;
            if (lm.getContext() != null) {
                line = lm.getContext().getStartLine();
                column = lm.getContext().getStartColumn();
            }
            message = lm.getMessage();
            kind = "located";
        } else if (m instanceof SimpleMessage) {
            message = ((SimpleMessage) m).getMessage();
            kind = "simple";
        } else if (m instanceof ExceptionMessage) {
            Exception ex = ((ExceptionMessage) m).getCause();
            message = ex.getMessage() == null ? ex.getClass().getName() : ex.getMessage();
            kind = "exception";
        } else {
            message = String.valueOf(m);
            kind = m.getClass().getSimpleName();
        }
        return "{\"line\":" + line + ",\"column\":" + column + ",\"message\":" + Json.str(message == null ? "" : message.stripTrailing())
                + ",\"kind\":\"" + kind + "\"}";
    }

    // ---- --phases canonicalization: the type checker over annotated code, as Groovy's transforms apply it ----

    private static final String TYPE_CHECKED = "groovy.transform.TypeChecked";
    private static final String COMPILE_STATIC = "groovy.transform.CompileStatic";

    private static void typeCheck(CompilationUnit cu, SourceUnit su) {
        ModuleNode module = su.getAST();
        if (module == null) {
            return;
        }
        for (ClassNode cn : new ArrayList<>(module.getClasses())) {
            String mode = mode(cn);
            boolean outerChecked = false;
            for (ClassNode o = cn.getOuterClass(); o != null; o = o.getOuterClass()) {
                outerChecked |= mode(o) != null;
            }
            if (outerChecked) {
                continue; // visited with its outer class
            }
            if (mode != null) {
                if (!"SKIP".equals(mode)) {
                    run(cu, su, cn, null, COMPILE_STATIC.equals(mode));
                }
                continue;
            }
            List<MethodNode> methods = new ArrayList<>(cn.getMethods());
            methods.addAll(cn.getDeclaredConstructors());
            for (MethodNode mn : methods) {
                String m = mode(mn);
                if (m != null && !"SKIP".equals(m)) {
                    run(cu, su, cn, mn, COMPILE_STATIC.equals(m));
                }
            }
        }
    }

    private static String mode(AnnotatedNode node) {
        for (AnnotationNode a : node.getAnnotations()) {
            String n = a.getClassNode().getName();
            if (TYPE_CHECKED.equals(n) || COMPILE_STATIC.equals(n)) {
                Expression v = a.getMember("value");
                return v != null && v.getText().endsWith("SKIP") ? "SKIP" : n;
            }
        }
        return null;
    }

    private static void run(CompilationUnit cu, SourceUnit su, ClassNode cn, MethodNode only, boolean cs) {
        StaticTypeCheckingVisitor v = cs ? new StaticCompilationVisitor(su, cn) : new StaticTypeCheckingVisitor(su, cn);
        v.setCompilationUnit(cu);
        if (only != null) {
            v.setMethodsToBeVisited(java.util.Collections.singleton(only));
        }
        try {
            v.initialize();
            if (only != null) {
                v.visitMethod(only);
            } else {
                v.visitClass(cn);
            }
            v.performSecondPass();
        } catch (CompilationFailedException ignore) {
            // in the collector
        }
    }

    /** Just enough JSON: strings escaped per RFC 8259. */
    static final class Json {
        private Json() {
        }

        static String str(String s) {
            StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"': sb.append("\\\""); break;
                    case '\\': sb.append("\\\\"); break;
                    case '\n': sb.append("\\n"); break;
                    case '\r': sb.append("\\r"); break;
                    case '\t': sb.append("\\t"); break;
                    default:
                        if (c < 0x20) {
                            sb.append(String.format("\\u%04x", (int) c));
                        } else {
                            sb.append(c);
                        }
                }
            }
            return sb.append('"').toString();
        }
    }
}
