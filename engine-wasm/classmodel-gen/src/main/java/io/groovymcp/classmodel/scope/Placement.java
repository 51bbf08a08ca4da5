package io.groovymcp.classmodel.scope;

import java.util.List;

/**
 * Which directories of the model ship in the core file and which in extra pack files that an engine fetches on
 * first use (docs/engine-classmodel.md, "What is where"). The core is what the compiles of the fixture corpus and
 * the real-code corpus inflate, plus the whole JDK base, Groovy's core jar and the modules a Jenkinsfile or a
 * script commonly imports; the extras are what those corpora never (or almost never) touched: the desktop and
 * enterprise parts of the JDK, the jdk.* modules, the shaded libraries, the parser's generated classes, Ant, JUnit
 * and the Swing/console/JMX/servlet modules. A wrong guess costs one fetch, never a wrong answer: the index
 * names every directory, so the engine asks for an extra pack before it answers.
 *
 * <p>Rows are directory prefixes ({@code a/b} matches {@code a/b} and {@code a/b/...}); the first matching row of
 * {@link #EXTRA} wins, everything else is core.
 */
public final class Placement {
    /** A prefix that goes to extra packs, and why. */
    public record Row(String prefix, String why) {
    }

    public static final List<Row> EXTRA = List.of(
            new Row("java/awt", "java.desktop: AWT, no corpus file touched it"),
            new Row("java/applet", "java.desktop"),
            new Row("javax/swing", "java.desktop: Swing (the largest JDK packs)"),
            new Row("javax/imageio", "java.desktop"),
            new Row("javax/sound", "java.desktop"),
            new Row("javax/print", "java.desktop"),
            new Row("javax/accessibility", "java.desktop"),
            new Row("javax/management", "java.management"),
            new Row("javax/naming", "java.naming"),
            new Row("javax/sql", "java.sql.rowset / javax.sql"),
            new Row("javax/xml/crypto", "java.xml.crypto"),
            new Row("javax/rmi", "java.rmi"),
            new Row("javax/tools", "java.compiler"),
            new Row("javax/lang/model", "java.compiler"),
            new Row("javax/annotation/processing", "java.compiler"),
            new Row("javax/security/auth/kerberos", "java.security.jgss"),
            new Row("javax/security/sasl", "java.security.sasl"),
            new Row("org/ietf", "java.security.jgss"),
            new Row("jdk", "jdk.* modules (jfr, net, management) and java.base's jdk.* API"),
            new Row("com/sun", "jdk.httpserver, jdk.management, com.sun.* APIs"),
            new Row("groovyjarjarantlr4", "shaded ANTLR 4 inside the Groovy jar"),
            new Row("groovyjarjarasm", "shaded ASM inside the Groovy jar"),
            new Row("groovyjarjarpicocli", "shaded picocli inside the Groovy jar"),
            new Row("org/apache/groovy/parser/antlr4", "the parser's generated classes (the largest Groovy pack)"),
            new Row("org/apache/tools", "Ant"),
            new Row("org/junit", "JUnit 4 and 5"),
            new Row("junit", "JUnit 3/4"),
            new Row("org/hamcrest", "hamcrest"),
            new Row("org/opentest4j", "opentest4j"),
            new Row("org/apiguardian", "JUnit's API annotations"),
            new Row("groovy/swing", "groovy-swing"),
            new Row("groovy/console", "groovy-console"),
            new Row("groovy/ui", "groovy-console"),
            new Row("groovy/inspect/swingui", "groovy-console"),
            new Row("groovy/jmx", "groovy-jmx"),
            new Row("groovy/servlet", "groovy-servlet"),
            new Row("groovy/ant", "groovy-ant"),
            new Row("org/codehaus/groovy/ant", "groovy-ant"),
            new Row("org/codehaus/groovy/groovydoc", "groovy-groovydoc"),
            new Row("org/codehaus/groovy/tools/groovydoc", "groovy-groovydoc"),
            new Row("org/codehaus/groovy/binding", "groovy-swing"),
            // the rest of groovy-all's modules (no corpus file names them; their compile-time code runs on neither
            // runtime, so what they bring is resolution of their types): rare enough to fetch on use
            new Row("groovy/toml", "groovy-toml"),
            new Row("org/apache/groovy/toml", "groovy-toml"),
            new Row("groovy/contracts", "groovy-contracts"),
            new Row("org/apache/groovy/contracts", "groovy-contracts"),
            new Row("groovy/typecheckers", "groovy-typecheckers"),
            new Row("org/apache/groovy/typecheckers", "groovy-typecheckers"),
            new Row("groovy/ginq", "groovy-ginq"),
            new Row("org/apache/groovy/ginq", "groovy-ginq"),
            new Row("org/codehaus/groovy/macro", "groovy-macro"),
            new Row("org/apache/groovy/macrolib", "groovy-macro-library"),
            new Row("org/apache/groovy/plugin", "groovy-testng"),
            new Row("org/codehaus/groovy/jsr223", "groovy-jsr223"),
            new Row("org/apache/groovy/groovysh", "groovy-groovysh"),
            new Row("org/apache/groovy/docgenerator", "groovy-docgenerator"));

    private Placement() {
    }

    /** Whether a directory ({@code java/util}) belongs to the core file. */
    public static boolean inCore(String dir) {
        return extraPrefix(dir) == null;
    }

    /**
     * The prefix of the {@link #EXTRA} row a directory falls under, or null for a core directory. Extra packs
     * never span two rows, so each extra file is one named part (Ant, Swing...) and is named after its row.
     */
    public static String extraPrefix(String dir) {
        for (Row r : EXTRA) {
            if (dir.equals(r.prefix()) || dir.startsWith(r.prefix() + "/")) {
                return r.prefix();
            }
        }
        return null;
    }
}
