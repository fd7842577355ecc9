package satin.rewriter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Where the program's own exception handlers meet pending spawns: a handler entered while spawns
 * are pending syncs first, and a failure of a spawn goes to the handler of the program it met in
 * the sequential program, as itself, rather than as the SpawnException a sync throws (decision
 * 0034). The try blocks this adds go before the program's, which they must take precedence over.
 */
final class HandlerEmitter {

    /** Where a handler entered with spawns pending goes on once its sync is done, and the local its exception waits in. */
    private record EntrySync(LabelNode after, int exception) {
    }

    private final HiddenLocals locals;
    /**
     * The program's handlers that the failures of the spawns pending at a sync point or at a
     * handler's entry would have met in the sequential program; see {@link #dispatch}.
     */
    private final Map<AbstractInsnNode, List<TryCatchBlockNode>> aroundSpawns = new HashMap<>();
    private final Map<AbstractInsnNode, EntrySync> entrySyncs = new HashMap<>();
    /** Around handler-entry syncs: after the direct calls' handlers, which they contain, before the program's. */
    private final List<TryCatchBlockNode> entryHandlers = new ArrayList<>();
    /** Around syncs whose failures go to the program's handlers as themselves: after the sync's own handlers, before the program's. */
    private final List<TryCatchBlockNode> unwrapHandlers = new ArrayList<>();
    private int caughtFailures = -1;
    /** At the end of the method, outside every handler: a failure no handler of the program catches leaves from here. */
    private LabelNode leaveAsItself;

    /** @param original the method's instructions before the rewrite, which the analysis describes */
    HandlerEmitter(MethodAnalysis a, HiddenLocals locals, AbstractInsnNode[] original) {
        this.locals = locals;
        HandlerCoverage coverage = new HandlerCoverage(a);
        for (int i = 0; i < original.length; i++) {
            boolean handler = a.handlerStarts.contains(original[i]);
            if (a.syncs.contains(original[i]) || Bytecode.isReturn(original[i]) || handler) {
                List<TryCatchBlockNode> around = coverage.handlersAroundSpawns(i, !handler);
                if (!around.isEmpty()) {
                    aroundSpawns.put(original[i], around);
                }
            }
            if (handler && a.pending[i] != null && !a.pending[i].isEmpty()) {
                entrySyncs.put(original[i], new EntrySync(new LabelNode(), locals.newLocal(1)));
            }
        }
    }

    /**
     * At the start of an exception handler entered while spawns are pending (the program's own
     * code threw), the exception waits in a local while {@code sync} finishes them. If one of them
     * failed, that failure came first in the sequential program, thrown at its spawn: it goes to
     * the handler it met there, as itself, with the program's exception suppressed in it; without
     * such handlers it leaves the method as the sync's SpawnException, the program's exception
     * suppressed in that.
     */
    InsnList entrySync(AbstractInsnNode handlerStart, InsnList sync) {
        EntrySync entry = entrySyncs.get(handlerStart);
        List<TryCatchBlockNode> around = aroundSpawns.get(handlerStart);
        InsnList out = new InsnList();
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode failed = new LabelNode();
        out.add(new VarInsnNode(Opcodes.ASTORE, entry.exception()));
        out.add(start);
        out.add(sync);
        out.add(end);
        out.add(new JumpInsnNode(Opcodes.GOTO, entry.after()));
        out.add(failed);
        out.add(new InsnNode(Opcodes.DUP));
        out.add(new VarInsnNode(Opcodes.ALOAD, entry.exception()));
        out.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Throwable", "addSuppressed",
                "(Ljava/lang/Throwable;)V"));
        if (around == null) {
            out.add(new InsnNode(Opcodes.ATHROW));
        } else {
            out.add(dispatch(around));
        }
        out.add(entry.after());
        out.add(new VarInsnNode(Opcodes.ALOAD, entry.exception()));
        entryHandlers.add(new TryCatchBlockNode(start, end, failed, RuntimeCalls.SPAWN_EXCEPTION));
        return out;
    }

    /**
     * A sync at {@code at} inside a try of the program that is also around the spawns it waits
     * for: a failure goes to the program's handler it met in the sequential program, as itself,
     * instead of a SpawnException that a catch of IOException or ArithmeticException never
     * catches, or that a catch of RuntimeException catches in place of an IOException.
     */
    InsnList unwrapping(AbstractInsnNode at, InsnList sync) {
        List<TryCatchBlockNode> around = aroundSpawns.get(at);
        if (around == null || around.isEmpty()) {
            return sync;
        }
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode caught = new LabelNode();
        LabelNode after = new LabelNode();
        InsnList out = new InsnList();
        out.add(start);
        out.add(sync);
        out.add(end);
        out.add(new JumpInsnNode(Opcodes.GOTO, after));
        out.add(caught);
        out.add(dispatch(around));
        out.add(after);
        unwrapHandlers.add(new TryCatchBlockNode(start, end, caught, RuntimeCalls.SPAWN_EXCEPTION));
        return out;
    }

    /**
     * With a sync's SpawnException on the stack: its first failure, the sync's others suppressed
     * in it, goes to the first of {@code around} that catches it, past that handler's own entry
     * sync (its spawns are done), or, if none does, leaves the method. A jump, not a throw: a
     * handler around the sync but not the spawns, which the sequential program's exception never
     * met, must not catch it.
     */
    private InsnList dispatch(List<TryCatchBlockNode> around) {
        if (caughtFailures < 0) {
            caughtFailures = locals.newLocal(1);
        }
        if (leaveAsItself == null) {
            leaveAsItself = new LabelNode();
        }
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ASTORE, caughtFailures));
        for (TryCatchBlockNode handler : around) {
            LabelNode other = new LabelNode();
            if (handler.type != null) {
                out.add(new VarInsnNode(Opcodes.ALOAD, caughtFailures));
                out.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Throwable", "getCause", "()Ljava/lang/Throwable;"));
                out.add(new TypeInsnNode(Opcodes.INSTANCEOF, handler.type));
                out.add(new JumpInsnNode(Opcodes.IFEQ, other));
            }
            out.add(firstFailure());
            if (handler.type != null) {
                out.add(new TypeInsnNode(Opcodes.CHECKCAST, handler.type));
            }
            out.add(toHandler(handler));
            if (handler.type == null) {
                return out; // a finally takes every failure
            }
            out.add(other);
        }
        out.add(firstFailure());
        out.add(new JumpInsnNode(Opcodes.GOTO, leaveAsItself));
        return out;
    }

    /** With the failure on the stack: into the handler, past its entry sync when it has one. */
    private InsnList toHandler(TryCatchBlockNode handler) {
        InsnList out = new InsnList();
        EntrySync entry = entrySyncs.get(handler.handler);
        if (entry != null) {
            out.add(new VarInsnNode(Opcodes.ASTORE, entry.exception()));
            out.add(new JumpInsnNode(Opcodes.GOTO, entry.after()));
        } else {
            out.add(new JumpInsnNode(Opcodes.GOTO, handler.handler));
        }
        return out;
    }

    private InsnList firstFailure() {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, caughtFailures));
        out.add(RuntimeCalls.FAILURES_UNWRAPPED.call());
        return out;
    }

    /** Appends the exit of the failures no handler of the program catches, if any sync has one. */
    void addLeaveAsItself(InsnList insns) {
        if (leaveAsItself != null) {
            insns.add(leaveAsItself);
            insns.add(new InsnNode(Opcodes.ATHROW));
        }
    }

    /** Puts this emitter's try blocks first in the method's, in the order they must be tried. */
    void prependHandlers(List<TryCatchBlockNode> tryCatchBlocks) {
        tryCatchBlocks.addAll(0, unwrapHandlers);
        tryCatchBlocks.addAll(0, entryHandlers);
    }
}
