package satin.rewriter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The checks for a worker in a spawning method: where they go, and the code that finds the
 * worker, its deque and the mark, or, when the method is called outside every node, hops onto the
 * embedded node and runs the whole call again there. A spawn needs a worker's deque, and the mark
 * tells its sync which spawns are its own.
 */
final class HopEmitter {

    private final MethodAnalysis a;
    private final HiddenLocals locals;
    private final CallTarget hopTarget;
    private final String hopRecord;
    private final Set<AbstractInsnNode> checkpoints;
    /** Whether the checks test whether the worker is known already; see {@link #checkpointsReachEachOther}. */
    private final boolean guarded;

    /**
     * @param original  the method's instructions before the rewrite
     * @param hopRecord the record class the method hops with
     */
    HopEmitter(MethodAnalysis analysis, HiddenLocals locals, AbstractInsnNode[] original, CallTarget hopTarget,
            String hopRecord) {
        this.a = analysis;
        this.locals = locals;
        this.hopTarget = hopTarget;
        this.hopRecord = hopRecord;
        this.checkpoints = checkpoints(original);
        this.guarded = checkpointsReachEachOther(original);
    }

    /** Whether a check for the worker goes before {@code insn}. */
    boolean isCheckpoint(AbstractInsnNode insn) {
        return checkpoints.contains(insn);
    }

    /** Whether a check may run twice, so that the worker, deque and mark need a value at entry. */
    boolean guarded() {
        return guarded;
    }

    /**
     * Where a check for a worker goes: the first instructions, on every path from the entry, that
     * are not free of side effects. A pure prefix such as a base case may run before the check, on
     * the caller's thread, because the hop runs the whole call again from the start.
     */
    private Set<AbstractInsnNode> checkpoints(AbstractInsnNode[] original) {
        Set<AbstractInsnNode> points = new HashSet<>();
        boolean[] seen = new boolean[original.length];
        List<Integer> todo = new ArrayList<>(List.of(0));
        while (!todo.isEmpty()) {
            int i = todo.remove(todo.size() - 1);
            if (seen[i]) {
                continue;
            }
            seen[i] = true;
            AbstractInsnNode insn = original[i];
            if (insn.getOpcode() >= 0 && !isPure(insn)) {
                points.add(insn);
                continue;
            }
            todo.addAll(a.flow.successorsOf(i));
        }
        return points;
    }

    private boolean isPure(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (a.siteAt.containsKey(insn) || a.syncs.contains(insn)) {
            return false;
        }
        return (op >= Opcodes.NOP && op <= Opcodes.SALOAD && op != Opcodes.LDC) || (op == Opcodes.LDC && isPlainConstant(insn))
                || (op >= Opcodes.POP && op <= Opcodes.LXOR) || (op >= Opcodes.I2L && op <= Opcodes.DCMPG)
                || (op >= Opcodes.IFEQ && op <= Opcodes.GOTO) || op == Opcodes.TABLESWITCH || op == Opcodes.LOOKUPSWITCH
                || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) || op == Opcodes.GETFIELD || op == Opcodes.ARRAYLENGTH
                || op == Opcodes.INSTANCEOF || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL;
    }

    private static boolean isPlainConstant(AbstractInsnNode insn) {
        Object c = ((LdcInsnNode) insn).cst;
        return c instanceof Number || c instanceof String;
    }

    /**
     * Whether a path can pass a second check for the worker (another, or the same one in a loop):
     * then each check must first test whether the worker is known already, so that the mark is
     * taken once, before the first spawn.
     */
    private boolean checkpointsReachEachOther(AbstractInsnNode[] original) {
        Map<AbstractInsnNode, Integer> index = new HashMap<>();
        for (int i = 0; i < original.length; i++) {
            index.put(original[i], i);
        }
        for (AbstractInsnNode start : checkpoints) {
            boolean[] seen = new boolean[original.length];
            List<Integer> todo = new ArrayList<>(a.flow.successorsOf(index.get(start)));
            while (!todo.isEmpty()) {
                int i = todo.remove(todo.size() - 1);
                if (seen[i]) {
                    continue;
                }
                seen[i] = true;
                if (checkpoints.contains(original[i])) {
                    return true;
                }
                todo.addAll(a.flow.successorsOf(i));
            }
        }
        return false;
    }

    /** If no worker is known yet: find it, or hop onto the embedded node and return what the call returns there. */
    InsnList check() {
        InsnList out = new InsnList();
        LabelNode known = new LabelNode();
        LabelNode found = new LabelNode();
        if (guarded) {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
            out.add(new JumpInsnNode(Opcodes.IFNONNULL, known));
        }
        out.add(RuntimeCalls.WORKER_CURRENT.call());
        out.add(new InsnNode(Opcodes.DUP));
        out.add(new VarInsnNode(Opcodes.ASTORE, locals.worker));
        out.add(new JumpInsnNode(Opcodes.IFNONNULL, found));
        out.add(hop());
        out.add(found);
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
        out.add(RuntimeCalls.WORKER_DEQUE.call());
        out.add(new InsnNode(Opcodes.DUP));
        out.add(new VarInsnNode(Opcodes.ASTORE, locals.deque));
        out.add(RuntimeCalls.DEQUE_HEAD.call());
        out.add(new VarInsnNode(Opcodes.ISTORE, locals.mark));
        out.add(known);
        return out;
    }

    /** Runs this very call again on the embedded node through its record, and returns its result. */
    private InsnList hop() {
        InsnList out = new InsnList();
        out.add(new TypeInsnNode(Opcodes.NEW, hopRecord));
        out.add(new InsnNode(Opcodes.DUP));
        int var = 0;
        if (hopTarget.hasReceiver()) {
            out.add(new VarInsnNode(Opcodes.ALOAD, var++));
        }
        for (Type t : hopTarget.arguments()) {
            out.add(Bytecode.load(t, var));
            var += t.getSize();
        }
        out.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, hopRecord, "<init>",
                RecordClasses.constructorDesc(hopTarget, List.of())));
        out.add(new InsnNode(Opcodes.DUP));
        out.add(RuntimeCalls.WORKER_HOP.call());
        Type result = hopTarget.result();
        if (result.getSort() == Type.VOID) {
            out.add(new InsnNode(Opcodes.POP));
            out.add(new InsnNode(Opcodes.RETURN));
        } else {
            out.add(new FieldInsnNode(Opcodes.GETFIELD, hopRecord, "result", result.getDescriptor()));
            out.add(new InsnNode(result.getOpcode(Opcodes.IRETURN)));
        }
        return out;
    }
}
