package satin.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The write methods of a shared object ({@code @Write} on a subclass of {@code satin.SharedObject}):
 * each becomes synchronized and starts by asking whether the object is replicated; if it is, the
 * call (the method's name and descriptor, its arguments boxed) goes to the pool, which orders it
 * and runs this same method on every replica with forwarding off, and the method returns at once.
 * A write must return nothing (the pool applies it later, everywhere), be an instance method with
 * code, and spawn nothing.
 */
final class SharedWrites {

    private static final Map<Integer, String[]> BOXES = Map.of(
            Type.BOOLEAN, new String[] {"java/lang/Boolean", "(Z)Ljava/lang/Boolean;"},
            Type.BYTE, new String[] {"java/lang/Byte", "(B)Ljava/lang/Byte;"},
            Type.CHAR, new String[] {"java/lang/Character", "(C)Ljava/lang/Character;"},
            Type.SHORT, new String[] {"java/lang/Short", "(S)Ljava/lang/Short;"},
            Type.INT, new String[] {"java/lang/Integer", "(I)Ljava/lang/Integer;"},
            Type.LONG, new String[] {"java/lang/Long", "(J)Ljava/lang/Long;"},
            Type.FLOAT, new String[] {"java/lang/Float", "(F)Ljava/lang/Float;"},
            Type.DOUBLE, new String[] {"java/lang/Double", "(D)Ljava/lang/Double;"});

    private SharedWrites() {
    }

    /** The class's write methods; what is wrong with any of them goes to {@code problems}. */
    static List<MethodNode> find(ClassNode cn, Hierarchy hierarchy, List<MethodAnalysis> spawning,
            List<Problem> problems) {
        List<MethodNode> writes = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            if (!isWrite(m)) {
                continue;
            }
            String wrong = wrong(cn, m, hierarchy, spawning);
            if (wrong != null) {
                problems.add(new Problem(cn.name, cn.sourceFile, Bytecode.firstLine(m), m.name, m.desc, wrong));
            } else {
                writes.add(m);
            }
        }
        return writes;
    }

    private static String wrong(ClassNode cn, MethodNode m, Hierarchy hierarchy, List<MethodAnalysis> spawning) {
        if (!hierarchy.isSubclass(cn.name, RuntimeCalls.SHARED_OBJECT)) {
            return "@Write marks the writes of a shared object: the class must extend satin.SharedObject";
        }
        if ((m.access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return "a @Write method must be an instance method with a body: each replica runs it on itself";
        }
        if (Type.getReturnType(m.desc) != Type.VOID_TYPE) {
            return "a @Write method must return void: it is applied later, on every replica, and returns nothing to its caller";
        }
        if (spawning.stream().anyMatch(a -> a.method == m)) {
            return "a @Write method must not spawn: every replica runs it for itself";
        }
        return null;
    }

    private static boolean isWrite(MethodNode m) {
        return Bytecode.annotated(m, RuntimeCalls.WRITE);
    }

    /** Makes {@code m} synchronized and puts the forwarding in front of its body. */
    static void rewrite(MethodNode m) {
        m.access |= Opcodes.ACC_SYNCHRONIZED;
        LabelNode body = new LabelNode();
        InsnList forward = new InsnList();
        forward.add(new VarInsnNode(Opcodes.ALOAD, 0));
        forward.add(RuntimeCalls.SHARED_FORWARDS.call());
        forward.add(new JumpInsnNode(Opcodes.IFEQ, body));
        forward.add(new VarInsnNode(Opcodes.ALOAD, 0));
        forward.add(new LdcInsnNode(m.name + m.desc));
        Type[] args = Type.getArgumentTypes(m.desc);
        forward.add(new IntInsnNode(Opcodes.SIPUSH, args.length));
        forward.add(new TypeInsnNode(Opcodes.ANEWARRAY, "java/lang/Object"));
        int slot = 1;
        for (int i = 0; i < args.length; i++) {
            forward.add(new InsnNode(Opcodes.DUP));
            forward.add(new IntInsnNode(Opcodes.SIPUSH, i));
            forward.add(new VarInsnNode(args[i].getOpcode(Opcodes.ILOAD), slot));
            String[] box = BOXES.get(args[i].getSort());
            if (box != null) {
                forward.add(new MethodInsnNode(Opcodes.INVOKESTATIC, box[0], "valueOf", box[1], false));
            }
            forward.add(new InsnNode(Opcodes.AASTORE));
            slot += args[i].getSize();
        }
        forward.add(RuntimeCalls.SHARED_FORWARD.call());
        forward.add(new InsnNode(Opcodes.RETURN));
        forward.add(body);
        m.instructions.insert(forward);
    }
}
