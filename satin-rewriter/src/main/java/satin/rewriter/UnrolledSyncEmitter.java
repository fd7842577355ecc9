package satin.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The sync for spawns that every path to it made alike: straight-line code that pops them back
 * newest first and runs each as a plain call, the common case and the fast one (fib's sync is
 * this). Spawns a thief took come back through the runtime's join; results are delivered in
 * program order, and a failure stops the delivery where the sequential program would have stopped.
 */
final class UnrolledSyncEmitter {

    private final MethodAnalysis a;
    private final HiddenLocals locals;
    private final IntFunction<String> recordOfSite;
    private final Set<Integer> inPlace;
    private final LeaveHandlerEmitter leave;
    /** The handlers of the direct calls, which go before every other handler of the method. */
    private final List<TryCatchBlockNode> ownHandlers = new ArrayList<>();

    UnrolledSyncEmitter(MethodAnalysis analysis, HiddenLocals locals, IntFunction<String> recordOfSite,
            SyncPlan plan, LeaveHandlerEmitter leave) {
        this.a = analysis;
        this.locals = locals;
        this.recordOfSite = recordOfSite;
        this.inPlace = plan.inPlace;
        this.leave = leave;
    }

    List<TryCatchBlockNode> ownHandlers() {
        return ownHandlers;
    }

    /**
     * Every path spawned the same sites in the same order: pop them back newest first, one by
     * one, and run each as a plain call whose result waits in its result local. Then deliver in
     * program order, as the sequential program stored them (the last write to one place wins);
     * if some calls failed, only the spawns before the earliest failing one deliver, and the
     * sync throws that failure, with the later ones suppressed in it. A result that goes
     * straight into its variable (see {@link HiddenLocals}) needs none of that.
     *
     * @param keepFailedAt whether the position of the earliest failure must be kept in any case,
     *                     for a dispatch to the handlers that spawn met in the sequential program
     */
    InsnList sync(int[] sites, boolean keepFailedAt) {
        InsnList out = new InsnList();
        LabelNode collected = new LabelNode();
        LabelNode stolen = new LabelNode();
        LabelNode done = new LabelNode();
        boolean positions = prepare(out, sites, keepFailedAt);
        boolean pushed = popAndCall(out, sites, positions, stolen);
        out.add(collected);
        deliverOrThrow(out, sites, positions, done);
        if (!pushed) {
            out.add(done);
            return out;
        }
        // the oldest spawns were stolen (all since the mark still in the deque): they come back as records
        out.add(stolen);
        joinStolen(out, sites, positions);
        out.add(new JumpInsnNode(Opcodes.GOTO, collected));
        out.add(done);
        return out;
    }

    /**
     * No failure yet, and every target set; returns whether any result waits to be delivered, and
     * so whether the failed position matters.
     */
    private boolean prepare(InsnList out, int[] sites, boolean keepFailedAt) {
        boolean positions = keepFailedAt;
        out.add(new InsnNode(Opcodes.ACONST_NULL));
        out.add(new VarInsnNode(Opcodes.ASTORE, locals.failures));
        for (int site : sites) {
            // every path to the delivery must find each result set, for the verifier; a variable
            // zeroed here is one no handler of this method can see (straight)
            Type stored = a.sites.get(site).storedType();
            if (stored != null) {
                out.add(Bytecode.zero(stored));
                out.add(locals.keep(a.sites.get(site)));
                positions |= locals.waits(site);
            }
        }
        if (positions) {
            Bytecode.pushInt(out, sites.length);
            out.add(new VarInsnNode(Opcodes.ISTORE, locals.failedAt));
        }
        return positions;
    }

    /**
     * Pops and calls each spawn, newest first; returns whether any of them went through the deque,
     * where a thief may take it.
     */
    private boolean popAndCall(InsnList out, int[] sites, boolean positions, LabelNode stolen) {
        boolean pushed = false;
        for (int i = sites.length - 1; i >= 0; i--) {
            if (!inPlace.contains(sites[i])) {
                InsnList pop = new InsnList();
                pop.add(new VarInsnNode(Opcodes.ALOAD, locals.deque));
                pop.add(RuntimeCalls.DEQUE_POP.call()); // a refusal throws
                out.add(leave.coveredInSync(pop));
                out.add(new JumpInsnNode(Opcodes.IFEQ, stolen));
                pushed = true;
            }
            out.add(directCall(a.sites.get(sites[i]), positions ? i : -1));
        }
        return pushed;
    }

    private void deliverOrThrow(InsnList out, int[] sites, boolean positions, LabelNode done) {
        if (positions) {
            // Two ways out, so that the verifier finds every target set where the method goes on:
            // with no failure every result is delivered; with one, those before the earliest failing
            // spawn are, and the sync throws. One delivery with conditions for both paths would leave
            // a target declared at its spawn (long x = f(); with a handler elsewhere in the method)
            // unset after the merge, and the class would fail verification.
            LabelNode failed = new LabelNode();
            out.add(new VarInsnNode(Opcodes.ALOAD, locals.failures));
            out.add(new JumpInsnNode(Opcodes.IFNONNULL, failed));
            out.add(deliverAll(sites, -1));
            out.add(new JumpInsnNode(Opcodes.GOTO, done));
            out.add(failed);
            out.add(deliverAll(sites, locals.failedAt));
        } else {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals.failures));
            out.add(new JumpInsnNode(Opcodes.IFNULL, done));
        }
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.failures));
        out.add(new InsnNode(Opcodes.ATHROW));
    }

    /** Takes the stolen records back, copies their results, and joins their failures to this sync's. */
    private void joinStolen(InsnList out, int[] sites, boolean positions) {
        InsnList join = new InsnList();
        join.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
        join.add(new VarInsnNode(Opcodes.ILOAD, locals.mark));
        join.add(RuntimeCalls.WORKER_JOIN_STOLEN.call());
        out.add(leave.coveredInSync(join));
        out.add(new VarInsnNode(Opcodes.ASTORE, locals.records));
        for (int k = sites.length - 1; k >= 0; k--) {
            if (inPlace.contains(sites[k])) {
                continue; // never in the deque, so never stolen
            }
            LabelNode notStolen = new LabelNode();
            if (k > 0) { // the oldest was stolen whenever any was
                out.add(new VarInsnNode(Opcodes.ALOAD, locals.records));
                out.add(new InsnNode(Opcodes.ARRAYLENGTH));
                Bytecode.pushInt(out, k);
                out.add(new JumpInsnNode(Opcodes.IF_ICMPLE, notStolen));
            }
            out.add(takeStolenResult(a.sites.get(sites[k]), k));
            out.add(notStolen);
        }
        if (positions) {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals.records));
            out.add(new VarInsnNode(Opcodes.ILOAD, locals.failedAt));
            out.add(RuntimeCalls.FAILURES_FIRST_FAILED.call());
            out.add(new VarInsnNode(Opcodes.ISTORE, locals.failedAt));
        }
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.records));
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.failures));
        out.add(RuntimeCalls.FAILURES_STOLEN.call());
        out.add(new VarInsnNode(Opcodes.ASTORE, locals.failures));
    }

    /**
     * Delivers the waiting results in program order: all of them, or, given the local holding the
     * position of the earliest failing spawn, only those before it.
     */
    private InsnList deliverAll(int[] sites, int failedAtLocal) {
        InsnList out = new InsnList();
        for (int k = 0; k < sites.length; k++) {
            SpawnSite site = a.sites.get(sites[k]);
            if (locals.waits(site.id)) {
                LabelNode next = new LabelNode();
                if (failedAtLocal >= 0) {
                    out.add(new VarInsnNode(Opcodes.ILOAD, failedAtLocal));
                    Bytecode.pushInt(out, k);
                    out.add(new JumpInsnNode(Opcodes.IF_ICMPLE, next));
                }
                out.add(deliver(site));
                out.add(next);
            }
        }
        return out;
    }

    /** Stores a site's waiting result where the program stored it. */
    private InsnList deliver(SpawnSite site) {
        InsnList out = new InsnList();
        out.add(locals.targetPrefix(site));
        out.add(Bytecode.load(site.storedType(), locals.resultOf(site)));
        out.add(site.consumer.clone(Map.of()));
        return out;
    }

    /**
     * The result of the stolen record at {@code position}, converted, into the site's result local
     * or straight into its variable. A failed record's result is the zero it was born with:
     * copying it is harmless (nothing delivers it, and the sync throws), except through an
     * unboxing, which a failed record skips.
     */
    private InsnList takeStolenResult(SpawnSite site, int position) {
        InsnList out = new InsnList();
        Type stored = site.storedType();
        if (stored == null) {
            return out;
        }
        LabelNode skip = new LabelNode();
        if (site.conversions.stream().anyMatch(c -> c.getOpcode() == Opcodes.INVOKEVIRTUAL)) {
            out.add(stolenRecord(position));
            out.add(RuntimeCalls.RECORD_FAILURE.call());
            out.add(new JumpInsnNode(Opcodes.IFNONNULL, skip));
        }
        String record = recordOfSite.apply(site.id);
        out.add(stolenRecord(position));
        out.add(new TypeInsnNode(Opcodes.CHECKCAST, record));
        out.add(new FieldInsnNode(Opcodes.GETFIELD, record, "result", site.returnType().getDescriptor()));
        for (AbstractInsnNode c : site.conversions) {
            out.add(c.clone(Map.of()));
        }
        out.add(locals.keep(site));
        out.add(skip);
        return out;
    }

    private InsnList stolenRecord(int position) {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.records));
        Bytecode.pushInt(out, position);
        out.add(new InsnNode(Opcodes.AALOAD));
        return out;
    }

    /**
     * The spawn that came back runs here as a plain call with the arguments kept at the spawn; its
     * result, converted, waits in the site's result local for the delivery (or goes straight into
     * its variable), its exception joins this sync's failures as the earliest so far (the spawns
     * are taken back newest first).
     */
    private InsnList directCall(SpawnSite site, int position) {
        InsnList out = new InsnList();
        int[] kept = locals.of(site);
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        LabelNode after = new LabelNode();
        out.add(start);
        int l = 0;
        if (site.hasReceiver()) {
            out.add(locals.receiver(site));
            l++;
        }
        for (Type t : site.argumentTypes()) {
            out.add(Bytecode.load(t, kept[l++]));
        }
        MethodInsnNode call = site.call;
        out.add(new MethodInsnNode(call.getOpcode(), call.owner, call.name, call.desc, call.itf));
        for (AbstractInsnNode c : site.conversions) {
            out.add(c.clone(Map.of())); // a failing conversion (unboxing null) fails the spawn, as in the program
        }
        out.add(end);
        if (site.consumer != null) {
            out.add(locals.keep(site)); // the pop of a dropped result is its consumer too
        }
        out.add(new JumpInsnNode(Opcodes.GOTO, after));
        out.add(handler);
        out.add(leave.coveredInSync(failedHere(position)));
        out.add(after);
        ownHandlers.add(new TryCatchBlockNode(start, end, handler, "java/lang/Throwable"));
        return out;
    }

    /**
     * With a spawn's failure on the stack: it becomes this sync's first failure, and, when results
     * wait to be delivered ({@code position} not -1), its position the first failed.
     */
    private InsnList failedHere(int position) {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.failures));
        out.add(new InsnNode(Opcodes.SWAP));
        out.add(RuntimeCalls.FAILURES_EARLIER.call());
        out.add(new VarInsnNode(Opcodes.ASTORE, locals.failures));
        if (position >= 0) {
            Bytecode.pushInt(out, position);
            out.add(new VarInsnNode(Opcodes.ISTORE, locals.failedAt));
        }
        return out;
    }
}
