package io.groovymcp.lint.rules.declarative;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.GStringExpression;
import org.codehaus.groovy.ast.expr.MapEntryExpression;
import org.codehaus.groovy.ast.expr.MapExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.syntax.Types;

import io.groovymcp.lint.rules.Finding;
import io.groovymcp.lint.rules.LintContext;
import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.SourceLines;
import io.groovymcp.lint.rules.ast.Unit;

/**
 * Declarative Pipeline validation on the syntax tree, the checks Jenkins's converter and validator make before a
 * build starts: sections and directives where the syntax allows them, required, duplicate and empty ones, the
 * built-in names of post and {@code when} conditions, blocked steps and the kinds of values directives take. Only a
 * file whose top level (or a {@code vars/} script's {@code call} method) holds {@code pipeline { }} is read. Names
 * that installed plugins define (steps, options, triggers, parameter types, tools, most agent types) are checked
 * only against a site catalogue; without one they are never guessed.
 */
public final class DeclarativeValidator {
    static final String SECTION = LintRules.DECLARATIVE_SECTION;
    static final String EMPTY = LintRules.DECLARATIVE_EMPTY;
    static final String UNKNOWN_NAME = LintRules.DECLARATIVE_UNKNOWN_NAME;
    static final String BLOCKED_STEP = LintRules.DECLARATIVE_BLOCKED_STEP;
    static final String VALUE = LintRules.DECLARATIVE_VALUE;
    static final String DUPLICATE = LintRules.DECLARATIVE_DUPLICATE;

    /** Jenkins stops after this many errors (Groovy's default tolerance), so a user never sees more. */
    static final int ERROR_CAP = 10;

    private final SiteCatalogue site;
    private final SourceLines lines;
    private final List<Finding> found = new ArrayList<>();
    private final Set<String> stageNames = new HashSet<>();

    private DeclarativeValidator(SiteCatalogue site, SourceLines lines) {
        this.site = site;
        this.lines = lines;
    }

    /** The Declarative errors of one parsed unit, at most {@link #ERROR_CAP} per pipeline, in Jenkins's order. */
    public static List<Finding> findings(SourceUnit unit, SiteCatalogue site) {
        if (unit == null || unit.getAST() == null) {
            return Collections.emptyList();
        }
        List<Finding> out = new ArrayList<>();
        SourceLines lines = new Unit(unit, new LintContext(LintContext.JENKINS)).lines();
        List<MethodCallExpression> top = pipelines(unit.getAST());
        try {
            for (MethodCallExpression p : top) {
                DeclarativeValidator v = new DeclarativeValidator(site, lines);
                v.pipeline(p);
                out.addAll(v.found.size() > ERROR_CAP ? v.found.subList(0, ERROR_CAP) : v.found);
            }
            DeclarativeValidator nested = new DeclarativeValidator(site, lines);
            nested.misplacedPipelines(unit.getAST(), top);
            out.addAll(nested.found.size() > ERROR_CAP ? nested.found.subList(0, ERROR_CAP) : nested.found);
        } catch (RuntimeException e) {
            // An AST shape the model does not expect: report nothing rather than half a pipeline's errors.
            return Collections.emptyList();
        }
        return out;
    }

    /** The {@code pipeline { }} calls at the top of the script, or of a {@code vars/} script's {@code call}. */
    static List<MethodCallExpression> pipelines(ModuleNode module) {
        List<MethodCallExpression> out = new ArrayList<>();
        collectTop(module.getStatementBlock(), out);
        for (ClassNode cn : module.getClasses()) {
            if (!cn.isScript()) {
                continue;
            }
            for (MethodNode m : cn.getMethods()) {
                if ("call".equals(m.getName()) && m.getCode() instanceof BlockStatement) {
                    collectTop((BlockStatement) m.getCode(), out);
                }
            }
        }
        return out;
    }

    private static void collectTop(BlockStatement block, List<MethodCallExpression> out) {
        if (block == null) {
            return;
        }
        for (Statement s : block.getStatements()) {
            MethodCallExpression c = call(s);
            if (c != null && "pipeline".equals(name(c)) && body(c) != null && c.getLineNumber() > 0) {
                out.add(c);
            }
        }
    }

    // ---- the pipeline block ----

    private void pipeline(MethodCallExpression p) {
        Set<String> seen = new HashSet<>();
        MethodCallExpression agent = null;
        MethodCallExpression stages = null;
        for (Statement s : statements(body(p))) {
            MethodCallExpression c = call(s);
            if (c == null) {
                String bare = bareName(s);
                report(SECTION, bare != null && BuiltInCatalogue.PIPELINE_SECTIONS.contains(bare)
                        ? "The section \"" + bare + "\" needs its configuration"
                        : "Only Declarative sections may appear directly in \"pipeline\"; this statement is not one",
                        s);
                continue;
            }
            String n = name(c);
            if (BuiltInCatalogue.RENAMED.containsKey(n) && !BuiltInCatalogue.PIPELINE_SECTIONS.contains(n)) {
                report(SECTION, "The section \"" + n + "\" no longer exists; write \""
                        + BuiltInCatalogue.RENAMED.get(n) + "\" instead", c);
                continue;
            }
            if (!BuiltInCatalogue.PIPELINE_SECTIONS.contains(n)) {
                report(SECTION, "\"" + n + "\" is not a Declarative section of \"pipeline\"", c);
                continue;
            }
            if (!seen.add(n)) {
                report(DUPLICATE, "The \"" + n + "\" section appears more than once in \"pipeline\"", c);
                continue;
            }
            switch (n) {
                case "agent":
                    agent = c;
                    agent(c);
                    break;
                case "stages":
                    stages = c;
                    stages(c, false);
                    break;
                default:
                    section(n, c);
                    break;
            }
        }
        if (stages == null) {
            report(SECTION, "\"pipeline\" is missing its required section \"stages\"", p);
        }
        if (agent == null) {
            report(SECTION, "\"pipeline\" is missing its required section \"agent\"", p);
        }
    }

    /** The sections that both {@code pipeline} and a stage may hold, other than agent and stages. */
    private void section(String n, MethodCallExpression c) {
        switch (n) {
            case "post":
                post(c);
                break;
            case "environment":
                environment(c);
                break;
            case "options":
            case "triggers":
            case "parameters":
                namedEntries(n, c);
                break;
            case "tools":
                tools(c);
                break;
            case "libraries":
                libraries(c);
                break;
            default:
                break;
        }
    }

    /** {@code pipeline} blocks anywhere but the top level: Jenkins reads only a top-level one. */
    private void misplacedPipelines(ModuleNode module, List<MethodCallExpression> top) {
        org.codehaus.groovy.ast.CodeVisitorSupport v = new org.codehaus.groovy.ast.CodeVisitorSupport() {
            @Override
            public void visitMethodCallExpression(MethodCallExpression call) {
                if ("pipeline".equals(name(call)) && body(call) != null && call.isImplicitThis()
                        && !top.contains(call)) {
                    report(SECTION, "A \"pipeline\" block must be at the top level of the file, not inside another "
                            + "block", call);
                }
                super.visitMethodCallExpression(call);
            }
        };
        if (module.getStatementBlock() != null) {
            module.getStatementBlock().visit(v);
        }
        for (ClassNode cn : module.getClasses()) {
            for (MethodNode m : cn.getMethods()) {
                if (m.getCode() != null && !(cn.isScript() && "run".equals(m.getName()))) {
                    m.getCode().visit(v);
                }
            }
        }
    }

    // ---- agent ----

    private void agent(MethodCallExpression c) {
        List<Expression> a = args(c);
        ClosureExpression b = body(c);
        if (b == null) {
            Expression only = a.size() == 1 ? a.get(0) : null;
            if (only instanceof VariableExpression
                    && ("any".equals(((VariableExpression) only).getName())
                    || "none".equals(((VariableExpression) only).getName()))) {
                return;
            }
            if (only instanceof MapExpression || (only instanceof TupleExpression
                    && !((TupleExpression) only).getExpressions().isEmpty()
                    && ((TupleExpression) only).getExpression(0) instanceof MapExpression)) {
                return; // the older map form, still accepted
            }
            report(SECTION, "\"agent\" takes \"any\", \"none\" or a block naming one agent type", c);
            return;
        }
        List<Statement> body = statements(b);
        List<MethodCallExpression> types = new ArrayList<>();
        for (Statement s : body) {
            MethodCallExpression t = call(s);
            if (t == null) {
                report(SECTION, "An \"agent\" block holds an agent type such as \"label\" or \"docker\"", s);
                continue;
            }
            if ("reuseNode".equals(name(t)) || "customWorkspace".equals(name(t))) {
                continue;
            }
            types.add(t);
        }
        if (types.isEmpty()) {
            report(SECTION, "The \"agent\" block names no agent type (any, none, label, node, docker, "
                    + "dockerfile, kubernetes, ...)", c);
            return;
        }
        if (types.size() > 1) {
            report(SECTION, "An \"agent\" block may name only one agent type; it names \"" + name(types.get(0))
                    + "\" and \"" + name(types.get(1)) + "\"", types.get(1));
        }
        MethodCallExpression t = types.get(0);
        String type = name(t);
        if (site.hasAgentTypes() && !site.agentType(type) && !BuiltInCatalogue.AGENT_TYPES.contains(type)) {
            report(UNKNOWN_NAME, "\"" + type + "\" is not an agent type this controller knows", t);
        }
    }

    // ---- stages and stage ----

    /** @param nested whether these stages are inside a parallel or matrix */
    private void stages(MethodCallExpression c, boolean nested) {
        List<Statement> body = sectionBody(c, "\"" + name(c) + "\" holds no stages");
        if (body == null) {
            return;
        }
        for (Statement s : body) {
            MethodCallExpression st = call(s);
            if (st == null || !"stage".equals(name(st))) {
                report(SECTION, "Only \"stage\" entries may appear in \"" + name(c) + "\"", st == null ? s : st);
                continue;
            }
            stage(st, nested);
        }
    }

    private void stage(MethodCallExpression c, boolean nested) {
        List<Expression> a = args(c);
        String stageName = a.size() > 1 && a.get(0) instanceof ConstantExpression
                ? String.valueOf(((ConstantExpression) a.get(0)).getValue()) : null;
        ClosureExpression b = body(c);
        if (b == null) {
            report(SECTION, "The stage has no block", c);
            return;
        }
        if (stageName == null) {
            report(SECTION, "The stage has no name", c);
            stageName = "";
        } else if (!stageNames.add(stageName)) {
            report(DUPLICATE, "Another stage is already named \"" + stageName + "\"", c);
        }
        Set<String> seen = new HashSet<>();
        List<String> bodies = new ArrayList<>();
        MethodCallExpression agent = null;
        MethodCallExpression tools = null;
        for (Statement s : statements(b)) {
            MethodCallExpression d = call(s);
            if (d == null) {
                String bare = bareName(s);
                report(SECTION, bare != null && BuiltInCatalogue.STAGE_SECTIONS.contains(bare)
                        ? "The stage section \"" + bare + "\" of stage \"" + stageName + "\" needs its configuration"
                        : "Stage \"" + stageName + "\" holds a statement that is not a stage section; steps "
                        + "belong in a \"steps\" block", s);
                continue;
            }
            String n = name(d);
            if (!BuiltInCatalogue.STAGE_SECTIONS.contains(n)) {
                report(SECTION, "\"" + n + "\" is not a section of stage \"" + stageName + "\"; steps belong in a "
                        + "\"steps\" block", d);
                continue;
            }
            if (!seen.add(n)) {
                report(DUPLICATE, "The \"" + n + "\" section appears more than once in stage \"" + stageName + "\"",
                        d);
                continue;
            }
            switch (n) {
                case "steps":
                    bodies.add(n);
                    steps(d, stageName);
                    break;
                case "stages":
                    bodies.add(n);
                    stages(d, nested);
                    break;
                case "parallel":
                case "matrix":
                    bodies.add(n);
                    if (nested) {
                        report(SECTION, "\"" + n + "\" cannot be nested inside another \"parallel\" or \"matrix\"", d);
                    }
                    if ("matrix".equals(n)) {
                        matrix(d);
                    } else {
                        stages(d, true);
                    }
                    break;
                case "agent":
                    agent = d;
                    agent(d);
                    break;
                case "tools":
                    tools = d;
                    tools(d);
                    break;
                case "when":
                    when(d);
                    break;
                case "input":
                    input(d);
                    break;
                case "failFast":
                    bool(d);
                    break;
                case "options":
                    namedEntries(n, d);
                    stageOptions(d, stageName);
                    break;
                default:
                    section(n, d);
                    break;
            }
        }
        if (bodies.isEmpty()) {
            report(SECTION, "Stage \"" + stageName + "\" has nothing to run: give it one of \"steps\", \"stages\", "
                    + "\"parallel\" or \"matrix\"", c);
        } else if (bodies.size() > 1) {
            report(SECTION, "Stage \"" + stageName + "\" may have only one of \"matrix\", \"parallel\", \"stages\" "
                    + "or \"steps\"", c);
        }
        boolean fansOut = bodies.contains("parallel") || bodies.contains("matrix");
        if (fansOut && agent != null) {
            report(SECTION, "\"agent\" is not allowed in stage \"" + stageName + "\" since it holds parallel or "
                    + "matrix stages", agent);
        }
        if (fansOut && tools != null) {
            report(SECTION, "\"tools\" is not allowed in stage \"" + stageName + "\" since it holds parallel or "
                    + "matrix stages", tools);
        }
    }

    private void steps(MethodCallExpression c, String stageName) {
        List<Statement> body = sectionBody(c, "\"steps\" holds no steps");
        if (body == null) {
            return;
        }
        stepList(body, stageName);
    }

    /** Statements where Declarative allows only steps (a steps block, or the block of a step inside one). */
    private void stepList(List<Statement> body, String stageName) {
        for (Statement s : body) {
            MethodCallExpression st = call(s);
            if (st == null) {
                report(SECTION, "Only steps may appear here; put other statements in a \"script { }\" block", s);
                continue;
            }
            if (!st.isImplicitThis()) {
                report(VALUE, "A method call on an object (" + text(st.getObjectExpression()) + "."
                        + name(st) + ") is not a step; call it inside a \"script { }\" block", st);
                continue;
            }
            String n = name(st);
            if ("stage".equals(n)) {
                report(BLOCKED_STEP, "The step \"stage\" is not allowed inside \"steps\"; nest stages in a "
                        + "\"stages\" block instead", st);
            } else if ("properties".equals(n)) {
                report(BLOCKED_STEP, "The step \"properties\" is not allowed inside \"steps\"; use the "
                        + "\"options\", \"parameters\" and \"triggers\" directives", st);
            } else if ("parallel".equals(n)) {
                if (body.size() > 1) {
                    report(BLOCKED_STEP, "The step \"parallel\" is allowed in \"steps\" only as its single step",
                            st);
                }
                parallelStep(st, stageName);
                continue;
            } else if ("script".equals(n)) {
                continue; // any Groovy
            }
            arguments(st);
            ClosureExpression inner = body(st);
            if (inner != null) {
                stepList(statements(inner), stageName);
            }
        }
    }

    private void parallelStep(MethodCallExpression st, String stageName) {
        List<Expression> a = args(st);
        if (a.isEmpty()) {
            report(SECTION, "Stage \"" + stageName + "\" has nothing to run: its \"parallel\" step names no "
                    + "branches", st);
            return;
        }
        for (Expression e : a) {
            if (!(e instanceof MapExpression)) {
                continue;
            }
            for (MapEntryExpression me : ((MapExpression) e).getMapEntryExpressions()) {
                String key = me.getKeyExpression().getText();
                Expression v = me.getValueExpression();
                if ("failFast".equals(key)) {
                    if (!(v instanceof ConstantExpression && ((ConstantExpression) v).getValue() instanceof Boolean)) {
                        report(VALUE, "\"failFast\" takes true or false, not " + text(v), v);
                    }
                } else if (!(v instanceof ClosureExpression)) {
                    report(SECTION, "Each branch of \"parallel\" is a block; \"" + key + "\" is neither a branch "
                            + "nor failFast", v);
                } else {
                    stepList(statements((ClosureExpression) v), stageName);
                }
            }
        }
    }

    /** The arguments of a step or directive entry: the shapes Declarative refuses in them. */
    private void arguments(MethodCallExpression call) {
        List<Expression> a = args(call);
        boolean named = false;
        int plain = 0;
        for (Expression e : a) {
            if (e instanceof MapExpression) {
                named = true;
            } else if (!(e instanceof ClosureExpression)) {
                plain++;
            }
        }
        if (named && plain > 0) {
            report(VALUE, "\"" + name(call) + "\" mixes named and unnamed arguments", call);
        }
        for (Expression e : a) {
            if (!(e instanceof ClosureExpression)) {
                argument(e);
            }
        }
    }

    private void argument(Expression e) {
        new org.codehaus.groovy.ast.CodeVisitorSupport() {
            @Override
            public void visitMethodCallExpression(MethodCallExpression m) {
                String n = name(m);
                if ("$".equals(n) && body(m) != null) {
                    report(VALUE, bareDollar(m), m);
                    return;
                }
                if (body(m) != null) {
                    report(VALUE, "Method call arguments cannot take a block (\"" + n + "\")", m);
                    return;
                }
                if (m.isImplicitThis() && ("properties".equals(n) || "stage".equals(n) || "node".equals(n)
                        || "parallel".equals(n))) {
                    report(BLOCKED_STEP, "The step \"" + n + "\" is not allowed inside another call's arguments", m);
                }
                super.visitMethodCallExpression(m);
            }

            @Override
            public void visitConstantExpression(ConstantExpression c) {
                if (c.getValue() instanceof java.math.BigInteger) {
                    report(VALUE, "The number " + c.getValue() + " is too large: Declarative constants are at most "
                            + Long.MAX_VALUE, c);
                }
            }

            @Override
            public void visitClosureExpression(ClosureExpression c) {
                // the block of a call inside the arguments is reported above; its contents are not arguments
            }
        }.visit(e);
    }

    private String bareDollar(MethodCallExpression m) {
        String inner = text(body(m)).trim();
        String expr = inner.startsWith("{") && inner.endsWith("}") ? inner.substring(1, inner.length() - 1).trim()
                : inner;
        String shown = "${" + expr + "}";
        return shown + " cannot be a value on its own; quote it as \"" + shown + "\"";
    }

    // ---- matrix ----

    private void matrix(MethodCallExpression c) {
        ClosureExpression b = body(c);
        if (b == null) {
            report(SECTION, "\"matrix\" needs a block", c);
            return;
        }
        MethodCallExpression axes = null;
        MethodCallExpression stages = null;
        for (Statement s : statements(b)) {
            MethodCallExpression d = call(s);
            if (d == null) {
                continue;
            }
            String n = name(d);
            if ("axes".equals(n)) {
                axes = d;
                axes(d, false);
            } else if ("stages".equals(n)) {
                stages = d;
                stages(d, true);
            } else if ("excludes".equals(n)) {
                excludes(d);
            } else if (BuiltInCatalogue.MATRIX_SECTIONS.contains(n)) {
                if ("agent".equals(n)) {
                    agent(d);
                } else if ("when".equals(n)) {
                    when(d);
                } else {
                    section(n, d);
                }
            } else {
                report(SECTION, "\"" + n + "\" is not a section of \"matrix\"", d);
            }
        }
        if (axes == null) {
            report(SECTION, "\"matrix\" is missing its required section \"axes\"", c);
        }
        if (stages == null) {
            report(SECTION, "\"matrix\" is missing its required section \"stages\"", c);
        }
    }

    /** @param exclude whether these are an exclude's axes (values or notValues, names may repeat) */
    private void axes(MethodCallExpression c, boolean exclude) {
        ClosureExpression b = body(c);
        List<MethodCallExpression> list = new ArrayList<>();
        for (Statement s : statements(b)) {
            MethodCallExpression d = call(s);
            if (d != null && "axis".equals(name(d))) {
                list.add(d);
            }
        }
        if (list.isEmpty()) {
            report(EMPTY, "\"" + name(c) + "\" holds no axis", c);
            return;
        }
        Set<String> names = new HashSet<>();
        for (MethodCallExpression ax : list) {
            axis(ax, exclude, names);
        }
    }

    private void axis(MethodCallExpression ax, boolean exclude, Set<String> names) {
        MethodCallExpression nameCall = null;
        MethodCallExpression valuesCall = null;
        MethodCallExpression notValuesCall = null;
        for (Statement s : statements(body(ax))) {
            MethodCallExpression d = call(s);
            if (d == null) {
                continue;
            }
            if ("name".equals(name(d))) {
                nameCall = d;
            } else if ("values".equals(name(d))) {
                valuesCall = d;
            } else if ("notValues".equals(name(d))) {
                notValuesCall = d;
            }
        }
        if (nameCall == null) {
            report(SECTION, "The axis is missing its required section \"name\"", ax);
        } else {
            String n = literal(nameCall);
            if (n != null) {
                if (!validIdentifier(n)) {
                    report(VALUE, "\"" + n + "\" is not a valid axis name: it becomes an environment variable, "
                            + "so it must be a Java identifier", nameCall);
                } else if (!names.add(n)) {
                    report(DUPLICATE, "Another axis is already named \"" + n + "\"", nameCall);
                }
            }
        }
        MethodCallExpression v = valuesCall != null ? valuesCall : notValuesCall;
        if (exclude && valuesCall != null && notValuesCall != null) {
            report(SECTION, "An exclude axis takes either \"values\" or \"notValues\", not both", ax);
        }
        if (v == null) {
            report(SECTION, "The axis is missing its required section \"values\"", ax);
            return;
        }
        Set<String> values = new HashSet<>();
        for (Expression e : args(v)) {
            String s = e instanceof ConstantExpression ? String.valueOf(((ConstantExpression) e).getValue()) : null;
            if (s == null) {
                report(VALUE, "Axis values must be literals, not " + text(e), e);
            } else if (!values.add(s)) {
                report(DUPLICATE, "The axis repeats the value \"" + s + "\"", e);
            }
        }
    }

    private void excludes(MethodCallExpression c) {
        List<MethodCallExpression> list = new ArrayList<>();
        for (Statement s : statements(body(c))) {
            MethodCallExpression d = call(s);
            if (d != null && "exclude".equals(name(d))) {
                list.add(d);
            }
        }
        if (list.isEmpty()) {
            report(EMPTY, "\"excludes\" holds no exclude", c);
            return;
        }
        for (MethodCallExpression ex : list) {
            axes(ex, true);
        }
    }

    // ---- post, when, input ----

    private void post(MethodCallExpression c) {
        List<Statement> body = sectionBody(c, "\"post\" holds no conditions");
        if (body == null) {
            return;
        }
        Set<String> seen = new HashSet<>();
        int conditions = 0;
        for (Statement s : body) {
            MethodCallExpression d = call(s);
            if (d == null || body(d) == null) {
                report(SECTION, "\"post\" holds only build conditions with blocks, such as \"always { }\"",
                        d == null ? s : d);
                continue;
            }
            conditions++;
            String n = name(d);
            if (!BuiltInCatalogue.POST_CONDITIONS.contains(n)) {
                report(UNKNOWN_NAME, "\"" + n + "\" is not a post condition; the conditions are "
                        + BuiltInCatalogue.POST_CONDITIONS, d);
            } else if (!seen.add(n)) {
                report(DUPLICATE, "The post condition \"" + n + "\" appears more than once", d);
            } else if (statements(body(d)).isEmpty()) {
                report(EMPTY, "The post condition \"" + n + "\" holds no steps", d);
            } else {
                stepList(statements(body(d)), "post");
            }
        }
        if (conditions == 0) {
            report(EMPTY, "\"post\" holds no build conditions", c);
        }
    }

    private void when(MethodCallExpression c) {
        ClosureExpression b = body(c);
        if (b == null) {
            report(SECTION, "\"when\" needs a block of conditions", c);
            return;
        }
        int conditions = 0;
        for (Statement s : statements(b)) {
            MethodCallExpression d = call(s);
            if (d == null) {
                report(SECTION, "\"when\" holds only conditions such as \"branch 'main'\"", s);
                continue;
            }
            if (BuiltInCatalogue.WHEN_OPTIONS.contains(name(d))) {
                bool(d);
                continue;
            }
            conditions++;
            condition(d);
        }
        if (conditions == 0) {
            report(EMPTY, "\"when\" holds no condition", c);
        }
    }

    private void condition(MethodCallExpression d) {
        String n = name(d);
        BuiltInCatalogue.WhenShape shape = BuiltInCatalogue.WHEN_CONDITIONS.get(n);
        if (shape == null) {
            if (!site.whenCondition(n)) {
                report(UNKNOWN_NAME, "\"" + n + "\" is not a when condition; the built-in ones are "
                        + BuiltInCatalogue.WHEN_CONDITIONS.keySet(), d);
            }
            return;
        }
        ClosureExpression b = body(d);
        List<MethodCallExpression> children = new ArrayList<>();
        if (b != null) {
            for (Statement s : statements(b)) {
                MethodCallExpression ch = call(s);
                if (ch != null) {
                    children.add(ch);
                }
            }
        }
        int plain = args(d).size() - (b == null ? 0 : 1);
        switch (shape) {
            case MANY_CHILDREN:
            case ONE_CHILD:
                if (plain > 0) {
                    report(VALUE, "The when condition \"" + n + "\" takes nested conditions, not arguments", d);
                } else if (shape == BuiltInCatalogue.WhenShape.MANY_CHILDREN && children.isEmpty()) {
                    report(VALUE, "The when condition \"" + n + "\" needs at least one nested condition", d);
                } else if (shape == BuiltInCatalogue.WhenShape.ONE_CHILD && children.size() != 1) {
                    report(VALUE, "The when condition \"" + n + "\" needs exactly 1 nested condition", d);
                }
                for (MethodCallExpression ch : children) {
                    condition(ch);
                }
                break;
            case ARGUMENTS:
                if (b != null) {
                    report(VALUE, "The when condition \"" + n + "\" takes arguments, not nested conditions", d);
                }
                break;
            default:
                break;
        }
    }

    private void input(MethodCallExpression c) {
        ClosureExpression b = body(c);
        if (b == null) {
            report(SECTION, "\"input\" needs a block", c);
            return;
        }
        boolean message = false;
        Set<String> fields = new HashSet<>();
        for (Statement s : statements(b)) {
            MethodCallExpression d = call(s);
            if (d == null) {
                continue;
            }
            if (!BuiltInCatalogue.INPUT_FIELDS.contains(name(d))) {
                report(SECTION, "\"" + name(d) + "\" is not a field of \"input\"; the fields are "
                        + BuiltInCatalogue.INPUT_FIELDS, d);
            } else if (!fields.add(name(d))) {
                report(DUPLICATE, "The \"" + name(d) + "\" field of \"input\" appears more than once", d);
            } else if ("message".equals(name(d))) {
                message = true;
            }
        }
        if (!message) {
            report(SECTION, "\"input\" is missing its required field \"message\"", c);
        }
    }

    // ---- environment ----

    private void environment(MethodCallExpression c) {
        List<Statement> body = sectionBody(c, "\"environment\" sets no variables");
        if (body == null) {
            return;
        }
        Set<String> names = new HashSet<>();
        for (Statement s : body) {
            Expression e = s instanceof ExpressionStatement ? ((ExpressionStatement) s).getExpression() : null;
            if (!(e instanceof BinaryExpression)
                    || ((BinaryExpression) e).getOperation().getType() != Types.ASSIGN) {
                String written = text(s);
                int eq = written.indexOf('=');
                String n = (eq > 0 ? written.substring(0, eq) : written).trim();
                report(VALUE, eq > 0 && !validIdentifier(n)
                        ? "\"" + n + "\" is not a valid environment variable name; it must start with a letter or "
                        + "underscore and hold only letters, digits and underscores"
                        : "\"" + written + "\" is not an environment assignment; write NAME = 'value'", s);
                continue;
            }
            BinaryExpression a = (BinaryExpression) e;
            Expression left = a.getLeftExpression();
            String n = left instanceof VariableExpression ? ((VariableExpression) left).getName() : left.getText();
            if (!(left instanceof VariableExpression) || !validIdentifier(n)) {
                report(VALUE, "\"" + n + "\" is not a valid environment variable name; it must start with a "
                        + "letter or underscore and hold only letters, digits and underscores", left);
            } else if (!names.add(n)) {
                report(DUPLICATE, "The environment variable \"" + n + "\" is set more than once", left);
            }
            envValue(a.getRightExpression());
        }
    }

    private void envValue(Expression v) {
        if (v instanceof MethodCallExpression && "$".equals(name((MethodCallExpression) v))
                && body((MethodCallExpression) v) != null) {
            report(VALUE, bareDollar((MethodCallExpression) v), v);
            return;
        }
        if (v instanceof ConstantExpression || v instanceof GStringExpression || v instanceof MethodCallExpression
                || v instanceof VariableExpression || v instanceof PropertyExpression) {
            return;
        }
        if (v instanceof BinaryExpression && ((BinaryExpression) v).getOperation().getType() == Types.PLUS) {
            envValue(((BinaryExpression) v).getLeftExpression());
            envValue(((BinaryExpression) v).getRightExpression());
            return;
        }
        if (v instanceof BinaryExpression) {
            report(VALUE, "Environment values may only be joined with '+'", v);
            return;
        }
        report(VALUE, "An environment value must be a quoted string or a function call", v);
    }

    // ---- options, triggers, parameters, tools, libraries ----

    private void namedEntries(String section, MethodCallExpression c) {
        List<Statement> body = sectionBody(c, "\"" + section + "\" is empty");
        if (body == null) {
            return;
        }
        Set<String> seen = new HashSet<>();
        for (Statement s : body) {
            MethodCallExpression d = call(s);
            Expression se = s instanceof ExpressionStatement ? ((ExpressionStatement) s).getExpression() : null;
            if (se instanceof MapExpression || se instanceof org.codehaus.groovy.ast.expr.ListExpression) {
                report(VALUE, "Entries of \"" + section + "\" cannot be maps; name the " + singular(section)
                        + " with its symbol, such as cron('H 4 * * *')", s);
                continue;
            }
            if (d == null) {
                report(SECTION, "\"" + section + "\" holds only " + section + " entries", s);
                continue;
            }
            String n = name(d);
            arguments(d);
            if (body(d) != null) {
                report(SECTION, "Entries of \"" + section + "\" cannot have blocks", d);
                continue;
            }
            if ("options".equals(section) && ("parameters".equals(n) || "pipelineTriggers".equals(n))) {
                report(SECTION, "\"" + n + "\" cannot be used in \"options\"; use the \""
                        + ("parameters".equals(n) ? "parameters" : "triggers") + " { }\" directive", d);
                continue;
            }
            if (!"parameters".equals(section) && !seen.add(n)) {
                report(DUPLICATE, "The " + singular(section) + " \"" + n + "\" appears more than once", d);
            }
            if (!site.knows(section, n)) {
                report(UNKNOWN_NAME, "\"" + n + "\" is not a " + singular(section) + " type this controller has",
                        d);
            }
        }
    }

    /** Options that only the whole pipeline can take. */
    private void stageOptions(MethodCallExpression c, String stageName) {
        for (Statement s : statements(body(c))) {
            MethodCallExpression d = call(s);
            if (d != null && BuiltInCatalogue.PIPELINE_ONLY_OPTIONS.contains(name(d))) {
                report(UNKNOWN_NAME, "The option \"" + name(d) + "\" applies to the whole pipeline and is not a "
                        + "valid option of stage \"" + stageName + "\"", d);
            }
        }
    }

    private void tools(MethodCallExpression c) {
        List<Statement> body = sectionBody(c, "\"tools\" names no tools");
        if (body == null) {
            return;
        }
        for (Statement s : body) {
            MethodCallExpression d = call(s);
            if (d == null || args(d).size() != 1 || body(d) != null) {
                report(SECTION, "Entries of \"tools\" are a tool type and its installation name, such as "
                        + "maven 'maven-3'", d == null ? s : d);
            } else if (!site.knows("tools", name(d))) {
                report(UNKNOWN_NAME, "\"" + name(d) + "\" is not a tool type this controller has", d);
            }
        }
    }

    private void libraries(MethodCallExpression c) {
        List<Statement> body = sectionBody(c, "\"libraries\" is empty");
        if (body == null) {
            return;
        }
        int libs = 0;
        for (Statement s : body) {
            MethodCallExpression d = call(s);
            if (d == null || !"lib".equals(name(d))) {
                report(SECTION, "Entries of \"libraries\" are lib('name@version'), not " + text(s), c);
            } else {
                libs++;
            }
        }
        if (libs == 0) {
            report(EMPTY, "\"libraries\" names no library", c);
        }
    }

    private void bool(MethodCallExpression d) {
        List<Expression> a = args(d);
        if (a.size() != 1 || !(a.get(0) instanceof ConstantExpression)
                || !(((ConstantExpression) a.get(0)).getValue() instanceof Boolean)) {
            report(VALUE, "\"" + name(d) + "\" takes true or false", d);
        }
    }

    // ---- helpers ----

    private void report(String rule, String message, ASTNode node) {
        ASTNode at = node instanceof MethodCallExpression && ((MethodCallExpression) node).getMethod().getLineNumber() > 0
                ? ((MethodCallExpression) node).getMethod() : node;
        if (at.getLineNumber() > 0) {
            found.add(new Finding(rule, message, at.getLineNumber(), at.getColumnNumber(),
                    at.getLineNumber() == at.getLastLineNumber() ? at.getLastLineNumber() : at.getLineNumber(),
                    at.getLineNumber() == at.getLastLineNumber() ? at.getLastColumnNumber()
                            : at.getColumnNumber() + 1));
        }
    }

    /**
     * The statements of a section's block; null, once reported, when it has no block or an empty one.
     * @param empty what to say when the block is empty
     */
    private List<Statement> sectionBody(MethodCallExpression c, String empty) {
        ClosureExpression b = body(c);
        if (b == null) {
            report(SECTION, "\"" + name(c) + "\" needs a block", c);
            return null;
        }
        List<Statement> body = statements(b);
        if (body.isEmpty()) {
            report(EMPTY, empty, c);
            return null;
        }
        return body;
    }

    /** The node's text as written, or the compiler's rendering when the source is not at hand. */
    private String text(ASTNode n) {
        String t = lines == null || n.getLineNumber() < 1 ? null
                : lines.text(n.getLineNumber(), n.getColumnNumber(), n.getLastLineNumber(), n.getLastColumnNumber());
        return t != null ? t : n.getText();
    }

    /** The name a statement consists of alone ({@code agent} written without configuration), or null. */
    private static String bareName(Statement s) {
        Expression e = s instanceof ExpressionStatement ? ((ExpressionStatement) s).getExpression() : null;
        return e instanceof VariableExpression ? ((VariableExpression) e).getName() : null;
    }

    private static String singular(String section) {
        return section.endsWith("s") ? section.substring(0, section.length() - 1) : section;
    }

    static boolean validIdentifier(String n) {
        if (n.isEmpty() || !(Character.isLetter(n.charAt(0)) || n.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < n.length(); i++) {
            char ch = n.charAt(i);
            if (!Character.isLetterOrDigit(ch) && ch != '_') {
                return false;
            }
        }
        return true;
    }

    /** The single string-literal argument of {@code d}, or null (reported) when it is anything else. */
    private String literal(MethodCallExpression d) {
        List<Expression> a = args(d);
        String s = a.size() == 1 ? stringLiteral(a.get(0)) : null;
        if (s == null) {
            report(VALUE, "\"" + name(d) + "\" takes a plain string literal, not "
                    + (a.size() == 1 ? text(a.get(0)) : a.size() + " arguments"), d);
        }
        return s;
    }

    private static String stringLiteral(Expression e) {
        return e instanceof ConstantExpression && ((ConstantExpression) e).getValue() instanceof String
                ? (String) ((ConstantExpression) e).getValue() : null;
    }

    static MethodCallExpression call(Statement s) {
        if (s instanceof ExpressionStatement && ((ExpressionStatement) s).getExpression() instanceof MethodCallExpression) {
            return (MethodCallExpression) ((ExpressionStatement) s).getExpression();
        }
        return null;
    }

    static String name(MethodCallExpression c) {
        String n = c.getMethodAsString();
        return n == null ? "" : n;
    }

    static List<Expression> args(MethodCallExpression c) {
        if (c.getArguments() instanceof ArgumentListExpression) {
            return ((ArgumentListExpression) c.getArguments()).getExpressions();
        }
        if (c.getArguments() instanceof TupleExpression) {
            return ((TupleExpression) c.getArguments()).getExpressions();
        }
        return Collections.emptyList();
    }

    static ClosureExpression body(MethodCallExpression c) {
        List<Expression> a = args(c);
        return !a.isEmpty() && a.get(a.size() - 1) instanceof ClosureExpression
                ? (ClosureExpression) a.get(a.size() - 1) : null;
    }

    static List<Statement> statements(ClosureExpression c) {
        if (c == null) {
            return Collections.emptyList();
        }
        Statement code = c.getCode();
        if (code instanceof BlockStatement) {
            return ((BlockStatement) code).getStatements();
        }
        return code == null ? Collections.<Statement>emptyList() : Collections.singletonList(code);
    }
}
