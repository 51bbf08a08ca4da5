package io.groovymcp.engine.cps;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.classgen.GeneratorContext;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.customizers.CompilationCustomizer;

/**
 * What Jenkins's CPS shell adds to every pipeline script before it compiles it, so that a Jenkinsfile or a shared
 * library's {@code vars/*.groovy} resolves here as it does on a controller. The lists come from the plugins'
 * sources: workflow-cps's {@code CpsGroovyShellFactory} star-imports {@code com.cloudbees.groovy.cps},
 * {@code hudson.model} and {@code jenkins.model}; pipeline-groovy-lib's {@code LibraryDecorator} imports
 * {@code org.jenkinsci.plugins.workflow.libs.Library}. No Jenkins jar is needed: the two annotations a script
 * names are answered by declaration-only stubs ({@link #stubs()}); every other class of those packages lives in
 * Jenkins, so it stays unresolved and the host reports it as a missing dependency.
 */
public final class PipelineShell extends CompilationCustomizer {
    public static final String NON_CPS = "com.cloudbees.groovy.cps.NonCPS";
    public static final String LIBRARY = "org.jenkinsci.plugins.workflow.libs.Library";

    /** The shell's star imports, in the order the CPS shell adds them. */
    public static final List<String> STAR_IMPORTS = Collections.unmodifiableList(Arrays.asList(
            "com.cloudbees.groovy.cps", "hudson.model", "jenkins.model"));

    /**
     * Classes Jenkins's Groovy 2.4 saw through its default import of {@code groovy.util.*} and that Groovy 3 moved
     * to another package (simple name to new qualified name). A pipeline still naming them resolves to the new
     * class.
     */
    public static final Map<String, String> MOVED;

    static {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("XmlSlurper", "groovy.xml.XmlSlurper");
        m.put("XmlParser", "groovy.xml.XmlParser");
        m.put("XmlNodePrinter", "groovy.xml.XmlNodePrinter");
        m.put("XmlUtil", "groovy.xml.XmlUtil");
        m.put("CliBuilder", "groovy.cli.commons.CliBuilder"); // 2.4's was built on Commons CLI
        m.put("GroovyTestCase", "groovy.test.GroovyTestCase");
        MOVED = Collections.unmodifiableMap(m);
    }

    public PipelineShell() {
        super(CompilePhase.CONVERSION);
    }

    /**
     * A pipeline script by its URI: a Jenkinsfile by name ({@code Jenkinsfile}, {@code Jenkinsfile.*},
     * {@code *.jenkinsfile}, {@code *.jenkins}), or a shared library's global variable ({@code vars/*.groovy}).
     */
    public static boolean isPipeline(String uri) {
        if (uri == null) {
            return false;
        }
        if (isJenkinsfileName(uri)) {
            return true;
        }
        String path = uri.replace('\\', '/');
        int slash = path.lastIndexOf('/');
        int parent = slash <= 0 ? -1 : path.lastIndexOf('/', slash - 1);
        return slash > 0 && path.substring(parent + 1, slash).equals("vars") && path.endsWith(".groovy");
    }

    /** A Jenkinsfile by its name (the URI's last segment). */
    public static boolean isJenkinsfileName(String uri) {
        String base = uri.substring(Math.max(uri.lastIndexOf('/'), uri.lastIndexOf('\\')) + 1);
        String lower = base.toLowerCase(java.util.Locale.ROOT);
        return base.equals("Jenkinsfile") || base.startsWith("Jenkinsfile.") || lower.endsWith(".jenkinsfile")
                || lower.endsWith(".jenkins");
    }

    /** Declaration-only sources of the annotations the shell makes known (qualified name to source text). */
    public static Map<String, String> stubs() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(NON_CPS, "package com.cloudbees.groovy.cps\n@interface NonCPS {}\n");
        // value: library names, each optionally followed by @ and a version
        m.put(LIBRARY, "package org.jenkinsci.plugins.workflow.libs\n@interface Library { String[] value() }\n");
        return m;
    }

    @Override
    public void call(SourceUnit source, GeneratorContext context, ClassNode classNode) {
        ModuleNode module = source.getAST();
        if (module == null || !isPipeline(source.getName()) || module.getNodeMetaData(PipelineShell.class) != null) {
            return;
        }
        module.putNodeMetaData(PipelineShell.class, Boolean.TRUE);
        for (String pkg : STAR_IMPORTS) {
            module.addStarImport(pkg + ".");
        }
        if (module.getImport("Library") == null) {
            module.addImport("Library", ClassHelper.make(LIBRARY));
        }
        for (Map.Entry<String, String> e : MOVED.entrySet()) {
            if (module.getImport(e.getKey()) == null && declaresNone(module, e.getKey())) {
                module.addImport(e.getKey(), ClassHelper.make(e.getValue()));
            }
        }
    }

    private static boolean declaresNone(ModuleNode module, String simpleName) {
        for (ClassNode cn : module.getClasses()) {
            if (cn.getNameWithoutPackage().equals(simpleName)) {
                return false;
            }
        }
        return true;
    }
}
