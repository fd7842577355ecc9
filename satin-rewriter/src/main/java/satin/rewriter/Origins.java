package satin.rewriter;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

/**
 * Where each reference in a method may have come from: a parameter, an allocation, a load of a
 * field (any object's), a call's result or an array element, by instruction. Two references with
 * an origin in common may be the same object, as a local that aliases another is; references
 * of different origins are taken to be different objects. So a target read through a copy of
 * its array is found, while one reached through a call, another field or another array is not
 * (docs/semantics.md says so).
 */
final class Origins {

    /** A value's size and, for a reference, its possible origins. */
    record Value(int size, Set<String> from) implements org.objectweb.asm.tree.analysis.Value {
        @Override
        public int getSize() {
            return size;
        }
    }

    private final Frame<Value>[] frames;

    Origins(String owner, MethodNode method) {
        Frame<Value>[] f;
        try {
            f = new Analyzer<>(new Tracker(method.instructions)).analyze(owner, method);
        } catch (AnalyzerException e) {
            throw new RewriteException("cannot analyze " + owner.replace('/', '.') + "." + method.name + method.desc
                    + ": " + e.getMessage(), e);
        }
        this.frames = f;
    }

    /** The origins of the stack value {@code depth} below the top before instruction {@code index}; empty if unreachable. */
    Set<String> stack(int index, int depth) {
        Frame<Value> frame = frames[index];
        if (frame == null || frame.getStackSize() <= depth) {
            return Set.of();
        }
        return frame.getStack(frame.getStackSize() - 1 - depth).from();
    }

    static boolean meet(Set<String> a, Set<String> b) {
        for (String o : a) {
            if (b.contains(o)) {
                return true;
            }
        }
        return false;
    }

    private static final class Tracker extends Interpreter<Value> {

        private final InsnList insns;

        Tracker(InsnList insns) {
            super(Opcodes.ASM9);
            this.insns = insns;
        }

        private Value of(int size, String origin) {
            return new Value(size, origin == null ? Set.of() : Set.of(origin));
        }

        private String at(AbstractInsnNode insn) {
            return "@" + insns.indexOf(insn);
        }

        @Override
        public Value newValue(Type type) {
            return type == null ? of(1, null) : type == Type.VOID_TYPE ? null : of(type.getSize(), null);
        }

        @Override
        public Value newParameterValue(boolean isInstanceMethod, int local, Type type) {
            return of(type.getSize(), "parameter " + local);
        }

        @Override
        public Value newOperation(AbstractInsnNode insn) {
            return switch (insn.getOpcode()) {
                case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> of(2, null);
                case Opcodes.LDC -> of(((org.objectweb.asm.tree.LdcInsnNode) insn).cst instanceof Long
                        || ((org.objectweb.asm.tree.LdcInsnNode) insn).cst instanceof Double ? 2 : 1, null);
                case Opcodes.GETSTATIC -> of(Type.getType(((FieldInsnNode) insn).desc).getSize(), field(insn));
                case Opcodes.NEW -> of(1, at(insn));
                default -> of(1, null);
            };
        }

        private static String field(AbstractInsnNode insn) {
            FieldInsnNode f = (FieldInsnNode) insn;
            return "field " + f.owner + "." + f.name;
        }

        @Override
        public Value copyOperation(AbstractInsnNode insn, Value value) {
            return value;
        }

        @Override
        public Value unaryOperation(AbstractInsnNode insn, Value value) {
            return switch (insn.getOpcode()) {
                case Opcodes.CHECKCAST -> value;
                case Opcodes.GETFIELD -> of(Type.getType(((FieldInsnNode) insn).desc).getSize(), field(insn));
                case Opcodes.NEWARRAY, Opcodes.ANEWARRAY -> of(1, at(insn));
                case Opcodes.I2L, Opcodes.I2D, Opcodes.L2D, Opcodes.F2L, Opcodes.F2D, Opcodes.D2L, Opcodes.LNEG,
                        Opcodes.DNEG -> of(2, null);
                default -> of(1, null);
            };
        }

        @Override
        public Value binaryOperation(AbstractInsnNode insn, Value v1, Value v2) {
            return switch (insn.getOpcode()) {
                case Opcodes.AALOAD -> of(1, at(insn));
                case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB,
                        Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM,
                        Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> of(2, null);
                default -> of(1, null);
            };
        }

        @Override
        public Value ternaryOperation(AbstractInsnNode insn, Value v1, Value v2, Value v3) {
            return null;
        }

        @Override
        public Value naryOperation(AbstractInsnNode insn, List<? extends Value> values) {
            if (insn.getOpcode() == Opcodes.MULTIANEWARRAY) {
                return of(1, at(insn));
            }
            String desc = insn instanceof org.objectweb.asm.tree.MethodInsnNode m ? m.desc
                    : ((org.objectweb.asm.tree.InvokeDynamicInsnNode) insn).desc;
            Type ret = Type.getReturnType(desc);
            return ret == Type.VOID_TYPE ? null : of(ret.getSize(), at(insn));
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, Value value, Value expected) {
        }

        @Override
        public Value merge(Value a, Value b) {
            if (a.size() != b.size()) {
                return of(1, null);
            }
            if (b.from().isEmpty() || a.from().containsAll(b.from())) {
                return a;
            }
            Set<String> both = new HashSet<>(a.from());
            both.addAll(b.from());
            return new Value(a.size(), Set.copyOf(both));
        }
    }
}
