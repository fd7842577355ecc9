package satin.rewriter;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The last handler of a spawning method, and the ranges it covers: an exception must not leave
 * the method while its spawns are still pending, since their results may outlive it in fields and
 * elements, and a failure among them came first in the sequential program. Only the code during
 * which spawns may be pending is covered, so the rest (a base case, say) stays free of it.
 */
final class LeaveHandlerEmitter {

    private final MethodAnalysis a;
    private final MethodNode m;
    private final HiddenLocals locals;
    private final GenericSyncEmitter generic;

    private LabelNode rangeStart;
    private boolean rangeHasCode;
    private final List<LabelNode[]> pendingRanges = new ArrayList<>();

    LeaveHandlerEmitter(MethodAnalysis analysis, HiddenLocals locals, GenericSyncEmitter generic) {
        this.a = analysis;
        this.m = analysis.method;
        this.locals = locals;
        this.generic = generic;
    }

    /**
     * Code of an unrolled sync that can throw while spawns of it are still in the deque (a pop the
     * owner refuses, the bookkeeping of a failure, the join of stolen spawns), under the last
     * handler. The rest of the sync is not: its direct calls have handlers of their own, and once
     * the pops are done nothing is pending. A handler over the whole sync made fib spawning every
     * call 11% slower on one worker (decision 0027), though no exception reaches it from the calls.
     */
    InsnList coveredInSync(InsnList code) {
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        code.insert(start);
        code.add(end);
        pendingRanges.add(new LabelNode[] {start, end});
        return code;
    }

    /**
     * Tracks the runs of instructions during which spawns may be pending: only there can an
     * exception leave spawns behind, so only there does the last handler need to cover the method.
     * Called for each original instruction in order, and with {@code at} null at the end.
     */
    void coverPending(AbstractInsnNode at, boolean pending) {
        InsnList insns = m.instructions;
        if (pending && rangeStart == null) {
            rangeStart = new LabelNode();
            insns.insertBefore(at, rangeStart);
            rangeHasCode = false;
        } else if (!pending && rangeStart != null) {
            LabelNode end = new LabelNode();
            if (at == null) {
                insns.add(end);
            } else {
                insns.insertBefore(at, end);
            }
            if (rangeHasCode) {
                pendingRanges.add(new LabelNode[] {rangeStart, end});
            }
            rangeStart = null;
        }
        if (pending && at != null && at.getOpcode() >= 0) {
            rangeHasCode = true;
        }
    }

    /**
     * Appends the handler: the exception leaves the method once its pending spawns are done and
     * their results stored where they outlive the method (fields, array elements), in program
     * order. If one of them failed, that failure came first in the sequential program: it
     * propagates, with the method's own exception suppressed in it.
     */
    void addLeaveHandler() {
        pendingRanges.removeIf(range -> !Bytecode.hasCode(range[0], range[1])); // its code was all consumed (a result's store before its sync)
        if (pendingRanges.isEmpty()) {
            return;
        }
        List<SpawnSite> stores = generic.directSites(everPending(), site -> site.targetOperands() > 0
                || site.target == SpawnSite.Target.STATIC_FIELD);
        LabelNode handler = new LabelNode();
        LabelNode rethrow = new LabelNode();
        InsnList h = new InsnList();
        int thrown = locals.newLocal(1);
        h.add(handler);
        h.add(new VarInsnNode(Opcodes.ASTORE, thrown));
        h.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
        h.add(new JumpInsnNode(Opcodes.IFNULL, rethrow));
        h.add(new VarInsnNode(Opcodes.ALOAD, locals.deque));
        h.add(RuntimeCalls.DEQUE_HEAD.call());
        h.add(new VarInsnNode(Opcodes.ILOAD, locals.mark));
        h.add(new JumpInsnNode(Opcodes.IF_ICMPLE, rethrow));
        if (stores.isEmpty()) {
            // nothing of this method outlives it but record-form results: the runtime's leave does it all
            h.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
            h.add(new VarInsnNode(Opcodes.ILOAD, locals.mark));
            h.add(new VarInsnNode(Opcodes.ALOAD, thrown));
            h.add(RuntimeCalls.WORKER_LEAVE.call());
            h.add(new InsnNode(Opcodes.ATHROW));
        } else {
            h.add(settleAndLeave(stores, thrown));
        }
        h.add(rethrow);
        h.add(new VarInsnNode(Opcodes.ALOAD, thrown));
        h.add(new InsnNode(Opcodes.ATHROW));
        m.instructions.add(h);
        for (LabelNode[] range : pendingRanges) {
            m.tryCatchBlocks.add(new TryCatchBlockNode(range[0], range[1], handler, null));
        }
    }

    /**
     * {@code Worker.leave} written out, for a method whose pending spawns store into fields and
     * elements from its own locals: settles the records, then rethrows; a failed spawn's failure
     * propagates instead, with the method's own exception suppressed in it.
     */
    private InsnList settleAndLeave(List<SpawnSite> stores, int thrown) {
        InsnList h = new InsnList();
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode childFailed = new LabelNode();
        h.add(start);
        h.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
        h.add(new VarInsnNode(Opcodes.ILOAD, locals.mark));
        h.add(RuntimeCalls.WORKER_SYNC_RECORDS.call());
        h.add(new VarInsnNode(Opcodes.ASTORE, locals.records));
        h.add(generic.settleRecords(stores));
        h.add(end);
        h.add(new VarInsnNode(Opcodes.ALOAD, thrown));
        h.add(new InsnNode(Opcodes.ATHROW));
        h.add(childFailed);
        h.add(new InsnNode(Opcodes.DUP));
        h.add(new VarInsnNode(Opcodes.ALOAD, thrown));
        h.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Throwable", "addSuppressed", "(Ljava/lang/Throwable;)V"));
        h.add(new InsnNode(Opcodes.ATHROW));
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, childFailed, RuntimeCalls.SPAWN_EXCEPTION));
        return h;
    }

    /** Every site that may be pending somewhere in the method. */
    private Pending everPending() {
        BitSet may = new BitSet();
        for (Pending p : a.pending) {
            if (p != null) {
                may.or(p.may);
            }
        }
        return new Pending(may, null);
    }
}
