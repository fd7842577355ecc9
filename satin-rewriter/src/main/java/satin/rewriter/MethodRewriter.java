package satin.rewriter;

import java.util.function.IntFunction;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Rewrites one analysed method: spawns into slots (fast form) or records (record form), syncs into
 * the runtime's sync, an implicit sync before every return that may leave spawns pending, a hop
 * onto the embedded node for a call made outside every node, and a last handler that finishes
 * pending spawns before an exception leaves the method. The hand-written classes in satin-core's
 * {@code satin.spec} show the same code as Java.
 *
 * <p>This class only walks the instructions and decides which emitter replaces each; the emitters
 * write the code. The order in which they are made and called is the order in which they take
 * hidden locals and add try blocks, which the rewritten class depends on.
 */
final class MethodRewriter {

    private final MethodAnalysis a;
    private final MethodNode m;
    /** The instructions as the analysis saw them, which the rewrite walks while it changes the list. */
    private final AbstractInsnNode[] original;
    private final HiddenLocals locals;
    private final HandlerEmitter handlers;
    private final HopEmitter hop;
    private final SyncPlan plan;
    private final SpawnEmitter spawns;
    private final GenericSyncEmitter generic;
    private final LeaveHandlerEmitter leave;
    private final UnrolledSyncEmitter unrolled;

    /**
     * @param recordOfSite the record class (fast form, or record form's base) of each spawn site
     * @param hopRecord    the record class the method hops with
     */
    MethodRewriter(MethodAnalysis analysis, IntFunction<String> recordOfSite, CallTarget hopTarget, String hopRecord) {
        this.a = analysis;
        this.m = analysis.method;
        this.original = m.instructions.toArray();
        this.locals = new HiddenLocals(a);
        this.handlers = new HandlerEmitter(a, locals, original);
        this.hop = new HopEmitter(a, locals, original, hopTarget, hopRecord);
        this.plan = new SyncPlan(a, original);
        this.spawns = new SpawnEmitter(a, locals, plan, handlers, recordOfSite);
        this.generic = new GenericSyncEmitter(a, locals, recordOfSite);
        this.leave = new LeaveHandlerEmitter(a, locals, generic);
        this.unrolled = new UnrolledSyncEmitter(a, locals, recordOfSite, plan, leave);
    }

    void rewrite() {
        for (int i = 0; i < original.length; i++) {
            replace(original[i], a.pending[i], i);
        }
        InsnList insns = m.instructions;
        for (AbstractInsnNode consumed : a.consumed) {
            if (insns.contains(consumed)) {
                insns.remove(consumed);
            }
        }
        leave.coverPending(null, false);
        for (Escapes.Escape e : a.escapes) {
            insns.add(handlers.escape(e, generic.sync(e.pending())));
            int after = e.own().stream().mapToInt(m.tryCatchBlocks::indexOf).max().orElseThrow() + 1;
            m.tryCatchBlocks.add(after, new TryCatchBlockNode(e.start(), e.end(), e.handler(), null));
        }
        leave.addLeaveHandler();
        handlers.addLeaveAsItself(insns);
        // an escape's handler tests whether a worker was found yet (Escapes)
        insns.insert(locals.initialise(hop.guarded() || !a.escapes.isEmpty(), plan.setAtEntry));
        handlers.prependHandlers(m.tryCatchBlocks);
        m.tryCatchBlocks.addAll(0, unrolled.ownHandlers());
        // a try of the program around nothing but a sync with nothing pending (or a spawn's
        // consumed store) has lost its code, and the JVM refuses an empty exception range
        m.tryCatchBlocks.removeIf(block -> !Bytecode.hasCode(block.start, block.end));
        m.maxLocals = locals.maxLocals();
    }

    /** Rewrites one original instruction, given the spawns that may be pending before it. */
    private void replace(AbstractInsnNode insn, Pending before, int index) {
        InsnList insns = m.instructions;
        // an unrolled sync covers only what can throw in it while spawns are pending (coveredInSync)
        boolean pending = before != null && !before.isEmpty();
        leave.coverPending(insn, pending && !(a.syncs.contains(insn) && SyncPlan.unrolled(before)));
        if (before == null) {
            return; // unreachable
        }
        if (hop.isCheckpoint(insn)) {
            insns.insertBefore(insn, hop.check());
        }
        SpawnSite site = a.siteAt.get(insn);
        if (site != null) {
            insns.insertBefore(insn, spawns.spawn(site));
            insns.remove(insn);
        } else if (a.syncs.contains(insn)) {
            InsnList replacement = new InsnList();
            if (insn.getOpcode() != Opcodes.INVOKESTATIC) {
                replacement.add(new InsnNode(Opcodes.POP)); // the SatinObject whose sync() was called
            }
            if (!before.isEmpty()) {
                int under = a.frames[index].getStackSize() - (insn.getOpcode() != Opcodes.INVOKESTATIC ? 1 : 0);
                InsnList[] kept = keepStack(index, under);
                replacement.add(kept[0]);
                replacement.add(handlers.unwrapping(insn, sync(insn, before)));
                replacement.add(kept[1]);
            }
            insns.insertBefore(insn, replacement);
            insns.remove(insn);
        } else if (Bytecode.isReturn(insn) && !before.isEmpty()) {
            insns.insertBefore(insn, implicitSync(insn, before));
        } else if (a.handlerStarts.contains(insn) && !before.isEmpty()) {
            insns.insert(insn, handlers.entrySync(insn, sync(insn, before)));
        }
    }

    /**
     * A sync inside a switch expression's arm ({@code n + switch (k) { case 0 -> { ...; sync();
     * yield a; } ... }}) finds the enclosing expression's values on the operand stack. The sync's
     * own handlers start with an empty stack and rejoin its code, so the values wait in hidden
     * locals while it runs, as javac keeps them around a try inside such an arm. Returns the code
     * that puts them aside and the code that puts them back, both empty for an empty stack.
     */
    private InsnList[] keepStack(int index, int values) {
        InsnList aside = new InsnList();
        InsnList back = new InsnList();
        var frame = a.frames[index];
        for (int v = values - 1; v >= 0; v--) {
            Type t = frame.getStack(v).getType();
            int local = locals.newLocal(t.getSize());
            aside.add(Bytecode.store(t, local));
            back.insert(Bytecode.load(t, local));
        }
        return new InsnList[] {aside, back};
    }

    private InsnList sync(AbstractInsnNode at, Pending before) {
        return SyncPlan.unrolled(before) ? unrolled.sync(before.exact, handlers.keyed(at)) : generic.sync(before);
    }

    /** The sync before a return that may leave spawns pending, with the returned value kept aside. */
    private InsnList implicitSync(AbstractInsnNode ret, Pending before) {
        InsnList out = new InsnList();
        Type result = Type.getReturnType(m.desc);
        if (result.getSort() == Type.VOID) {
            out.add(handlers.unwrapping(ret, sync(ret, before)));
            return out;
        }
        int value = locals.newLocal(result.getSize());
        out.add(Bytecode.store(result, value));
        out.add(handlers.unwrapping(ret, sync(ret, before)));
        out.add(Bytecode.load(result, value));
        return out;
    }
}
