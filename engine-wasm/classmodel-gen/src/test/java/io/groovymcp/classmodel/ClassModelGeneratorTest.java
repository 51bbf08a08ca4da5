package io.groovymcp.classmodel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.ParameterNode;

class ClassModelGeneratorTest {

    private static ClassNode stub(String internalName) {
        byte[] bytes = Fixture.model().entries().get(internalName + ".class");
        assertNotNull(bytes, internalName + " missing from model");
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node;
    }

    private static List<MethodNode> methods(ClassNode c, String name) {
        List<MethodNode> out = new ArrayList<>();
        for (MethodNode m : c.methods) {
            if (m.name.equals(name)) {
                out.add(m);
            }
        }
        return out;
    }

    @Test
    void stringHasToUpperCaseAndNoBodies() {
        ClassNode string = stub("java/lang/String");
        assertFalse(methods(string, "toUpperCase").isEmpty());
        for (MethodNode m : string.methods) {
            assertEquals(0, m.instructions.size(), "code left in " + m.name);
            assertEquals(0, m.maxStack, "Code attribute left in " + m.name);
            assertTrue(m.localVariables == null || m.localVariables.isEmpty(), "debug info left in " + m.name);
        }
        assertNull(string.sourceFile);
    }

    @Test
    void noClassFileCarriesACodeAttribute() {
        // ClassWriter only puts the UTF8 "Code" into the constant pool when some method has a body, so its absence
        // proves no Code attribute survived anywhere (independent of how ASM would parse the file back).
        for (Map.Entry<String, byte[]> e : Fixture.model().entries().entrySet()) {
            if (e.getKey().endsWith(".class")) {
                byte[] b = e.getValue();
                ClassReader r = new ClassReader(b);
                // A string constant may spell "Code" (the shaded ASM's package-private Constants.CODE, kept since
                // Groovy's package-private members are): those entries are text, not attribute names. Such a file
                // is also read back with the tree API and must have no method with instructions.
                java.util.Set<Integer> strings = new java.util.HashSet<>();
                for (int i = 1; i < r.getItemCount(); i++) {
                    int offset = r.getItem(i);
                    if (offset > 0 && b[offset - 1] == 8 /* CONSTANT_String */) {
                        strings.add(r.readUnsignedShort(offset));
                    }
                }
                if (!strings.isEmpty()) {
                    ClassNode n = new ClassNode();
                    r.accept(n, 0);
                    for (MethodNode m : n.methods) {
                        assertEquals(0, m.instructions.size(), e.getKey() + "#" + m.name + " has a body");
                    }
                }
                for (int i = 1; i < r.getItemCount(); i++) {
                    int offset = r.getItem(i);
                    if (offset > 0 && b[offset - 1] == 1 /* CONSTANT_Utf8 */ && !strings.contains(i)) {
                        int len = r.readUnsignedShort(offset);
                        String s = new String(b, offset + 2, len, java.nio.charset.StandardCharsets.ISO_8859_1);
                        assertFalse(s.equals("Code") || s.equals("LocalVariableTable") || s.equals("SourceFile"),
                                e.getKey() + " still has " + s);
                    }
                }
            }
        }
    }

    @Test
    void defaultGroovyMethodsHasCollect() {
        ClassNode dgm = stub("org/codehaus/groovy/runtime/DefaultGroovyMethods");
        List<MethodNode> collect = methods(dgm, "collect");
        assertTrue(collect.size() > 5, "expected the collect overloads, got " + collect.size());
        // Parameter names recovered from LocalVariableTable travel as MethodParameters.
        MethodNode any = collect.get(0);
        assertNotNull(any.parameters, "no MethodParameters on collect");
        assertEquals("self", any.parameters.get(0).name);
    }

    @Test
    void jdkParameterNamesAreRecovered() {
        MethodNode substring = methods(stub("java/lang/String"), "substring").stream()
                .filter(m -> m.desc.equals("(II)Ljava/lang/String;")).findFirst().orElseThrow();
        List<String> names = substring.parameters.stream().map((ParameterNode p) -> p.name).toList();
        assertEquals(List.of("beginIndex", "endIndex"), names);
    }

    @Test
    void privateSyntheticAndBridgeMembersAreGone() {
        for (Map.Entry<String, byte[]> e : Fixture.model().entries().entrySet()) {
            if (!e.getKey().endsWith(".class")) {
                continue;
            }
            ClassNode n = new ClassNode();
            new ClassReader(e.getValue()).accept(n, 0);
            int hidden = Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE;
            // JDK classes keep public/protected members only; Groovy's jars (and the distribution's third-party
            // jars) keep package-private ones too (same-package real code uses them), never private ones
            String k = e.getKey();
            boolean jdk = k.startsWith("java/") || k.startsWith("javax/") || k.startsWith("jdk/")
                    || k.startsWith("com/sun/") || k.startsWith("sun/") || k.startsWith("org/w3c/")
                    || k.startsWith("org/xml/") || k.startsWith("org/ietf/");
            int needed = jdk ? Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED : 0;
            for (MethodNode m : n.methods) {
                assertTrue(jdk ? (m.access & needed) != 0 : (m.access & Opcodes.ACC_PRIVATE) == 0,
                        e.getKey() + "#" + m.name);
                assertEquals(0, m.access & hidden, e.getKey() + "#" + m.name);
            }
            for (FieldNode f : n.fields) {
                assertTrue(jdk ? (f.access & needed) != 0 : (f.access & Opcodes.ACC_PRIVATE) == 0,
                        e.getKey() + "." + f.name);
                assertEquals(0, f.access & Opcodes.ACC_SYNTHETIC, e.getKey() + "." + f.name);
            }
        }
        ClassNode string = stub("java/lang/String");
        assertTrue(string.fields.stream().noneMatch(f -> f.name.equals("value")), "private String.value kept");
    }

    @Test
    void groovyPackagePrivateMembersAreKept() {
        ClassNode mock = stub("groovy/mock/interceptor/MockProxyMetaClass");
        assertTrue(mock.fields.stream().anyMatch(f -> f.name.equals("FALL_THROUGH_MARKER")),
                "package-private MockProxyMetaClass.FALL_THROUGH_MARKER (read by MockInterceptor) dropped");
        assertTrue(mock.fields.stream().noneMatch(f -> (f.access & Opcodes.ACC_PRIVATE) != 0), "private field kept");
    }

    @Test
    void volatileFieldsAreKept() {
        // ACC_VOLATILE shares its bit with ACC_BRIDGE; a public volatile field is an ordinary member
        ClassNode logger = stub("org/codehaus/groovy/tools/shell/util/Logger");
        assertTrue(logger.fields.stream().anyMatch(f -> f.name.equals("io")), "public static volatile Logger.io dropped");
    }

    @Test
    void anonymousAndLocalClassesAreExcludedButMemberClassesKept() {
        Map<String, byte[]> entries = Fixture.model().entries();
        assertFalse(entries.containsKey("groovy/lang/Closure$1.class"));
        assertFalse(entries.containsKey("groovy/lang/GroovyShell$1DoSetContext.class"));
        for (String name : entries.keySet()) {
            String simple = name.substring(name.lastIndexOf('/') + 1);
            assertFalse(simple.matches(".*\\$[0-9].*"), "anonymous/local class in model: " + name);
        }
        assertTrue(entries.containsKey("java/util/Map$Entry.class"));
        assertTrue(entries.containsKey("groovy/lang/Closure$WritableClosure.class")
                || !stub("groovy/lang/Closure").innerClasses.isEmpty());
    }

    @Test
    void packagePrivateSuperclassIsKept() {
        ClassNode sb = stub("java/lang/StringBuilder");
        assertEquals("java/lang/AbstractStringBuilder", sb.superName);
        ClassNode asb = stub("java/lang/AbstractStringBuilder");
        assertEquals(0, asb.access & Opcodes.ACC_PUBLIC);
        // Internals nobody names stay out; a non-exported supertype of a public type comes in as a structure.
        assertFalse(Fixture.model().entries().containsKey("java/util/HashMap$Node.class"));
        assertFalse(Fixture.model().entries().containsKey("jdk/internal/misc/Unsafe.class"));
        assertEquals("jdk/internal/event/Event", stub("jdk/jfr/Event").superName);
    }

    @Test
    void functionalAndCoveredPackagesPresent() {
        Map<String, byte[]> entries = Fixture.model().entries();
        for (String n : List.of("java/util/function/Function", "java/util/stream/Stream", "java/util/regex/Pattern",
                "java/util/concurrent/atomic/AtomicInteger", "java/util/logging/Logger", "java/nio/file/Files",
                "java/time/LocalDate", "java/math/BigDecimal", "java/lang/invoke/MethodHandle",
                "java/lang/constant/Constable", "groovy/lang/Closure", "groovy/transform/CompileStatic",
                "org/codehaus/groovy/transform/GroovyASTTransformationClass",
                "org/apache/groovy/dateutil/extensions/DateUtilExtensions",
                // every module of java.se and the jdk.* modules scripts import
                "javax/swing/JFrame", "java/awt/Color", "java/sql/Connection", "javax/xml/parsers/DocumentBuilder",
                "org/w3c/dom/Document", "java/net/http/HttpClient", "javax/management/MBeanServer",
                "java/lang/management/ManagementFactory", "javax/naming/InitialContext", "java/rmi/Remote",
                "javax/script/ScriptEngine", "javax/tools/ToolProvider", "java/util/prefs/Preferences",
                "com/sun/net/httpserver/HttpServer", "com/sun/management/OperatingSystemMXBean",
                "jdk/net/ExtendedSocketOptions", "jdk/jfr/Recording",
                // the whole Groovy jar, compiler and shaded libraries included
                "org/codehaus/groovy/ast/ClassNode", "org/codehaus/groovy/control/CompilationUnit",
                "org/codehaus/groovy/transform/AbstractASTTransformation", "org/codehaus/groovy/classgen/Verifier",
                "org/codehaus/groovy/tools/GroovyClass", "org/apache/groovy/parser/antlr4/AstBuilder",
                "groovyjarjarasm/asm/ClassVisitor", "groovyjarjarpicocli/CommandLine",
                // the distribution modules
                "groovy/json/JsonSlurper", "groovy/json/JsonOutput", "groovy/xml/XmlSlurper",
                "groovy/xml/MarkupBuilder", "groovy/text/SimpleTemplateEngine",
                "groovy/text/markup/MarkupTemplateEngine", "groovy/test/GroovyAssert")) {
            assertTrue(entries.containsKey(n + ".class"), n);
        }
        assertFalse(entries.keySet().stream().anyMatch(n -> n.startsWith("org/codehaus/groovy/runtime/dgm$")
                || n.equals("org/codehaus/groovy/runtime/ArrayUtil.class")));
    }

    @Test
    void modelIsClosed() {
        assertEquals(Map.of(), Fixture.model().unresolved(), "stubs name classes outside the model");
    }

    @Test
    void outputIsByteIdenticalAcrossRuns() {
        byte[] first = Fixture.model().bin();
        byte[] second = ClassModelGenerator.generate(Fixture.options()).bin();
        assertArrayEquals(first, second);
    }

    @Test
    void packsRoundTripEveryEntry() throws IOException {
        Map<String, byte[]> read = PackReader.read(Fixture.model().bin(), Map.of());
        assertEquals(Fixture.model().entries().keySet(), read.keySet());
        for (Map.Entry<String, byte[]> e : Fixture.model().entries().entrySet()) {
            assertArrayEquals(e.getValue(), read.get(e.getKey()), e.getKey());
        }
    }

    @Test
    void coreAndExtrasTogetherHoldEveryEntry() throws IOException {
        io.groovymcp.classmodel.output.PackedModel.Output packed = Fixture.model().packed();
        assertFalse(packed.extras().isEmpty(), "the fixture model has no extra packs");
        Map<String, byte[]> read = PackReader.read(packed.core(), packed.extras());
        assertEquals(Fixture.model().entries().keySet(), read.keySet());
        for (Map.Entry<String, byte[]> e : Fixture.model().entries().entrySet()) {
            assertArrayEquals(e.getValue(), read.get(e.getKey()), e.getKey());
        }
        // the core alone must not be able to stand in for the whole model
        assertThrows(IOException.class, () -> PackReader.read(packed.core(), Map.of()));
    }

    @Test
    void coreHoldsOnlyCoreDirectoriesAndExtrasOnlyExtraOnes() {
        for (io.groovymcp.classmodel.output.PackedModel.PackInfo p : Fixture.model().packed().packs()) {
            for (String d : p.dirs()) {
                assertEquals(io.groovymcp.classmodel.scope.Placement.inCore(d), p.core(), p.name() + ": " + d);
            }
        }
        assertTrue(io.groovymcp.classmodel.scope.Placement.inCore("java/util"));
        assertTrue(io.groovymcp.classmodel.scope.Placement.inCore("groovy/json"));
        assertFalse(io.groovymcp.classmodel.scope.Placement.inCore("javax/swing/text"));
        assertFalse(io.groovymcp.classmodel.scope.Placement.inCore("org/apache/tools/ant"));
        // a prefix matches whole path segments only
        assertTrue(io.groovymcp.classmodel.scope.Placement.inCore("jdkfoo"));
    }

    @Test
    void corePacksAreTheirBodiesAndExtraPacksAreCompressed() {
        // the engine reads a core pack where it lies (inflating it in cold wasm was most of its cost); an extra pack
        // is a file of its own, fetched when first needed, so it stays small
        for (io.groovymcp.classmodel.output.PackedModel.PackInfo p : Fixture.model().packed().packs()) {
            assertEquals(!p.core(), p.compressed(), p.name());
            if (p.compressed()) {
                assertTrue(p.deflated() < p.raw(), p.name());
            } else {
                assertEquals(p.raw(), p.deflated(), p.name());
            }
        }
    }

    @Test
    void eachDirectoryLivesInOnePack() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (io.groovymcp.classmodel.output.PackedModel.PackInfo p : Fixture.model().packed().packs()) {
            for (String d : p.dirs()) {
                assertTrue(seen.add(d), "directory in two packs: " + d);
            }
        }
    }

    @Test
    void extensionModuleDescriptorCopiedUnchanged() throws IOException {
        byte[] copied = Fixture.model().entries().get(ClassModelGenerator.EXTENSION_MODULES_DIR + "groovy-dateutil");
        assertNotNull(copied);
        try (ZipFile jar = new ZipFile(Fixture.dateutilJar().toFile());
             InputStream in = jar.getInputStream(jar.getEntry(
                     "META-INF/groovy/org.codehaus.groovy.runtime.ExtensionModule"))) {
            assertArrayEquals(in.readAllBytes(), copied);
        }
        String info = new String(Fixture.model().entries().get(ClassModelGenerator.INFO_ENTRY));
        // groovy-dateutil, -xml, -datetime, -nio, -sql, -swing, -ginq, -jsr223, -macro and -macro-library carry
        // extension-module descriptors
        assertTrue(info.contains("extensionModules=10"), info);
    }

    @Test
    void everyEntryParses() {
        int classes = 0;
        for (Map.Entry<String, byte[]> e : Fixture.model().entries().entrySet()) {
            if (e.getKey().endsWith(".class")) {
                ClassNode n = new ClassNode();
                new ClassReader(e.getValue()).accept(n, 0);
                assertEquals(e.getKey(), n.name + ".class");
                classes++;
            }
        }
        assertEquals(Fixture.model().classes(), classes);
        assertTrue(classes > 6000, "suspiciously small model: " + classes);
    }
}
