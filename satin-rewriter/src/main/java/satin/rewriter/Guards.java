package satin.rewriter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Satin++'s guards (Wrzesinska, Maassen, Verstoep and Bal, "Satin++: Divide-and-Share on the
 * Grid", e-Science 2006): a method {@code boolean guard_NAME(...)} beside a {@code @Spawnable}
 * method {@code NAME} of the same parameters says when a job of {@code NAME} may run, as a test of
 * the shared objects it reads. The rewritten {@code NAME} starts by asking it, and while it does
 * not hold, waits for the replicas to change (a thief's replica may not have the write the
 * spawning node made before the spawn). As written, the class never asks: the sequential program
 * makes its guards hold before it calls.
 */
final class Guards {

    static final String PREFIX = "guard_";

    private Guards() {
    }

    /** Each guarded method of the class with its guard; what is wrong with a guard goes to {@code problems}. */
    static Map<MethodNode, MethodNode> find(ClassNode cn, List<Problem> problems) {
        Map<MethodNode, MethodNode> guarded = new LinkedHashMap<>();
        for (MethodNode g : cn.methods) {
            if (!g.name.startsWith(PREFIX) || g.name.length() == PREFIX.length()) {
                continue;
            }
            String name = g.name.substring(PREFIX.length());
            String params = g.desc.substring(0, g.desc.indexOf(')') + 1);
            MethodNode target = cn.methods.stream()
                    .filter(m -> m.name.equals(name) && m.desc.startsWith(params) && isSpawnable(m)).findFirst().orElse(null);
            String wrong = wrong(g, name, target);
            if (wrong != null) {
                problems.add(new Problem(cn.name, cn.sourceFile, Bytecode.firstLine(g), g.name, g.desc, wrong));
            } else {
                guarded.put(target, g);
            }
        }
        return guarded;
    }

    private static String wrong(MethodNode g, String name, MethodNode target) {
        if (target == null) {
            return g.name + " guards the @Spawnable method " + name + " of the same parameters, and this class has"
                    + " none: rename it if it is no guard";
        }
        if (Type.getReturnType(g.desc) != Type.BOOLEAN_TYPE) {
            return "a guard must return boolean: whether a job of " + name + " may run now";
        }
        if ((g.access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT)) != 0) {
            return "a guard must be an instance method with a body, as the method it guards is";
        }
        return null;
    }

    private static boolean isSpawnable(MethodNode m) {
        return Bytecode.annotated(m, RuntimeCalls.SPAWNABLE) && (m.access & Opcodes.ACC_STATIC) == 0;
    }

    /**
     * Puts in front of {@code m}'s code: {@code long since = 0; while (!guard(args)) since =
     * Guards.await(since, "Class.guard_NAME");}. The runtime's wait throws once the guard has not held
     * for its time limit, so that a guard the program never makes true fails the run rather than
     * hanging it.
     */
    static void rewrite(ClassNode cn, MethodNode m, MethodNode guard) {
        int since = m.maxLocals;
        m.maxLocals += 2;
        LabelNode ask = new LabelNode();
        LabelNode body = new LabelNode();
        InsnList prologue = new InsnList();
        prologue.add(new InsnNode(Opcodes.LCONST_0));
        prologue.add(new VarInsnNode(Opcodes.LSTORE, since));
        prologue.add(ask);
        prologue.add(new VarInsnNode(Opcodes.ALOAD, 0));
        int slot = 1;
        for (Type t : Type.getArgumentTypes(m.desc)) {
            prologue.add(new VarInsnNode(t.getOpcode(Opcodes.ILOAD), slot));
            slot += t.getSize();
        }
        boolean isPrivate = (guard.access & Opcodes.ACC_PRIVATE) != 0;
        prologue.add(new MethodInsnNode(isPrivate ? Opcodes.INVOKESPECIAL : Opcodes.INVOKEVIRTUAL, cn.name, guard.name,
                guard.desc, false));
        prologue.add(new JumpInsnNode(Opcodes.IFNE, body));
        prologue.add(new VarInsnNode(Opcodes.LLOAD, since));
        prologue.add(new LdcInsnNode(cn.name.replace('/', '.') + "." + guard.name));
        prologue.add(RuntimeCalls.GUARDS_AWAIT.call());
        prologue.add(new VarInsnNode(Opcodes.LSTORE, since));
        prologue.add(new JumpInsnNode(Opcodes.GOTO, ask));
        prologue.add(body);
        m.instructions.insert(prologue);
    }
}
