package io.groovymcp.engine.oracle;

import java.util.ArrayList;
import java.util.List;

import groovy.lang.GroovyClassLoader;

import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.project.DeclarationReader;

/**
 * The project-model part of the plan: declarations read from Java and Groovy files (through Groovy's parser and
 * through the tolerant scanner), given to the engine as a tree's declarations, then a Groovy buffer that uses those
 * classes is compiled, type-checked, linted and queried, and the engine asked which names it could not resolve. The
 * declarations sent are read on the JVM while the plan is built; both runtimes then answer the same requests,
 * including the {@code declarations} op itself on each file.
 */
final class ProjectPlan {
    static final String[][] FILES = {
        {"file:///tree/money/src/main/java/shop/money/Money.java", "java",
            "package shop.money;\n\nimport java.util.List;\nimport java.util.function.Function;\n\n"
            + "public final class Money implements Comparable<Money>, Priced {\n"
            + "    public static final Money ZERO = new Money(0);\n"
            + "    private final long cents;\n"
            + "    int scale;\n"
            + "    public Money(long cents) { this.cents = cents; }\n"
            + "    public static Money of(long cents) { return new Money(cents); }\n"
            + "    public Money plus(Money other) { return new Money(cents + other.cents); }\n"
            + "    public <R> R map(Function<? super Money, ? extends R> f) { return f.apply(this); }\n"
            + "    public long cents() { return cents; }\n"
            + "    public static Money sum(List<? extends Money> all, Money... more) { return ZERO; }\n"
            + "    @Override public int compareTo(Money o) { return Long.compare(cents, o.cents); }\n"
            + "    public Money price() { return this; }\n"
            + "    public static final class Currency {\n"
            + "        public String code() { return \"EUR\"; }\n"
            + "    }\n"
            + "}\n"},
        {"file:///tree/money/src/main/java/shop/money/Priced.java", "java",
            "package shop.money;\n\npublic interface Priced {\n    Money price();\n"
            + "    default boolean free() { return price().cents() == 0; }\n"
            + "    static Priced of(Money m) { return () -> m; }\n}\n"},
        {"file:///tree/money/src/main/java/shop/money/Ledger.java", "java",
            "package shop.money;\n\nimport java.util.Map;\n\n"
            + "@SuppressWarnings({\"unchecked\", \"rawtypes\"})\n"
            + "public class Ledger<K extends Comparable<K>> {\n"
            + "    static final int[] LIMITS = {10, 20, 30};\n"
            + "    private static final String HEADER = \"\"\"\n        ledger { }\n        \"\"\";\n"
            + "    protected Map<K, Money> entries;\n"
            + "    public Ledger(Map<K, Money> entries) { this.entries = entries; }\n"
            + "    public Money get(K key) { return entries.getOrDefault(key, Money.ZERO); }\n"
            + "    public void forEach(java.util.function.BiConsumer<K, Money> f) { entries.forEach((k, v) -> f.accept(k, v)); }\n"
            + "    public enum Kind { DEBIT, CREDIT { @Override public String toString() { return \"cr\"; } } }\n"
            + "}\n"},
        {"file:///tree/app/src/main/groovy/shop/order/Discount.groovy", "groovy",
            "package shop.order\n\nimport groovy.transform.TupleConstructor\nimport shop.money.Money\n\n"
            + "@TupleConstructor\nclass Discount implements Labelled {\n"
            + "    int percent\n    String reason = 'none'\n"
            + "    Money apply(Money m) { Money.of(m.cents() * (100 - percent) / 100 as long) }\n"
            + "    static <T extends Comparable<T>> T best(List<T> xs) { xs.max() }\n"
            + "}\n\ntrait Labelled {\n    String label() { 'discount' }\n}\n\n"
            + "enum Tier { GOLD, SILVER\n    int rank() { ordinal() }\n}\n"},
        {"file:///tree/app/src/main/groovy/shop/order/Broken.groovy", "groovy",
            "package shop.order\n\nclass Coupon {\n    String code\n    boolean valid() { if ( }\n}\n"},
    };

    static final String SERVICE_URI = "file:///tree/app/src/main/groovy/shop/order/OrderService.groovy";
    static final String SERVICE = "package shop.order\n\nimport groovy.transform.CompileStatic\n"
            + "import shop.money.Ledger\nimport shop.money.Money\nimport shop.money.Priced\n\n"
            + "@CompileStatic\nclass OrderService {\n"
            + "    Money total(List<Money> prices, Discount d) {\n"
            + "        Money t = Money.of(0)\n"
            + "        for (Money p : prices) { t = t.plus(p) }\n"
            + "        String code = new Money.Currency().code()\n"
            + "        Integer n = t.map { Money m -> (int) m.cents() }\n"
            + "        Ledger<String> l = new Ledger<String>([:])\n"
            + "        Money g = l.get('x')\n"
            + "        Ledger.Kind k = Ledger.Kind.DEBIT\n"
            + "        boolean free = Priced.of(t).free()\n"
            + "        Discount made = new Discount(5, 'launch')\n"
            + "        String label = made.label() + Tier.GOLD.rank()\n"
            + "        String best = Discount.best(['a', 'b'])\n"
            + "        Coupon c = new Coupon(code: 'X')\n"
            + "        d.apply(Money.sum([t], g))\n"
            + "    }\n"
            + "}\n";
    /** The same service calling declared methods with the wrong argument types, and naming missing classes. */
    static final String[] WRONG = {
        SERVICE.replace("d.apply(Money.sum([t], g))", "d.apply('not money')"),
        SERVICE.replace("t = t.plus(p)", "t = t.plus(1)"),
        SERVICE.replace("Money g = l.get('x')", "Money g = l.get(42)"),
        "package shop.order\n\nimport shop.money.Missing\nimport org.elsewhere.Gone\n\n"
            + "class Uses { Missing m; Gone g; Discount d; Nowhere n }\n",
    };

    private ProjectPlan() {
    }

    static void add(List<String> plan) {
        List<Object> files = new ArrayList<>();
        try (GroovyClassLoader loader = new GroovyClassLoader()) {
            for (String[] f : FILES) {
                plan.add(Json.write(Json.obj("op", "declarations", "uri", f[0], "language", f[1], "text", f[2])));
                files.add(DeclarationReader.read(f[0], f[1], f[2], loader, Compilation.configuration()).toJson());
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        // before the tree is known: every class of it is unresolved, and the engine names the files to look for
        plan.add(Json.write(Json.obj("op", "open", "uri", SERVICE_URI, "text", SERVICE)));
        plan.add(Json.write(Json.obj("op", "diagnostics", "uri", SERVICE_URI)));
        plan.add(Json.write(Json.obj("op", "unresolvedCandidates", "uri", SERVICE_URI)));
        plan.add(Json.write(Json.obj("op", "projectDeclarations", "files", files.subList(0, 1))));
        plan.add(Json.write(Json.obj("op", "unresolvedCandidates", "uri", SERVICE_URI)));
        plan.add(Json.write(Json.obj("op", "projectDeclarations", "mode", "add", "files",
                files.subList(1, files.size()))));
        plan.add(Json.write(Json.obj("op", "diagnostics", "uri", SERVICE_URI)));
        plan.add(Json.write(Json.obj("op", "lint")));
        plan.add(Json.write(Json.obj("op", "unresolvedCandidates")));
        RequestPlan.forFile(plan, SERVICE_URI, SERVICE);
        // the queries an agent asks of a cold file, on names the tree declares
        for (String marker : new String[] {"t.plus(p)", "Money.of(0)", "l.get('x')", "made.label()", "d.apply("}) {
            int at = SERVICE.indexOf(marker) + marker.indexOf('.') + 1;
            int line = 0;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (SERVICE.charAt(i) == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            for (String op : new String[] {"describe", "definition", "complete", "signatures"}) {
                int ch = at - lineStart + ("signatures".equals(op) ? marker.indexOf('(') - marker.indexOf('.') : 0);
                plan.add(Json.write(Json.obj("op", op, "uri", SERVICE_URI, "line", line, "character", ch)));
            }
        }
        for (String w : WRONG) {
            plan.add(Json.write(Json.obj("op", "open", "uri", SERVICE_URI, "text", w)));
            plan.add(Json.write(Json.obj("op", "diagnostics", "uri", SERVICE_URI)));
            plan.add(Json.write(Json.obj("op", "lint")));
            plan.add(Json.write(Json.obj("op", "unresolvedCandidates", "uri", SERVICE_URI)));
        }
        plan.add(Json.write(Json.obj("op", "close", "uri", SERVICE_URI)));
        // later requests of the plan see no tree, as before this part
        plan.add(Json.write(Json.obj("op", "projectDeclarations", "files", new ArrayList<>())));
    }
}
