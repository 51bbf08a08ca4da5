package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.messages.ExceptionMessage;
import org.codehaus.groovy.control.messages.LocatedMessage;
import org.codehaus.groovy.control.messages.Message;
import org.codehaus.groovy.control.messages.SimpleMessage;
import org.codehaus.groovy.control.messages.SyntaxErrorMessage;
import org.codehaus.groovy.syntax.CSTNode;
import org.codehaus.groovy.syntax.SyntaxException;

import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.compile.MessageSource;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.op.EngineException;
import io.groovymcp.engine.op.Request;
import io.groovymcp.engine.text.SourceText;

/**
 * Compiler messages of one buffer as protocol diagnostics. Messages that name no buffer (a failure of the whole
 * compile) are shown on every buffer, at its start, because they affect all of them.
 */
public final class Diagnostics {
    private Diagnostics() {
    }

    /**
     * The Declarative Pipeline checks of a Jenkinsfile, the same ones the lint op runs as rules, so that every front
     * end shows one answer. Positions as the compiler gives them (1-based, last column exclusive).
     */
    public interface Pipelines {
        void check(SourceUnit unit, Finding sink);
    }

    /** One rule finding of {@link Pipelines}, with the rule's default severity. */
    public interface Finding {
        void finding(String ruleId, String severity, String message, int line, int column, int lastLine,
                     int lastColumn);
    }

    /** The file kinds a caller may name, as the lint op takes them. */
    private static final List<String> KINDS = java.util.Arrays.asList("class", "script", "jenkins", "gradle");

    /** The diagnostics op: a buffer that is not open is the same state error as for every other op. */
    static Map<String, Object> run(Workspace ws, Request r, Pipelines pipelines) {
        String uri = r.string("uri");
        String kind = r.optString("kind");
        if (kind != null && !KINDS.contains(kind)) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "kind must be one of " + KINDS + ", got " + kind);
        }
        SourceText st = ws.text(uri);
        if (kind != null) {
            ws.markPipeline(uri, "jenkins".equals(kind));
        }
        Compilation c = ws.compileFor(uri);
        List<Map<String, Object>> declarative = new ArrayList<>();
        SourceUnit su = c.unit(uri);
        if (su != null && su.getAST() != null && (kind == null ? isJenkinsfile(uri) : "jenkins".equals(kind))) {
            pipelines.check(su, (id, severity, message, line, column, lastLine, lastColumn) -> {
                int s = st.compilerOffset(line, column);
                int e = lastLine > 0 ? st.compilerOffset(lastLine, lastColumn) : s;
                declarative.add(Json.obj("range", SourceText.range(st.position(s), st.position(Math.max(s, e))),
                        "severity", severity, "message", message, "code", id));
            });
        }
        return of(uri, st, c, declarative, OrganizeImports.hints(ws.cache(), c, uri, st));
    }

    /**
     * A Jenkinsfile by its name (the URI's last segment): {@code Jenkinsfile}, {@code Jenkinsfile.*},
     * {@code *.jenkinsfile}, {@code *.jenkins}.
     */
    static boolean isJenkinsfile(String uri) {
        return io.groovymcp.engine.cps.PipelineShell.isJenkinsfileName(uri);
    }

    public static Map<String, Object> of(String uri, SourceText text, Compilation c, List<Map<String, Object>> hints) {
        return of(uri, text, c, java.util.Collections.<Map<String, Object>>emptyList(), hints);
    }

    private static Map<String, Object> of(String uri, SourceText text, Compilation c,
                                          List<Map<String, Object>> ruleErrors, List<Map<String, Object>> hints) {
        List<Object> out = new ArrayList<>();
        int errors = 0;
        int warnings = 0;
        for (Shown d : of(uri, text, c)) {
            out.add(d.json);
            if ("error".equals(d.json.get("severity"))) {
                errors++;
            } else {
                warnings++;
            }
        }
        for (Map<String, Object> d : ruleErrors) {
            out.add(d);
            if ("error".equals(d.get("severity"))) {
                errors++;
            }
        }
        if (hints != null) {
            out.addAll(hints);
        }
        return Json.obj("uri", uri, "diagnostics", out, "errorCount", errors, "warningCount", warnings);
    }

    /** A compiler message as one buffer shows it: the protocol diagnostic and the message it came from. */
    public static final class Shown {
        public final Message message;
        public final Map<String, Object> json;

        Shown(Message message, Map<String, Object> json) {
            this.message = message;
            this.json = json;
        }
    }

    /** The buffer's compiler messages, errors then warnings, each identical diagnostic once. */
    public static List<Shown> of(String uri, SourceText text, Compilation c) {
        List<Shown> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Message m : c.errors()) {
            Map<String, Object> d = convert(uri, text, m, "error");
            if (d != null && seen.add(Json.write(d))) {
                out.add(new Shown(m, d));
            }
        }
        for (Message m : c.warnings()) {
            Map<String, Object> d = convert(uri, text, m, "warning");
            if (d != null && seen.add(Json.write(d))) {
                out.add(new Shown(m, d));
            }
        }
        return out;
    }

    private static Map<String, Object> convert(String uri, SourceText text, Message m, String severity) {
        String owner = MessageSource.uriOf(m);
        if (owner != null && !owner.equals(uri)) {
            return null;
        }
        int[] start = {0, 0};
        int[] end = {0, 0};
        String message;
        String code;
        if (m instanceof SyntaxErrorMessage) {
            SyntaxException se = ((SyntaxErrorMessage) m).getCause();
            message = se.getOriginalMessage();
            start = text.fromCompiler(se.getStartLine(), se.getStartColumn());
            if (se.getEndLine() > 0 && se.getEndColumn() > 0) {
                end = text.fromCompiler(se.getEndLine(), se.getEndColumn());
            } else {
                end = oneChar(text, start);
            }
            code = message.startsWith("[Static type checking]") ? "type-check" : "compile";
        } else if (m instanceof LocatedMessage) {
            LocatedMessage lm = (LocatedMessage) m;
            message = lm.getMessage();
            CSTNode ctx = lm.getContext();
            if (ctx != null && ctx.getStartLine() > 0) {
                start = text.fromCompiler(ctx.getStartLine(), ctx.getStartColumn());
            }
            end = oneChar(text, start);
            code = "compile";
        } else if (m instanceof SimpleMessage) {
            message = ((SimpleMessage) m).getMessage();
            end = oneChar(text, start);
            code = "compile";
        } else if (m instanceof ExceptionMessage) {
            Exception ex = ((ExceptionMessage) m).getCause();
            message = ex.getMessage() == null ? ex.getClass().getName() : ex.getMessage();
            end = oneChar(text, start);
            code = "internal";
        } else {
            return null;
        }
        return Json.obj("range", SourceText.range(start, end), "severity", severity,
                "message", clean(message), "code", code);
    }

    private static int[] oneChar(SourceText text, int[] start) {
        int len = text.lineEnd(start[0]) - text.lineStart(start[0]);
        return new int[] {start[0], Math.min(start[1] + 1, len)};
    }

    /** Compiler messages end with newlines and carry tabs from their own formatting; trim to one clean message. */
    static String clean(String message) {
        if (message == null) {
            return "";
        }
        String s = message;
        int end = s.length();
        while (end > 0 && Character.isWhitespace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end);
    }
}
