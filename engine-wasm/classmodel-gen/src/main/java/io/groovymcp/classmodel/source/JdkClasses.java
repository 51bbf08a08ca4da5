package io.groovymcp.classmodel.source;

import io.groovymcp.classmodel.scope.Coverage;
import io.groovymcp.classmodel.scope.Origin;
import io.groovymcp.classmodel.scope.Policy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ModuleVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Reads class files of the running JDK through the jrt file system, so the model always matches the JDK that built
 * it (recorded in the model's properties entry) rather than whatever ct.sym or a downloaded JDK would say.
 */
public final class JdkClasses {

    private JdkClasses() {
    }

    public static List<Candidate> load(List<String> modules) {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        List<Candidate> out = new ArrayList<>();
        for (String module : modules) {
            Path root = jrt.getPath("/modules", module);
            Set<String> exported = unconditionalExports(root.resolve("module-info.class"));
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                    String rel = root.relativize(file).toString();
                    if (!rel.endsWith(".class") || rel.equals("module-info.class") || rel.endsWith("/package-info.class")) {
                        continue;
                    }
                    String internalName = rel.substring(0, rel.length() - ".class".length());
                    int slash = internalName.lastIndexOf('/');
                    String pkg = slash < 0 ? "" : internalName.substring(0, slash);
                    Policy policy = Coverage.policyFor(Origin.JDK, module, pkg.replace('/', '.'), exported.contains(pkg));
                    if (policy == Policy.EXCLUDED) {
                        continue;
                    }
                    out.add(new Candidate(internalName, Files.readAllBytes(file), Origin.JDK, module, policy));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("reading jrt module " + module, e);
            }
        }
        return out;
    }

    /** Internal names of packages exported to everyone; qualified exports are JDK-internal plumbing. */
    private static Set<String> unconditionalExports(Path moduleInfo) {
        Set<String> exported = new HashSet<>();
        try {
            new ClassReader(Files.readAllBytes(moduleInfo)).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public ModuleVisitor visitModule(String name, int access, String version) {
                    return new ModuleVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitExport(String packaze, int acc, String... modules) {
                            if (modules == null || modules.length == 0) {
                                exported.add(packaze);
                            }
                        }
                    };
                }
            }, ClassReader.SKIP_CODE);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + moduleInfo, e);
        }
        return exported;
    }
}
