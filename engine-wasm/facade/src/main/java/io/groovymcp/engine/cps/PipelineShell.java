package io.groovymcp.engine.cps;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
     * Classes Jenkins's Groovy saw through its default imports of {@code groovy.util.*} and {@code groovy.lang.*}
     * that later Groovy moved to another package (simple name to the qualified name in Groovy 5.0.8). Jenkins core
     * bundles groovy-all 2.4.21: the list is every public class of those two packages in that jar that 5.0.8's
     * modules declare elsewhere. ({@code XmlUtil} is not here: 2.4 already had it in {@code groovy.xml}, which is
     * no default import, so Jenkins rejects it unimported too.) A pipeline still naming one resolves to the new
     * class, with a note ({@link MovedClassNotes}).
     */
    public static final Map<String, String> MOVED;

    static {
        Map<String, String> m = new LinkedHashMap<>();
        for (String qualified : new String[] {
            "groovy.xml.XmlSlurper", "groovy.xml.XmlParser", "groovy.xml.XmlNodePrinter",
            "groovy.cli.commons.CliBuilder", "groovy.cli.commons.OptionAccessor", // 2.4's were built on Commons CLI
            "groovy.ant.AntBuilder", "groovy.ant.FileNameFinder", "groovy.jmx.GroovyMBean",
            "groovy.test.GroovyTestCase", "groovy.test.GroovyShellTestCase",
            "groovy.test.GroovyLogTestCase", // groovy.lang in 2.4
            "groovy.test.GroovyAssert", "groovy.test.GroovyTestSuite", "groovy.test.AllTestSuite",
            "groovy.test.JavadocAssertionTestBuilder", "groovy.test.JavadocAssertionTestSuite",
            "groovy.test.StringTestUtil",
        }) {
            m.put(qualified.substring(qualified.lastIndexOf('.') + 1), qualified);
        }
        MOVED = Collections.unmodifiableMap(m);
    }

    /** URIs the host marked as pipelines whatever their names (lint's config {@code kinds}). */
    private final Set<String> marked;

    public PipelineShell() {
        this(Collections.<String>emptySet());
    }

    public PipelineShell(Set<String> marked) {
        super(CompilePhase.CONVERSION);
        this.marked = marked;
    }

    /** A pipeline by its name ({@link #isPipeline(String)}) or because the host marked it one. */
    public static boolean isPipeline(String uri, Set<String> marked) {
        return isPipeline(uri) || uri != null && marked.contains(uri);
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
        // a buffer URI may name a bare file: groovy-buffer:Jenkinsfile
        String base = uri.substring(Math.max(Math.max(uri.lastIndexOf('/'), uri.lastIndexOf('\\')),
                uri.lastIndexOf(':')) + 1);
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
        if (module == null || !isPipeline(source.getName(), marked) || module.getNodeMetaData(PipelineShell.class) != null) {
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
                // the shell's own import, as against one the file writes: only a use through it gets a note
                module.getImport(e.getKey()).putNodeMetaData(PipelineShell.class, Boolean.TRUE);
            }
        }
    }

    /** Whether {@code i} is an import the shell added for a moved class, not one the file wrote. */
    public static boolean addedForMovedClass(org.codehaus.groovy.ast.ImportNode i) {
        return i != null && i.getNodeMetaData(PipelineShell.class) != null;
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
