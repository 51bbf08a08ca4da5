package io.groovymcp.engine.project;

import static io.groovymcp.engine.project.ProjectCases.diagnostics;
import static io.groovymcp.engine.project.ProjectCases.messages;
import static io.groovymcp.engine.project.ProjectCases.ok;
import static io.groovymcp.engine.project.ProjectCases.project;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.groovymcp.engine.Engine;

/** A compile resolves classes of files that are not in it from their declarations, and type-checks against them. */
class ProjectResolutionTest {
    static final String MONEY_JAVA = "package shop.money;\n\nimport java.util.List;\n\n"
            + "public final class Money implements Comparable<Money> {\n"
            + "    private static final int[] SCALES = {1, 10, 100};\n"
            + "    private final long cents;\n"
            + "    String note;\n"
            + "    public Money(long cents) { this.cents = cents; }\n"
            + "    public static Money of(long cents) { return new Money(cents); }\n"
            + "    public Money plus(Money other) { return new Money(cents + other.cents); }\n"
            + "    public long cents() { return cents; }\n"
            + "    public static Money sum(List<? extends Money> all) { return null; }\n"
            + "    @Override public int compareTo(Money o) { return Long.compare(cents, o.cents); }\n"
            + "    public static final class Currency { public String code() { return \"EUR\"; } }\n"
            + "}\n";
    static final String DISCOUNT_GROOVY = "package shop.order\n\nimport shop.money.Money\n\n"
            + "class Discount {\n"
            + "    int percent\n"
            + "    Money apply(Money m) { Money.of(m.cents() * (100 - percent) / 100 as long) }\n"
            + "    static <T extends Comparable<T>> T best(List<T> xs) { xs.max() }\n"
            + "}\n";
    static final String SERVICE = "package shop.order\n\nimport groovy.transform.CompileStatic\n"
            + "import shop.money.Money\n\n"
            + "@CompileStatic\nclass OrderService {\n"
            + "    Money total(List<Money> prices, Discount d) {\n"
            + "        Money t = Money.of(0)\n"
            + "        for (Money p : prices) { t = t.plus(p) }\n"
            + "        d.percent = 10\n"
            + "        Money.Currency c = new Money.Currency()\n"
            + "        String code = c.code()\n"
            + "        String best = Discount.best(['a', 'b'])\n"
            + "        d.apply(t)\n"
            + "    }\n"
            + "}\n";

    private Engine e;

    @BeforeEach
    void setUp() throws IOException {
        e = ProjectCases.newEngine();
    }

    @Test
    void withoutDeclarationsTheClassesAreUnresolved() {
        String m = messages(diagnostics(e, "file:///t/src/main/groovy/shop/order/OrderService.groovy", SERVICE));
        assertTrue(m.contains("unable to resolve class shop.money.Money"), m);
    }

    @Test
    void javaAndGroovyClassesKnownByDeclarationsResolveAndTypeCheck() {
        Map<String, Object> p = project(e, "file:///t/src/main/java/shop/money/Money.java", "java", MONEY_JAVA,
                "file:///t/src/main/groovy/shop/order/Discount.groovy", "groovy", DISCOUNT_GROOVY);
        assertEquals(2, ((Number) p.get("files")).intValue());
        assertEquals(3, ((Number) p.get("types")).intValue());
        String uri = "file:///t/src/main/groovy/shop/order/OrderService.groovy";
        assertEquals("", messages(diagnostics(e, uri, SERVICE)));

        String wrong = SERVICE.replace("d.apply(t)", "d.apply('not money')");
        String m = messages(diagnostics(e, uri, wrong));
        assertTrue(m.contains("[Static type checking] - Cannot find matching method shop.order.Discount#apply"
                + "(java.lang.String)"), m);
        String javaWrong = SERVICE.replace("t = t.plus(p)", "t = t.plus(1)");
        m = messages(diagnostics(e, uri, javaWrong));
        assertTrue(m.contains("Cannot find matching method shop.money.Money#plus(int)"), m);
    }

    @Test
    void aClassOfTheUnitWinsOverItsDeclaration() {
        project(e, "file:///t/Discount.groovy", "groovy", DISCOUNT_GROOVY);
        ok(e, "op", "open", "uri", "file:///t/Discount2.groovy", "text",
                "package shop.order\n@groovy.transform.CompileStatic\nclass Discount { String label() { 'x' } }\n");
        List<Map<String, Object>> d = diagnostics(e, "file:///t/Use.groovy", "package shop.order\n"
                + "@groovy.transform.CompileStatic\nclass Use { String f(Discount d) { d.label() } }\n");
        assertEquals("", messages(d));
    }

    @Test
    void aDeclarationOfTheCompiledFileItselfIsIgnored() {
        String uri = "file:///t/Discount.groovy";
        project(e, uri, "groovy", DISCOUNT_GROOVY);
        String edited = "package shop.order\nclass Discount2 {}\n@groovy.transform.CompileStatic\n"
                + "class Use { def f() { new Discount() } }\n";
        String m = messages(diagnostics(e, uri, edited));
        assertTrue(m.contains("unable to resolve class Discount"), m);
    }

    @Test
    void aBrokenFileIsStillKnownByItsClassNames() {
        String broken = "package shop.order\n\nclass Broken {\n    String name\n    int size() { if ( }\n}\n";
        Map<String, Object> d = ProjectCases.declarations(e, "file:///t/Broken.groovy", "groovy", broken);
        assertEquals(Boolean.TRUE, d.get("partial"));
        project(e, "file:///t/Broken.groovy", "groovy", broken);
        String m = messages(diagnostics(e, "file:///t/Use.groovy",
                "package shop.order\nclass Use { Broken b; def f() { b.name } }\n"));
        assertEquals("", m);
    }

    @Test
    void unresolvedCandidatesNameTheFilesToLookFor() {
        String uri = "file:///t/OrderService.groovy";
        diagnostics(e, uri, SERVICE);
        Map<String, Object> r = ok(e, "op", "unresolvedCandidates", "uri", uri);
        assertEquals("[{uri=" + uri + ", name=shop.money.Money, candidates=[shop.money.Money]}]",
                String.valueOf(r.get("names")));
        assertEquals(Boolean.FALSE, r.get("truncated"));
        project(e, "file:///t/Money.java", "java", MONEY_JAVA);
        r = ok(e, "op", "unresolvedCandidates", "uri", uri);
        assertEquals("[{uri=" + uri + ", name=Discount, candidates=[shop.order.Discount]}]",
                String.valueOf(r.get("names")));
        project(e, "file:///t/Money.java", "java", MONEY_JAVA, "file:///t/Discount.groovy", "groovy",
                DISCOUNT_GROOVY);
        r = ok(e, "op", "unresolvedCandidates", "uri", uri);
        assertEquals("[]", String.valueOf(r.get("names")));
        assertEquals("", messages(diagnostics(e, uri, SERVICE)));
    }

    @Test
    void aLookupStormIsBoundedPerReply() {
        StringBuilder sb = new StringBuilder("package storm\nimport other.*\nclass S {\n");
        for (int i = 0; i < 3000; i++) {
            sb.append("  Missing").append(i).append(" f").append(i).append('\n');
        }
        sb.append("}\n");
        String uri = "file:///t/S.groovy";
        diagnostics(e, uri, sb.toString());
        Map<String, Object> r = ok(e, "op", "unresolvedCandidates", "uri", uri);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> names = (List<Map<String, Object>>) r.get("names");
        assertEquals(UnresolvedCandidates.MAX_NAMES, names.size());
        assertEquals(Boolean.TRUE, r.get("truncated"));
        assertEquals("[storm.Missing0, other.Missing0]", String.valueOf(names.get(0).get("candidates")));
    }

    @Test
    void lintSaysAPackageTheTreeDeclaresIsKnown() {
        project(e, "file:///t/Money.java", "java", MONEY_JAVA);
        ok(e, "op", "open", "uri", "file:///t/A.groovy", "text",
                "import shop.money.Nope\nimport org.absent.Gone\nclass A { Nope n; Gone g }\n");
        Map<String, Object> r = ok(e, "op", "lint");
        String s = io.groovymcp.engine.json.Json.write(r);
        assertTrue(s.contains("\"name\":\"shop.money.Nope\",\"import\":\"shop.money.Nope\",\"packageKnown\":true"),
                s);
        assertTrue(s.contains("\"name\":\"org.absent.Gone\",\"import\":\"org.absent.Gone\",\"packageKnown\":false"),
                s);
    }

    /** A Java enum whose constants implement its abstract methods (the shape of Spock's block kinds). */
    static final String PHASE_JAVA = "package flow;\n\nimport java.util.EnumSet;\n\n"
            + "public enum Phase {\n"
            + "    START { public EnumSet<Phase> next() { return EnumSet.of(END); } },\n"
            + "    END { public EnumSet<Phase> next() { return EnumSet.noneOf(Phase.class); } };\n"
            + "    public abstract EnumSet<Phase> next();\n"
            + "    abstract boolean terminal();\n"
            + "}\n";

    @Test
    void anEnumWhoseConstantsImplementItsAbstractMethodsResolvesAndTypeChecks() {
        project(e, "file:///t/src/main/java/flow/Phase.java", "java", PHASE_JAVA);
        String uri = "file:///t/src/test/groovy/flow/PhaseSpec.groovy";
        String use = "package flow\n@groovy.transform.CompileStatic\nclass PhaseSpec {\n"
                + "    Set<Phase> after() { Phase.START.next() }\n}\n";
        ok(e, "op", "open", "uri", uri, "text", use);
        String lint = io.groovymcp.engine.json.Json.write(ok(e, "op", "lint"));
        assertTrue(lint.contains("\"diagnostics\":[]"), lint);
        String wrong = use.replace("Phase.START.next()", "Phase.START.next(1)");
        String m = messages(diagnostics(e, uri, wrong));
        assertTrue(m.contains("Cannot find matching method flow.Phase#next(int)"), m);
    }

    @Test
    void addingAFileAgainReplacesItsDeclarationsAndKeepsTheOthers() {
        project(e, "file:///t/Money.java", "java", MONEY_JAVA, "file:///t/Discount.groovy", "groovy",
                DISCOUNT_GROOVY);
        String renamed = DISCOUNT_GROOVY.replace("Money apply(Money m)", "Money applyTo(Money m)");
        Map<String, Object> r = ok(e, "op", "projectDeclarations", "mode", "add", "files", java.util.Collections
                .singletonList(ProjectCases.declarations(e, "file:///t/Discount.groovy", "groovy", renamed)));
        assertEquals(2, ((Number) r.get("files")).intValue());
        assertEquals(3, ((Number) r.get("types")).intValue());
        String uri = "file:///t/OrderService.groovy";
        String m = messages(diagnostics(e, uri, SERVICE));
        assertTrue(m.contains("Cannot find matching method shop.order.Discount#apply(shop.money.Money)"), m);
        assertEquals("", messages(diagnostics(e, uri, SERVICE.replace("d.apply(t)", "d.applyTo(t)"))));
    }
}
