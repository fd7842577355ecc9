package satin.rewriter;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/** Small instruction builders shared by the method rewriter and the record generator. */
final class Bytecode {

    /**
     * What the {@code Rewritten} mark records: the release, and after the plus the shape of the
     * code the rewriter emits, raised whenever that changes (decision 0013 made it 2; the
     * accessors of nestmates' private and other packages' protected spawns made it 3; guards
     * made it 6). A class
     * marked with another value is rewritten again from its original, or refused (see
     * {@link Batch#rewriteDirectory}).
     */
    static final String VERSION = "0.1.0+6";

    private Bytecode() {
    }

    /** Whether {@code m} carries the annotation of descriptor {@code desc} visibly (retained at run time). */
    static boolean annotated(MethodNode m, String desc) {
        return m.visibleAnnotations != null && m.visibleAnnotations.stream().anyMatch(a -> a.desc.equals(desc));
    }

    /** The first source line of {@code m}'s code, or -1 if it has none (or there is no method). */
    static int firstLine(MethodNode m) {
        if (m != null) {
            for (AbstractInsnNode i : m.instructions) {
                if (i instanceof LineNumberNode l) {
                    return l.line;
                }
            }
        }
        return -1;
    }

    static boolean isReturn(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return op >= Opcodes.IRETURN && op <= Opcodes.RETURN;
    }

    static boolean isReference(Type t) {
        return t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
    }

    static InsnNode zero(Type t) {
        return new InsnNode(switch (t.getSort()) {
            case Type.LONG -> Opcodes.LCONST_0;
            case Type.FLOAT -> Opcodes.FCONST_0;
            case Type.DOUBLE -> Opcodes.DCONST_0;
            case Type.OBJECT, Type.ARRAY -> Opcodes.ACONST_NULL;
            default -> Opcodes.ICONST_0;
        });
    }

    static InsnNode constant(int value) {
        return value >= -1 && value <= 5 ? new InsnNode(Opcodes.ICONST_0 + value) : null;
    }

    static void pushInt(InsnList out, int value) {
        InsnNode small = constant(value);
        out.add(small != null ? small : new LdcInsnNode(value));
    }

    static VarInsnNode load(Type t, int var) {
        return new VarInsnNode(t.getOpcode(Opcodes.ILOAD), var);
    }

    static VarInsnNode store(Type t, int var) {
        return new VarInsnNode(t.getOpcode(Opcodes.ISTORE), var);
    }

    /** Turns the primitive on top of the stack into the raw long bits a slot keeps. */
    static void toSlotBits(InsnList out, Type t) {
        switch (t.getSort()) {
            case Type.LONG -> {
            }
            case Type.DOUBLE -> out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Double",
                    "doubleToRawLongBits", "(D)J", false));
            case Type.FLOAT -> {
                out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Float", "floatToRawIntBits", "(F)I", false));
                out.add(new InsnNode(Opcodes.I2L));
            }
            default -> out.add(new InsnNode(Opcodes.I2L));
        }
    }

    /** The inverse of {@link #toSlotBits}, for a record built from a slot. */
    static void fromSlotBits(MethodVisitor mv, Type t) {
        switch (t.getSort()) {
            case Type.LONG -> {
            }
            case Type.DOUBLE -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Double", "longBitsToDouble",
                    "(J)D", false);
            case Type.FLOAT -> {
                mv.visitInsn(Opcodes.L2I);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Float", "intBitsToFloat", "(I)F", false);
            }
            case Type.BOOLEAN -> {
                mv.visitInsn(Opcodes.L2I);
            }
            case Type.BYTE -> {
                mv.visitInsn(Opcodes.L2I);
                mv.visitInsn(Opcodes.I2B);
            }
            case Type.SHORT -> {
                mv.visitInsn(Opcodes.L2I);
                mv.visitInsn(Opcodes.I2S);
            }
            case Type.CHAR -> {
                mv.visitInsn(Opcodes.L2I);
                mv.visitInsn(Opcodes.I2C);
            }
            default -> mv.visitInsn(Opcodes.L2I);
        }
    }

    /** Whether any real instruction lies from {@code start} up to {@code end}. */
    static boolean hasCode(org.objectweb.asm.tree.AbstractInsnNode start, org.objectweb.asm.tree.AbstractInsnNode end) {
        for (var i = start; i != null && i != end; i = i.getNext()) {
            if (i.getOpcode() >= 0) {
                return true;
            }
        }
        return false;
    }
}
