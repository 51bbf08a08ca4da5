package io.groovymcp.engine.classmodel;

import java.util.ArrayList;
import java.util.List;

import groovyjarjarasm.asm.ClassReader;
import groovyjarjarasm.asm.ClassVisitor;
import groovyjarjarasm.asm.Opcodes;
import groovyjarjarasm.asm.signature.SignatureReader;
import groovyjarjarasm.asm.signature.SignatureVisitor;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.GenericsType;

/**
 * The names of a class's type parameters, read straight from its class file without resolving any type. Used to
 * give a class-backed node provisional placeholders before its full signature is decoded, because that signature
 * can refer back to the class itself (Class implements TypeDescriptor.OfField&lt;Class&lt;?&gt;&gt;).
 */
final class TypeParameterNames {
    private TypeParameterNames() {
    }

    static GenericsType[] placeholders(byte[] classFile) {
        List<String> names = new ArrayList<>();
        String[] signature = new String[1];
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int access, String name, String sig, String superName,
                              String[] interfaces) {
                signature[0] = sig;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        if (signature[0] == null || !signature[0].startsWith("<")) {
            return null;
        }
        new SignatureReader(signature[0]).accept(new SignatureVisitor(Opcodes.ASM9) {
            @Override
            public void visitFormalTypeParameter(String name) {
                names.add(name);
            }
        });
        GenericsType[] out = new GenericsType[names.size()];
        for (int i = 0; i < out.length; i++) {
            ClassNode t = ClassHelper.makeWithoutCaching(names.get(i));
            t.setGenericsPlaceHolder(true);
            t.setRedirect(ClassHelper.OBJECT_TYPE);
            GenericsType gt = new GenericsType(t);
            gt.setName(names.get(i));
            gt.setPlaceholder(true);
            out[i] = gt;
        }
        return out;
    }
}
