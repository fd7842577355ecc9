package satin.rewriter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
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
     * handler's entry would have met in the sequential program, by site; see {@link #dispatch}.
     */
    private final Map<AbstractInsnNode, Map<Integer, List<TryCatchBlockNode>>> aroundSpawns = new HashMap<>();
    /** What was pending at each of those points, which says what a keyed dispatch switches on. */
    private final Map<AbstractInsnNode, Pending> pendingAt = new HashMap<>();
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
                Map<Integer, List<TryCatchBlockNode>> around = coverage.handlersAroundSpawns(i, !handler);
                if (!around.isEmpty()) {
                    aroundSpawns.put(original[i], around);
                    pendingAt.put(original[i], a.pending[i]);
                }
            }
            if (handler && a.pending[i] != null && !a.pending[i].isEmpty()) {
                entrySyncs.put(original[i], new EntrySync(new LabelNode(), locals.newLocal(1)));
            }
        }
        for (Escapes.Escape e : a.escapes) {
            int start = a.method.instructions.indexOf(e.start());
            int end = a.method.instructions.indexOf(e.end());
            aroundSpawns.put(e.handler(), coverage.chains(start, end, e.pending(), e.own()));
            pendingAt.put(e.handler(), e.pending());
        }
    }

    /**
     * The handler after a try's own for an exception that escapes it while spawns are pending
     * ({@link Escapes}): if this invocation has spawns in the deque, it syncs; a failure goes to
     * the handlers of its spawn, the program's exception suppressed in it; otherwise the
     * program's exception goes on to the handlers around the try, as the JVM would have sent it.
     */
    InsnList escape(Escapes.Escape e, InsnList sync) {
        int exception = locals.newLocal(1);
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode failed = new LabelNode();
        LabelNode onward = new LabelNode();
        InsnList out = new InsnList();
        out.add(e.handler());
        out.add(new VarInsnNode(Opcodes.ASTORE, exception));
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
        out.add(new JumpInsnNode(Opcodes.IFNULL, onward)); // thrown before this invocation's first spawn
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.deque));
        out.add(RuntimeCalls.DEQUE_HEAD.call());
        out.add(new VarInsnNode(Opcodes.ILOAD, locals.mark));
        out.add(new JumpInsnNode(Opcodes.IF_ICMPLE, onward));
        out.add(keyBeforeSync(e.handler()));
        out.add(start);
        out.add(sync);
        out.add(end);
        out.add(new JumpInsnNode(Opcodes.GOTO, onward));
        out.add(failed);
        out.add(new InsnNode(Opcodes.DUP));
        out.add(new VarInsnNode(Opcodes.ALOAD, exception));
        out.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Throwable", "addSuppressed",
                "(Ljava/lang/Throwable;)V"));
        out.add(dispatch(e.handler()));
        out.add(onward);
        out.add(toFirstThatCatches(e.around(), () -> load(exception), () -> load(exception)));
        entryHandlers.add(new TryCatchBlockNode(start, end, failed, RuntimeCalls.SPAWN_EXCEPTION));
        return out;
    }

    private static InsnList load(int local) {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, local));
        return out;
    }

    private LabelNode leaveAsItself() {
        if (leaveAsItself == null) {
            leaveAsItself = new LabelNode();
        }
        return leaveAsItself;
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
        InsnList out = new InsnList();
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode failed = new LabelNode();
        out.add(new VarInsnNode(Opcodes.ASTORE, entry.exception()));
        out.add(keyBeforeSync(handlerStart));
        out.add(start);
        out.add(sync);
        out.add(end);
        out.add(new JumpInsnNode(Opcodes.GOTO, entry.after()));
        out.add(failed);
        out.add(new InsnNode(Opcodes.DUP));
        out.add(new VarInsnNode(Opcodes.ALOAD, entry.exception()));
        out.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Throwable", "addSuppressed",
                "(Ljava/lang/Throwable;)V"));
        if (aroundSpawns.get(handlerStart) == null) {
            out.add(new InsnNode(Opcodes.ATHROW));
        } else {
            out.add(dispatch(handlerStart));
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
        if (aroundSpawns.get(at) == null) {
            return sync;
        }
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode caught = new LabelNode();
        LabelNode after = new LabelNode();
        InsnList out = new InsnList();
        out.add(keyBeforeSync(at));
        out.add(start);
        out.add(sync);
        out.add(end);
        out.add(new JumpInsnNode(Opcodes.GOTO, after));
        out.add(caught);
        out.add(dispatch(at));
        out.add(after);
        unwrapHandlers.add(new TryCatchBlockNode(start, end, caught, RuntimeCalls.SPAWN_EXCEPTION));
        return out;
    }

    /**
     * Whether the sync at {@code at} must tell which of its spawns failed first: their failures
     * would have met different handlers in the sequential program. A straight-line sync then
     * keeps the position of the earliest failure, a generic one the record it settles.
     */
    boolean keyed(AbstractInsnNode at) {
        Map<Integer, List<TryCatchBlockNode>> bySite = aroundSpawns.get(at);
        return bySite != null && new HashSet<>(bySite.values()).size() > 1;
    }

    /**
     * Whether a loop spawn of {@code site} must name its site in its record: a keyed generic sync
     * that may wait for it tells the failing spawn by the site of its record. Other loop spawns
     * skip the call.
     */
    boolean namesSite(int site) {
        for (var e : pendingAt.entrySet()) {
            if (keyed(e.getKey()) && !SyncPlan.unrolled(e.getValue()) && e.getValue().may.get(site)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Before a keyed sync: the locals its dispatch reads hold a value on every path into its
     * handler, which the sync's own code sets only part of the way through.
     */
    private InsnList keyBeforeSync(AbstractInsnNode at) {
        InsnList out = new InsnList();
        if (!keyed(at)) {
            return out;
        }
        if (SyncPlan.unrolled(pendingAt.get(at))) {
            out.add(new InsnNode(Opcodes.ICONST_M1));
            out.add(new VarInsnNode(Opcodes.ISTORE, locals.failedAt));
        } else {
            out.add(new InsnNode(Opcodes.ACONST_NULL));
            out.add(new VarInsnNode(Opcodes.ASTORE, locals.records));
            out.add(new InsnNode(Opcodes.ICONST_0));
            out.add(new VarInsnNode(Opcodes.ISTORE, locals.index));
        }
        return out;
    }

    /**
     * With a sync's SpawnException on the stack: its first failure, the sync's others suppressed
     * in it, goes to the first handler around its spawn that catches it, past that handler's own
     * entry sync (its spawns are done), or, if none does, leaves the method. A jump, not a throw:
     * a handler around the sync but not the spawn, which the sequential program's exception never
     * met, must not catch it. When the spawns pending at the sync met different handlers, the
     * dispatch switches on which of them failed first.
     */
    private InsnList dispatch(AbstractInsnNode at) {
        if (caughtFailures < 0) {
            caughtFailures = locals.newLocal(1);
        }
        leaveAsItself();
        Map<Integer, List<TryCatchBlockNode>> bySite = aroundSpawns.get(at);
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ASTORE, caughtFailures));
        if (!keyed(at)) {
            out.add(chain(bySite.values().iterator().next()));
            return out;
        }
        Pending waited = pendingAt.get(at);
        boolean unrolled = SyncPlan.unrolled(waited);
        // the key: the position of the earliest failure in a straight-line sync, the site of the record settled in a generic one
        Map<Integer, List<TryCatchBlockNode>> byKey = new TreeMap<>();
        if (unrolled) {
            for (int k = 0; k < waited.exact.length; k++) {
                byKey.put(k, bySite.get(waited.exact[k]));
            }
            out.add(new VarInsnNode(Opcodes.ILOAD, locals.failedAt));
        } else {
            byKey.putAll(bySite);
            out.add(new VarInsnNode(Opcodes.ALOAD, locals.records));
            out.add(new VarInsnNode(Opcodes.ILOAD, locals.index));
            out.add(RuntimeCalls.FAILURES_SITE_OF.call());
        }
        Map<List<TryCatchBlockNode>, LabelNode> chains = new LinkedHashMap<>();
        int[] keys = byKey.keySet().stream().mapToInt(Integer::intValue).toArray();
        LabelNode[] labels = new LabelNode[keys.length];
        for (int k = 0; k < keys.length; k++) {
            labels[k] = chains.computeIfAbsent(byKey.get(keys[k]), c -> new LabelNode());
        }
        LabelNode unknown = new LabelNode();
        out.add(new LookupSwitchInsnNode(unknown, keys, labels));
        for (Map.Entry<List<TryCatchBlockNode>, LabelNode> c : chains.entrySet()) {
            out.add(c.getValue());
            out.add(chain(c.getKey()));
        }
        // not reached: every failure a sync reports comes from one of the spawns it waited for
        out.add(unknown);
        out.add(chain(List.of()));
        return out;
    }

    /** With the sync's failures in their local: to the first of {@code around} that catches the first failure, or out. */
    private InsnList chain(List<TryCatchBlockNode> around) {
        return toFirstThatCatches(around, () -> {
            InsnList cause = load(caughtFailures);
            cause.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Throwable", "getCause", "()Ljava/lang/Throwable;"));
            return cause;
        }, this::firstFailure);
    }

    /**
     * Into the first of {@code handlers} whose type the throwable {@code tested} pushes is an
     * instance of (a finally takes any), with the throwable {@code thrown} pushes; out of the
     * method with it if none is. {@code thrown} is pushed once on each path.
     */
    private InsnList toFirstThatCatches(List<TryCatchBlockNode> handlers, Supplier<InsnList> tested,
            Supplier<InsnList> thrown) {
        InsnList out = new InsnList();
        for (TryCatchBlockNode handler : handlers) {
            LabelNode other = new LabelNode();
            if (handler.type != null) {
                out.add(tested.get());
                out.add(new TypeInsnNode(Opcodes.INSTANCEOF, handler.type));
                out.add(new JumpInsnNode(Opcodes.IFEQ, other));
            }
            out.add(thrown.get());
            if (handler.type != null) {
                out.add(new TypeInsnNode(Opcodes.CHECKCAST, handler.type));
            }
            out.add(toHandler(handler));
            if (handler.type == null) {
                return out; // a finally takes every throwable
            }
            out.add(other);
        }
        out.add(thrown.get());
        out.add(new JumpInsnNode(Opcodes.GOTO, leaveAsItself()));
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
