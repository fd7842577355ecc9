package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The rewriter checks what it wrote as the JVM's verifier will: ASM computes frames for code
 * that reads a local one path left unset, and such a class failed only as it loaded, with a
 * VerifyError far from the build (HandlerElsewhereHazardTest has the rewriter's own case).
 */
class RewrittenCodeVerifiedTest {

    private static final Hierarchy JDK = new Hierarchy(ClassFinder.jdk());

    /**
     * An accessor that passes a receiver of the wrong class on, as the rewriter's accessor for an
     * outer class's private method did from an inner class (NestmatesHazardTest): the JVM refused
     * the class as it loaded ("Bad type on operand stack"); the rewriter's check let it through.
     */
    @Test
    void aReceiverOfAnUnrelatedClassIsARewriteError() {
        Map<String, byte[]> classes = Map.of("demo/Outer", emptyClass("demo/Outer"), "demo/Inner", emptyClass("demo/Inner"));
        Hierarchy hierarchy = new Hierarchy(((ClassFinder) classes::get).then(ClassFinder.jdk()));
        RewriteException e = assertThrows(RewriteException.class,
                () -> Rewriter.verify(accessor("demo/Inner"), List.of("call(Ldemo/Inner;I)J"), hierarchy));
        assertTrue(e.getMessage().startsWith("the rewritten demo.Caller.call(Ldemo/Inner;I)J would fail"), e.getMessage());
        assertDoesNotThrow(() -> Rewriter.verify(accessor("demo/Outer"), List.of("call(Ldemo/Outer;I)J"), hierarchy));
    }

    /** {@code static long call(RECEIVER r, int n) { return ((Outer) r).count(n); }} without the cast. */
    private static byte[] accessor(String receiver) {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "demo/Caller", null, "java/lang/Object", null);
        MethodVisitor m = w.visitMethod(Opcodes.ACC_STATIC, "call", "(L" + receiver + ";I)J", null, null);
        m.visitCode();
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "demo/Outer", "count", "(I)J", false);
        m.visitInsn(Opcodes.LRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }

    private static byte[] emptyClass(String name) {
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        w.visitEnd();
        return w.toByteArray();
    }

    @Test
    void aLocalUnsetOnOnePathIsARewriteErrorNamingTheClassAndMethod() {
        byte[] broken = classWith(false);
        RewriteException e = assertThrows(RewriteException.class, () -> Rewriter.verify(broken, List.of("pick(Z)J"), JDK));
        assertTrue(e.getMessage().startsWith("the rewritten demo.Broken.pick(Z)J would fail the JVM's verifier"), e.getMessage());
        assertTrue(e.getMessage().contains("a bug of the rewriter"), e.getMessage());
        assertTrue(e.getMessage().contains("LLOAD 2"), "the method's code, for the report: " + e.getMessage());
    }

    @Test
    void theSameCodeWithTheLocalSetOnEveryPathPasses() {
        assertDoesNotThrow(() -> Rewriter.verify(classWith(true), List.of("pick(Z)J"), JDK));
    }

    @Test
    void onlyTheNamedMethodsAreChecked() {
        assertDoesNotThrow(() -> Rewriter.verify(classWith(false), List.of("other()V"), JDK));
    }

    /** {@code long pick(boolean b) { long x; if (b) x = 1; return x; }}, with x set first when {@code setFirst}. */
    private static byte[] classWith(boolean setFirst) {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "demo/Broken", null, "java/lang/Object", null);
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC, "pick", "(Z)J", null, null);
        m.visitCode();
        if (setFirst) {
            m.visitInsn(Opcodes.LCONST_0);
            m.visitVarInsn(Opcodes.LSTORE, 2);
        }
        Label skip = new Label();
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitJumpInsn(Opcodes.IFEQ, skip);
        m.visitInsn(Opcodes.LCONST_1);
        m.visitVarInsn(Opcodes.LSTORE, 2);
        m.visitLabel(skip);
        m.visitVarInsn(Opcodes.LLOAD, 2);
        m.visitInsn(Opcodes.LRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }
}
