package satin.rewriter;

import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Generates the record class of a call target: the call as an object, for a thief, a hop, or a
 * record-form spawn. Its fields are the receiver, the arguments and the result; a prototype
 * instance is the {@code RecordFactory} that builds a record from a fast-form slot. A record-form
 * spawn into an array element gets a subclass that also holds the array and the index and stores
 * the result there.
 */
final class RecordClasses {

    private final Hierarchy hierarchy;
    private final String rewrittenClass;

    RecordClasses(Hierarchy hierarchy, String rewrittenClass) {
        this.hierarchy = hierarchy;
        this.rewrittenClass = rewrittenClass;
    }

    static String name(String rewrittenClass, int index) {
        return rewrittenClass + "$$Spawn" + index;
    }

    /** Whether a class file's path names a record class the rewriter generated. */
    static boolean isGenerated(String classFilePath) {
        return classFilePath.matches(".*\\$\\$Spawn[0-9]+(\\$Site[0-9]+)?\\.class");
    }

    /** The record class of a record-form spawn into an array element: numbered across the whole class. */
    static String siteName(String rewrittenClass, int index, int number) {
        return name(rewrittenClass, index) + "$Site" + number;
    }

    byte[] record(int index, CallTarget t) {
        String self = name(rewrittenClass, index);
        ClassWriter cw = new HierarchyClassWriter(hierarchy);
        cw.visit(Opcodes.V17, Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, self, null, RuntimeCalls.RECORD,
                new String[] {RuntimeCalls.FACTORY});
        cw.visitAnnotation(RuntimeCalls.REWRITTEN, true).visit("value", Bytecode.VERSION);
        Type[] args = t.arguments();
        Type result = t.result();
        if (t.hasReceiver()) {
            cw.visitField(Opcodes.ACC_FINAL, "receiver", Type.getObjectType(t.receiverType()).getDescriptor(), null, null);
        }
        for (int i = 0; i < args.length; i++) {
            cw.visitField(Opcodes.ACC_FINAL, "p" + i, args[i].getDescriptor(), null, null);
        }
        if (result.getSort() != Type.VOID) {
            cw.visitField(0, "result", result.getDescriptor(), null, null);
        }
        cw.visitField(Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "FACTORY", "L" + self + ";", null, null);

        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitTypeInsn(Opcodes.NEW, self);
        mv.visitInsn(Opcodes.DUP);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, self, "<init>", "()V", false);
        mv.visitFieldInsn(Opcodes.PUTSTATIC, self, "FACTORY", "L" + self + ";");
        mv.visitInsn(Opcodes.RETURN);
        end(mv);

        mv = cw.visitMethod(0, "<init>", "()V", null, null);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        superConstructor(mv);
        mv.visitInsn(Opcodes.RETURN);
        end(mv);

        String fullDesc = constructorDesc(t, List.of());
        if (!fullDesc.equals("()V")) {
            fullConstructor(cw, self, t, fullDesc);
        }

        capture(cw, self, t);
        invoke(cw, self, t);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void fullConstructor(ClassWriter cw, String self, CallTarget t, String desc) {
        Type[] args = t.arguments();
        MethodVisitor mv = cw.visitMethod(0, "<init>", desc, null, null);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        superConstructor(mv);
        int var = 1;
        if (t.hasReceiver()) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, var++);
            mv.visitFieldInsn(Opcodes.PUTFIELD, self, "receiver", Type.getObjectType(t.receiverType()).getDescriptor());
        }
        for (int i = 0; i < args.length; i++) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), var);
            mv.visitFieldInsn(Opcodes.PUTFIELD, self, "p" + i, args[i].getDescriptor());
            var += args[i].getSize();
        }
        mv.visitInsn(Opcodes.RETURN);
        end(mv);
    }

    /** Builds the record from a fast-form slot; a slot that carries a prebuilt record hands that over. */
    private static void capture(ClassWriter cw, String self, CallTarget t) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, RuntimeCalls.FACTORY_CAPTURE.member,
                RuntimeCalls.FACTORY_CAPTURE.desc, null, null);
        Type[] args = t.arguments();
        if (!fitsSlot(args)) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            RuntimeCalls.SLOT_RECORD.get().accept(mv);
            mv.visitInsn(Opcodes.ARETURN);
            end(mv);
            return;
        }
        mv.visitTypeInsn(Opcodes.NEW, self);
        mv.visitInsn(Opcodes.DUP);
        if (t.hasReceiver()) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            RuntimeCalls.SLOT_RECEIVER.get().accept(mv);
            mv.visitTypeInsn(Opcodes.CHECKCAST, t.receiverType());
        }
        int primitive = 0;
        int reference = 0;
        for (Type a : args) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            if (Bytecode.isReference(a)) {
                RuntimeCalls.slotReference(reference++).get().accept(mv);
                mv.visitTypeInsn(Opcodes.CHECKCAST, a.getInternalName());
            } else {
                RuntimeCalls.slotLong(primitive++).get().accept(mv);
                Bytecode.fromSlotBits(mv, a);
            }
        }
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, self, "<init>", constructorDesc(t, List.of()), false);
        mv.visitInsn(Opcodes.ARETURN);
        end(mv);
    }

    private void invoke(ClassWriter cw, String self, CallTarget t) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PROTECTED, RuntimeCalls.RECORD_INVOKE.member,
                RuntimeCalls.RECORD_INVOKE.desc, null, new String[] {"java/lang/Throwable"});
        Type result = t.result();
        if (result.getSort() != Type.VOID) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
        }
        if (t.hasReceiver()) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitFieldInsn(Opcodes.GETFIELD, self, "receiver", Type.getObjectType(t.receiverType()).getDescriptor());
        }
        Type[] args = t.arguments();
        for (int i = 0; i < args.length; i++) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitFieldInsn(Opcodes.GETFIELD, self, "p" + i, args[i].getDescriptor());
        }
        if (t.accessor() != null) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, rewrittenClass, t.accessor(), t.accessorDesc(),
                    hierarchy.info(rewrittenClass) != null && hierarchy.info(rewrittenClass).isInterface());
        } else {
            mv.visitMethodInsn(t.opcode(), t.owner(), t.name(), t.desc(), t.itf());
        }
        if (result.getSort() != Type.VOID) {
            mv.visitFieldInsn(Opcodes.PUTFIELD, self, "result", result.getDescriptor());
        }
        mv.visitInsn(Opcodes.RETURN);
        end(mv);
    }

    /** The subclass for a record-form spawn into an array element: it stores the result itself. */
    byte[] arraySite(int index, CallTarget t, SpawnSite site) {
        String base = name(rewrittenClass, index);
        String self = site.arraySiteClass;
        ClassWriter cw = new HierarchyClassWriter(hierarchy);
        cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, self, null, base, null);
        cw.visitAnnotation(RuntimeCalls.REWRITTEN, true).visit("value", Bytecode.VERSION);
        cw.visitField(Opcodes.ACC_FINAL, "array", "Ljava/lang/Object;", null, null);
        cw.visitField(Opcodes.ACC_FINAL, "index", "I", null, null);

        List<Type> extra = List.of(Type.getType(Object.class), Type.INT_TYPE);
        MethodVisitor mv = cw.visitMethod(0, "<init>", constructorDesc(t, extra), null, null);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        int var = 1;
        if (t.hasReceiver()) {
            mv.visitVarInsn(Opcodes.ALOAD, var++);
        }
        for (Type a : t.arguments()) {
            mv.visitVarInsn(a.getOpcode(Opcodes.ILOAD), var);
            var += a.getSize();
        }
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, base, "<init>", constructorDesc(t, List.of()), false);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, var);
        mv.visitFieldInsn(Opcodes.PUTFIELD, self, "array", "Ljava/lang/Object;");
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ILOAD, var + 1);
        mv.visitFieldInsn(Opcodes.PUTFIELD, self, "index", "I");
        mv.visitInsn(Opcodes.RETURN);
        end(mv);

        mv = cw.visitMethod(Opcodes.ACC_PROTECTED, RuntimeCalls.RECORD_DELIVER.member, RuntimeCalls.RECORD_DELIVER.desc,
                null, null);
        int store = site.consumer.getOpcode();
        if (store == Opcodes.BASTORE) {
            // bastore serves byte[] and boolean[] alike: look at the array to know which to cast to
            Label bytes = new Label();
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitFieldInsn(Opcodes.GETFIELD, self, "array", "Ljava/lang/Object;");
            mv.visitTypeInsn(Opcodes.INSTANCEOF, "[Z");
            mv.visitJumpInsn(Opcodes.IFEQ, bytes);
            storeResult(mv, self, base, t, site, "[Z");
            mv.visitLabel(bytes);
            storeResult(mv, self, base, t, site, "[B");
        } else {
            storeResult(mv, self, base, t, site, arrayType(store));
        }
        end(mv);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void storeResult(MethodVisitor mv, String self, String base, CallTarget t, SpawnSite site,
            String arrayType) {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, self, "array", "Ljava/lang/Object;");
        mv.visitTypeInsn(Opcodes.CHECKCAST, arrayType);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, self, "index", "I");
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, base, "result", t.result().getDescriptor());
        for (AbstractInsnNode conversion : site.conversions) {
            conversion.accept(mv);
        }
        mv.visitInsn(site.consumer.getOpcode());
        mv.visitInsn(Opcodes.RETURN);
    }

    private static String arrayType(int store) {
        return switch (store) {
            case Opcodes.IASTORE -> "[I";
            case Opcodes.LASTORE -> "[J";
            case Opcodes.FASTORE -> "[F";
            case Opcodes.DASTORE -> "[D";
            case Opcodes.CASTORE -> "[C";
            case Opcodes.SASTORE -> "[S";
            default -> "[Ljava/lang/Object;";
        };
    }

    /** A static method of the rewritten class that makes the call for a record. */
    static MethodNode accessor(CallTarget t, boolean rewrittenIsInterface) {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, t.accessor(), t.accessorDesc(), null,
                null);
        int var = 0;
        if (t.hasReceiver()) {
            m.visitVarInsn(Opcodes.ALOAD, var++);
        }
        for (Type a : t.arguments()) {
            m.visitVarInsn(a.getOpcode(Opcodes.ILOAD), var);
            var += a.getSize();
        }
        m.visitMethodInsn(t.opcode(), t.owner(), t.name(), t.desc(), t.itf());
        m.visitInsn(t.result().getOpcode(Opcodes.IRETURN));
        m.visitMaxs(0, 0);
        m.visitEnd();
        return m;
    }

    static String constructorDesc(CallTarget t, List<Type> extra) {
        Type[] args = t.arguments();
        Type[] all = new Type[(t.hasReceiver() ? 1 : 0) + args.length + extra.size()];
        int i = 0;
        if (t.hasReceiver()) {
            all[i++] = Type.getObjectType(t.receiverType());
        }
        for (Type a : args) {
            all[i++] = a;
        }
        for (Type e : extra) {
            all[i++] = e;
        }
        return Type.getMethodDescriptor(Type.VOID_TYPE, all);
    }

    static boolean fitsSlot(Type[] args) {
        int primitives = 0;
        int references = 0;
        for (Type a : args) {
            if (Bytecode.isReference(a)) {
                references++;
            } else {
                primitives++;
            }
        }
        return primitives <= 4 && references <= 4;
    }

    private static void superConstructor(MethodVisitor mv) {
        RuntimeCalls c = RuntimeCalls.RECORD_CONSTRUCTOR;
        mv.visitMethodInsn(c.kind.opcode, c.owner, c.member, c.desc, false);
    }

    private static void end(MethodVisitor mv) {
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }
}
