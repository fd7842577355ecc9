package satin.rewriter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Rewrites one analysed method: spawns into slots (fast form) or records (record form), syncs into
 * the runtime's sync, an implicit sync before every return that may leave spawns pending, a hop
 * onto the embedded node for a call made outside every node, and a last handler that finishes
 * pending spawns before an exception leaves the method. The hand-written classes in satin-core's
 * {@code satin.spec} show the same code as Java.
 */
final class MethodRewriter {

    /** At most this many spawns pending at a sync get straight-line pops; more get the generic loop. */
    private static final int MAX_UNROLLED = 8;

    private final MethodAnalysis a;
    private final MethodNode m;
    private final String owner;
    private final IntFunction<String> recordOfSite;
    private final CallTarget hopTarget;
    private final String hopRecord;

    private int nextLocal;
    private int worker;
    private int deque;
    private int mark;
    private int failures;
    private int records;
    private int index;
    /** The position, in program order, of the earliest spawn of a straight-line sync that failed. */
    private int failedAt;
    private final Map<Integer, int[]> siteLocals = new HashMap<>();
    /** Where each site's converted result waits from its call until the sync delivers it. */
    private final Map<Integer, Integer> resultLocals = new HashMap<>();
    /** Local-target sites whose variable holds no value of the result's type at the spawn; see {@link Placeholders}. */
    private Set<Integer> placeholders = Set.of();
    private final List<TryCatchBlockNode> ownHandlers = new ArrayList<>();
    /** Sites some generic sync dispatches to. */
    private final Set<Integer> genericallySynced = new HashSet<>();
    /**
     * Sites whose locals are set at entry, because code reachable from paths that did not make the
     * spawn reads them: a generic sync's switch, and the last handler's stores into fields and elements.
     */
    private final Set<Integer> setAtEntry = new HashSet<>();
    /** Fast-form sites right before their sync, which run in place instead of being pushed; see {@link #runsInPlace}. */
    private final Set<Integer> inPlace = new HashSet<>();
    /** Whether the checks for the worker test whether it is known already; see {@link #checkpointsReachEachOther}. */
    private boolean guarded;
    /** Around handler-entry syncs: after the direct calls' handlers, which they contain, before the program's. */
    private final List<TryCatchBlockNode> entryHandlers = new ArrayList<>();
    /**
     * The program's handlers that the failures of the spawns pending at a sync point or at a
     * handler's entry would have met in the sequential program; see {@link #dispatch}.
     */
    private final Map<AbstractInsnNode, List<TryCatchBlockNode>> aroundSpawns = new HashMap<>();
    /** Around syncs whose failures go to the program's handlers as themselves: after the sync's own handlers, before the program's. */
    private final List<TryCatchBlockNode> unwrapHandlers = new ArrayList<>();
    private int caughtFailures = -1;

    /** Where a handler entered with spawns pending goes on once its sync is done, and the local its exception waits in. */
    private record EntrySync(LabelNode after, int exception) {
    }

    private final Map<AbstractInsnNode, EntrySync> entrySyncs = new HashMap<>();
    /** At the end of the method, outside every handler: a failure no handler of the program catches leaves from here. */
    private LabelNode leaveAsItself;

    /**
     * @param recordOfSite the record class (fast form, or record form's base) of each spawn site
     * @param hopRecord    the record class the method hops with
     */
    MethodRewriter(MethodAnalysis analysis, IntFunction<String> recordOfSite, CallTarget hopTarget, String hopRecord) {
        this.a = analysis;
        this.m = analysis.method;
        this.owner = analysis.owner.name;
        this.recordOfSite = recordOfSite;
        this.hopTarget = hopTarget;
        this.hopRecord = hopRecord;
    }

    void rewrite() {
        nextLocal = m.maxLocals;
        worker = newLocal(1);
        deque = newLocal(1);
        mark = newLocal(1);
        failures = newLocal(1);
        records = newLocal(1);
        index = newLocal(1);
        failedAt = newLocal(1);
        for (SpawnSite site : a.sites) {
            siteLocals.put(site.id, allocate(site));
            Type stored = site.storedType();
            if (stored != null && !straight(site)) {
                resultLocals.put(site.id, newLocal(stored.getSize()));
            }
        }
        InsnList insns = m.instructions;
        AbstractInsnNode[] original = insns.toArray();
        for (int i = 0; i < original.length; i++) {
            boolean handler = a.handlerStarts.contains(original[i]);
            if (a.syncs.contains(original[i]) || isReturn(original[i]) || handler) {
                List<TryCatchBlockNode> around = a.handlersAroundSpawns(i, !handler);
                if (!around.isEmpty()) {
                    aroundSpawns.put(original[i], around);
                }
            }
            if (handler && a.pending[i] != null && !a.pending[i].isEmpty()) {
                entrySyncs.put(original[i], new EntrySync(new LabelNode(), newLocal(1)));
            }
        }
        Set<AbstractInsnNode> checkpoints = checkpoints(original);
        guarded = checkpointsReachEachOther(original, checkpoints);
        for (int i = 0; i < original.length; i++) {
            MethodAnalysis.Pending before = a.pending[i];
            AbstractInsnNode insn = original[i];
            boolean syncPoint = a.syncs.contains(insn) || isReturn(insn) || a.handlerStarts.contains(insn);
            if (before != null && !before.isEmpty() && syncPoint && !unrolled(before)) {
                before.may.stream().forEach(genericallySynced::add);
            }
            if (before != null) {
                before.may.stream().filter(s -> a.sites.get(s).targetOperands() > 0).forEach(setAtEntry::add);
            }
        }
        setAtEntry.addAll(genericallySynced);
        placeholders = Placeholders.needed(a, genericallySynced);
        for (int i = 0; i < original.length; i++) {
            if (a.syncs.contains(original[i]) && a.pending[i] != null && unrolled(a.pending[i])) {
                int[] exact = a.pending[i].exact;
                SpawnSite last = a.sites.get(exact[exact.length - 1]);
                if (runsInPlace(last, original, i)) {
                    inPlace.add(last.id);
                }
            }
        }

        for (int i = 0; i < original.length; i++) {
            AbstractInsnNode insn = original[i];
            MethodAnalysis.Pending before = a.pending[i];
            // an unrolled sync covers only what can throw in it while spawns are pending (coveredInSync)
            coverPending(insn, before != null && !before.isEmpty() && !(a.syncs.contains(insn) && unrolled(before)));
            if (before == null) {
                continue; // unreachable
            }
            if (checkpoints.contains(insn)) {
                insns.insertBefore(insn, hopCheck());
            }
            SpawnSite site = a.siteAt.get(insn);
            if (site != null) {
                insns.insertBefore(insn, spawn(site));
                insns.remove(insn);
            } else if (a.syncs.contains(insn)) {
                InsnList replacement = new InsnList();
                if (insn.getOpcode() != Opcodes.INVOKESTATIC) {
                    replacement.add(new InsnNode(Opcodes.POP)); // the SatinObject whose sync() was called
                }
                if (!before.isEmpty()) {
                    replacement.add(unwrapping(sync(before), aroundSpawns.get(insn)));
                }
                insns.insertBefore(insn, replacement);
                insns.remove(insn);
            } else if (isReturn(insn) && !before.isEmpty()) {
                insns.insertBefore(insn, implicitSync(insn, before));
            } else if (a.handlerStarts.contains(insn) && !before.isEmpty()) {
                insns.insert(insn, handlerEntrySync(before, entrySyncs.get(insn), aroundSpawns.get(insn)));
            }
        }
        for (AbstractInsnNode consumed : a.consumed) {
            if (insns.contains(consumed)) {
                insns.remove(consumed);
            }
        }
        coverPending(null, false);
        addLeaveHandler();
        if (leaveAsItself != null) {
            insns.add(leaveAsItself);
            insns.add(new InsnNode(Opcodes.ATHROW));
        }
        insns.insert(initialiseLocals());
        m.tryCatchBlocks.addAll(0, unwrapHandlers);
        m.tryCatchBlocks.addAll(0, entryHandlers);
        m.tryCatchBlocks.addAll(0, ownHandlers);
        m.maxLocals = nextLocal;
    }

    // ------------------------------------------------------------------ locals

    private int newLocal(int size) {
        int l = nextLocal;
        nextLocal += size;
        return l;
    }

    /** Locals for a site's receiver, arguments and target operands, in that order. */
    private int[] allocate(SpawnSite site) {
        List<Integer> locals = new ArrayList<>();
        if (site.hasReceiver()) {
            locals.add(newLocal(1));
        }
        for (Type t : site.argumentTypes()) {
            locals.add(newLocal(t.getSize()));
        }
        for (int i = 0; i < site.targetOperands(); i++) {
            locals.add(newLocal(1));
        }
        return locals.stream().mapToInt(Integer::intValue).toArray();
    }

    private List<Type> localTypes(SpawnSite site) {
        List<Type> types = new ArrayList<>();
        if (site.hasReceiver()) {
            types.add(Type.getObjectType("java/lang/Object"));
        }
        types.addAll(List.of(site.argumentTypes()));
        switch (site.target) {
            case ARRAY_ELEMENT -> {
                types.add(Type.getObjectType("java/lang/Object"));
                types.add(Type.INT_TYPE);
            }
            case FIELD -> types.add(Type.getObjectType("java/lang/Object"));
            default -> {
            }
        }
        return types;
    }

    /**
     * Hidden locals that some path may read before writing get a value at entry, so that the
     * method verifies: the worker, deque and mark when a check for the worker may run twice (and
     * so tests whether it ran), and the locals of the sites a generic sync dispatches to, since its
     * switch is reachable from paths that did not make that spawn. A straight-line sync reads only
     * locals its own spawns wrote, so a method like fib pays nothing here, and its base case runs
     * without touching the runtime at all.
     */
    private InsnList initialiseLocals() {
        InsnList out = new InsnList();
        if (guarded) {
            for (int l : new int[] {worker, deque}) {
                out.add(new InsnNode(Opcodes.ACONST_NULL));
                out.add(new VarInsnNode(Opcodes.ASTORE, l));
            }
            out.add(new InsnNode(Opcodes.ICONST_0));
            out.add(new VarInsnNode(Opcodes.ISTORE, mark));
        }
        for (SpawnSite site : a.sites) {
            if (!setAtEntry.contains(site.id)) {
                continue;
            }
            int[] locals = siteLocals.get(site.id);
            List<Type> types = localTypes(site);
            for (int i = 0; i < locals.length; i++) {
                out.add(Bytecode.zero(types.get(i)));
                out.add(Bytecode.store(types.get(i), locals[i]));
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ hop

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
            todo.addAll(a.successorsOf(i));
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
        Object c = ((org.objectweb.asm.tree.LdcInsnNode) insn).cst;
        return c instanceof Number || c instanceof String;
    }

    /** If no worker is known yet: find it, or hop onto the embedded node and return what the call returns there. */
    private InsnList hopCheck() {
        InsnList out = new InsnList();
        LabelNode known = new LabelNode();
        LabelNode found = new LabelNode();
        if (guarded) {
            out.add(new VarInsnNode(Opcodes.ALOAD, worker));
            out.add(new JumpInsnNode(Opcodes.IFNONNULL, known));
        }
        out.add(RuntimeCalls.WORKER_CURRENT.call());
        out.add(new InsnNode(Opcodes.DUP));
        out.add(new VarInsnNode(Opcodes.ASTORE, worker));
        out.add(new JumpInsnNode(Opcodes.IFNONNULL, found));
        out.add(hop());
        out.add(found);
        out.add(new VarInsnNode(Opcodes.ALOAD, worker));
        out.add(RuntimeCalls.WORKER_DEQUE.call());
        out.add(new InsnNode(Opcodes.DUP));
        out.add(new VarInsnNode(Opcodes.ASTORE, deque));
        out.add(RuntimeCalls.DEQUE_HEAD.call());
        out.add(new VarInsnNode(Opcodes.ISTORE, mark));
        out.add(known);
        return out;
    }

    /**
     * Whether a path can pass a second check for the worker (another, or the same one in a loop):
     * then each check must first test whether the worker is known already, so that the mark is
     * taken once, before the first spawn.
     */
    private boolean checkpointsReachEachOther(AbstractInsnNode[] original, Set<AbstractInsnNode> checkpoints) {
        java.util.Map<AbstractInsnNode, Integer> index = new java.util.HashMap<>();
        for (int i = 0; i < original.length; i++) {
            index.put(original[i], i);
        }
        for (AbstractInsnNode start : checkpoints) {
            boolean[] seen = new boolean[original.length];
            List<Integer> todo = new ArrayList<>(a.successorsOf(index.get(start)));
            while (!todo.isEmpty()) {
                int i = todo.remove(todo.size() - 1);
                if (seen[i]) {
                    continue;
                }
                seen[i] = true;
                if (checkpoints.contains(original[i])) {
                    return true;
                }
                todo.addAll(a.successorsOf(i));
            }
        }
        return false;
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

    // ------------------------------------------------------------------ spawn

    private InsnList spawn(SpawnSite site) {
        InsnList out = new InsnList();
        int[] locals = siteLocals.get(site.id);
        Type[] args = site.argumentTypes();
        int receiverLocals = site.hasReceiver() ? 1 : 0;
        // the stack holds: target operands, receiver, arguments; keep them all in the site's locals
        for (int i = args.length - 1; i >= 0; i--) {
            out.add(Bytecode.store(args[i], locals[receiverLocals + i]));
        }
        if (site.hasReceiver()) {
            out.add(site.receiverIsThis ? new InsnNode(Opcodes.POP) : new VarInsnNode(Opcodes.ASTORE, locals[0]));
        }
        int targets = receiverLocals + args.length;
        if (site.target == SpawnSite.Target.ARRAY_ELEMENT) {
            out.add(new VarInsnNode(Opcodes.ISTORE, locals[targets + 1]));
            out.add(new VarInsnNode(Opcodes.ASTORE, locals[targets]));
        } else if (site.target == SpawnSite.Target.FIELD) {
            out.add(new VarInsnNode(Opcodes.ASTORE, locals[targets]));
        }
        if (placeholders.contains(site.id)) {
            // The program stored the result here right after the call; the rewritten program
            // stores it at the sync. A generic sync's switch is reachable from paths on which this
            // spawn's case did not run, so when the variable holds no value of the result's type
            // yet, a placeholder keeps every path verifiable; no program can see it, as the
            // variable has no value the program could read (see Placeholders).
            out.add(placeholder(site));
        }
        if (inPlace.contains(site.id)) {
            return out; // the sync runs it first, with the arguments kept here
        }
        String record = recordOfSite.apply(site.id);
        if (site.inLoop) {
            out.add(new VarInsnNode(Opcodes.ALOAD, worker));
            out.add(newRecord(site, record, true));
            out.add(RuntimeCalls.WORKER_SPAWN.call());
        } else if (!site.fitsSlot()) {
            out.add(new VarInsnNode(Opcodes.ALOAD, worker));
            out.add(newRecord(site, record, false));
            Bytecode.pushInt(out, site.id);
            out.add(RuntimeCalls.RECORD_AT_SITE.call());
            out.add(RuntimeCalls.WORKER_SPAWN.call());
        } else {
            out.add(new VarInsnNode(Opcodes.ALOAD, deque));
            out.add(RuntimeCalls.DEQUE_CLAIM.call());
            out.add(new TypeInsnNode(Opcodes.CHECKCAST, RuntimeCalls.SLOT));
            out.add(new InsnNode(Opcodes.DUP));
            out.add(new FieldInsnNode(Opcodes.GETSTATIC, record, "FACTORY", "L" + record + ";"));
            Bytecode.pushInt(out, site.id);
            out.add(site.hasReceiver() ? receiver(site) : new InsnNode(Opcodes.ACONST_NULL));
            out.add(RuntimeCalls.SLOT_DESCRIBE.call());
            int primitive = 0;
            int reference = 0;
            for (int i = 0; i < args.length; i++) {
                out.add(new InsnNode(Opcodes.DUP));
                out.add(Bytecode.load(args[i], locals[receiverLocals + i]));
                if (Bytecode.isReference(args[i])) {
                    out.add(RuntimeCalls.slotReference(reference++).put());
                } else {
                    Bytecode.toSlotBits(out, args[i]);
                    out.add(RuntimeCalls.slotLong(primitive++).put());
                }
            }
            out.add(new InsnNode(Opcodes.POP));
            out.add(new VarInsnNode(Opcodes.ALOAD, deque));
            out.add(RuntimeCalls.DEQUE_PUSH.call());
        }
        return out;
    }

    /** {@code new Record(receiver, arguments...)}, with the array and index for a record-form array target. */
    private InsnList newRecord(SpawnSite site, String baseRecord, boolean recordForm) {
        InsnList out = new InsnList();
        int[] locals = siteLocals.get(site.id);
        boolean arraySite = recordForm && site.arraySiteClass != null;
        String record = arraySite ? site.arraySiteClass : baseRecord;
        out.add(new TypeInsnNode(Opcodes.NEW, record));
        out.add(new InsnNode(Opcodes.DUP));
        int l = 0;
        Type[] args = site.argumentTypes();
        List<Type> ctor = new ArrayList<>();
        if (site.hasReceiver()) {
            out.add(receiver(site));
            l++;
            ctor.add(Type.getObjectType(receiverType(site)));
        }
        for (Type t : args) {
            out.add(Bytecode.load(t, locals[l++]));
            ctor.add(t);
        }
        if (arraySite) {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals[l++]));
            out.add(new VarInsnNode(Opcodes.ILOAD, locals[l]));
            ctor.add(Type.getType(Object.class));
            ctor.add(Type.INT_TYPE);
        }
        out.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, record, "<init>",
                Type.getMethodDescriptor(Type.VOID_TYPE, ctor.toArray(new Type[0]))));
        return out;
    }

    /** Loads the site's receiver: {@code this} itself when that is what it spawned on. */
    private VarInsnNode receiver(SpawnSite site) {
        return new VarInsnNode(Opcodes.ALOAD, site.receiverIsThis ? 0 : siteLocals.get(site.id)[0]);
    }

    /** The receiver type the site's record keeps; see {@link CallTarget#receiverType()}. */
    private String receiverType(SpawnSite site) {
        return site.call.getOpcode() == Opcodes.INVOKESPECIAL ? owner : site.call.owner;
    }

    // ------------------------------------------------------------------ sync

    private InsnList implicitSync(AbstractInsnNode ret, MethodAnalysis.Pending before) {
        InsnList out = new InsnList();
        Type result = Type.getReturnType(m.desc);
        List<TryCatchBlockNode> handlers = aroundSpawns.get(ret);
        if (result.getSort() == Type.VOID) {
            out.add(unwrapping(sync(before), handlers));
            return out;
        }
        int value = newLocal(result.getSize());
        out.add(Bytecode.store(result, value));
        out.add(unwrapping(sync(before), handlers));
        out.add(Bytecode.load(result, value));
        return out;
    }

    /**
     * At the start of an exception handler entered while spawns are pending (the program's own
     * code threw), the exception waits in a local while they finish. If one of them failed, that
     * failure came first in the sequential program, thrown at its spawn: it goes to the handler it
     * met there ({@code around}), as itself, with the program's exception suppressed in it;
     * without such handlers it leaves the method as the sync's SpawnException, the program's
     * exception suppressed in that.
     */
    private InsnList handlerEntrySync(MethodAnalysis.Pending before, EntrySync entry, List<TryCatchBlockNode> around) {
        InsnList out = new InsnList();
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode failed = new LabelNode();
        out.add(new VarInsnNode(Opcodes.ASTORE, entry.exception()));
        out.add(start);
        out.add(sync(before));
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
     * A sync inside a try of the program that is also around the spawns it waits for: a failure
     * goes to the program's handler it met in the sequential program, as itself, instead of a
     * SpawnException that a catch of IOException or ArithmeticException never catches, or that a
     * catch of RuntimeException catches in place of an IOException. Decision 0034.
     */
    private InsnList unwrapping(InsnList sync, List<TryCatchBlockNode> around) {
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
            caughtFailures = newLocal(1);
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
            EntrySync entry = entrySyncs.get(handler.handler);
            if (entry != null) {
                out.add(new VarInsnNode(Opcodes.ASTORE, entry.exception()));
                out.add(new JumpInsnNode(Opcodes.GOTO, entry.after()));
            } else {
                out.add(new JumpInsnNode(Opcodes.GOTO, handler.handler));
            }
            if (handler.type == null) {
                return out; // a finally takes every failure
            }
            out.add(other);
        }
        out.add(firstFailure());
        out.add(new JumpInsnNode(Opcodes.GOTO, leaveAsItself));
        return out;
    }

    private InsnList firstFailure() {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, caughtFailures));
        out.add(RuntimeCalls.FAILURES_UNWRAPPED.call());
        return out;
    }

    private InsnList sync(MethodAnalysis.Pending before) {
        return unrolled(before) ? unrolledSync(before.exact) : genericSync(before);
    }

    private static boolean unrolled(MethodAnalysis.Pending before) {
        return before.exact != null && before.exact.length > 0 && before.exact.length <= MAX_UNROLLED;
    }

    /**
     * Whether a fast-form spawn is followed by nothing but its sync ({@code y = f(n - 2); sync();}).
     * The sync would take it back first and run it at once, so it runs in place without going
     * through the deque: a thief could have taken it only in the moment between its push and
     * that pop, and only after every older spawn. Nothing that can throw or branch lies between
     * the call and the sync, so it runs where the sequential program runs it. Decision 0013.
     */
    private boolean runsInPlace(SpawnSite site, AbstractInsnNode[] original, int sync) {
        if (site.inLoop || !site.fitsSlot()) {
            return false;
        }
        for (int i = sync - 1; i >= 0; i--) {
            AbstractInsnNode insn = original[i];
            if (insn == site.call) {
                return true;
            }
            if (insn.getOpcode() >= 0 && !a.consumed.contains(insn) && insn.getOpcode() != Opcodes.ALOAD) {
                return false; // code between the spawn and the sync (the sync's receiver aside)
            }
        }
        return false;
    }

    /**
     * Every path spawned the same sites in the same order: pop them back newest first, one by
     * one, and run each as a plain call whose result waits in its result local. Then deliver in
     * program order, as the sequential program stored them (the last write to one place wins);
     * if some calls failed, only the spawns before the earliest failing one deliver, and the
     * sync throws that failure, with the later ones suppressed in it. A result that goes
     * {@linkplain #straight straight} into its variable needs none of that.
     */
    private InsnList unrolledSync(int[] sites) {
        InsnList out = new InsnList();
        int n = sites.length;
        boolean positions = false; // whether any result waits to be delivered, and so the failed position matters
        LabelNode collected = new LabelNode();
        LabelNode stolen = new LabelNode();
        LabelNode done = new LabelNode();
        out.add(new InsnNode(Opcodes.ACONST_NULL));
        out.add(new VarInsnNode(Opcodes.ASTORE, failures));
        for (int site : sites) {
            // every path to the delivery must find each result set, for the verifier; a variable
            // zeroed here is one no handler of this method can see (straight)
            Type stored = a.sites.get(site).storedType();
            if (stored != null) {
                out.add(Bytecode.zero(stored));
                out.add(keep(a.sites.get(site)));
                positions |= resultLocals.containsKey(site);
            }
        }
        if (positions) {
            Bytecode.pushInt(out, n);
            out.add(new VarInsnNode(Opcodes.ISTORE, failedAt));
        }
        boolean pushed = false; // whether any of them went through the deque, where a thief may take it
        for (int i = n - 1; i >= 0; i--) {
            if (!inPlace.contains(sites[i])) {
                InsnList pop = new InsnList();
                pop.add(new VarInsnNode(Opcodes.ALOAD, deque));
                pop.add(RuntimeCalls.DEQUE_POP.call()); // a refusal throws
                out.add(coveredInSync(pop));
                out.add(new JumpInsnNode(Opcodes.IFEQ, stolen));
                pushed = true;
            }
            out.add(directCall(a.sites.get(sites[i]), positions ? i : -1));
        }
        out.add(collected);
        if (positions) {
            // Two ways out, so that the verifier finds every target set where the method goes on:
            // with no failure every result is delivered; with one, those before the earliest failing
            // spawn are, and the sync throws. One delivery with conditions for both paths would leave
            // a target declared at its spawn (long x = f(); with a handler elsewhere in the method)
            // unset after the merge, and the class would fail verification.
            LabelNode failed = new LabelNode();
            out.add(new VarInsnNode(Opcodes.ALOAD, failures));
            out.add(new JumpInsnNode(Opcodes.IFNONNULL, failed));
            out.add(deliverAll(sites, -1));
            out.add(new JumpInsnNode(Opcodes.GOTO, done));
            out.add(failed);
            out.add(deliverAll(sites, failedAt));
        } else {
            out.add(new VarInsnNode(Opcodes.ALOAD, failures));
            out.add(new JumpInsnNode(Opcodes.IFNULL, done));
        }
        out.add(new VarInsnNode(Opcodes.ALOAD, failures));
        out.add(new InsnNode(Opcodes.ATHROW));
        if (!pushed) {
            out.add(done);
            return out;
        }

        // the oldest spawns were stolen (all since the mark still in the deque): they come back as records
        out.add(stolen);
        InsnList join = new InsnList();
        join.add(new VarInsnNode(Opcodes.ALOAD, worker));
        join.add(new VarInsnNode(Opcodes.ILOAD, mark));
        join.add(RuntimeCalls.WORKER_JOIN_STOLEN.call());
        out.add(coveredInSync(join));
        out.add(new VarInsnNode(Opcodes.ASTORE, records));
        for (int k = n - 1; k >= 0; k--) {
            if (inPlace.contains(sites[k])) {
                continue; // never in the deque, so never stolen
            }
            LabelNode notStolen = new LabelNode();
            if (k > 0) { // the oldest was stolen whenever any was
                out.add(new VarInsnNode(Opcodes.ALOAD, records));
                out.add(new InsnNode(Opcodes.ARRAYLENGTH));
                Bytecode.pushInt(out, k);
                out.add(new JumpInsnNode(Opcodes.IF_ICMPLE, notStolen));
            }
            out.add(takeStolenResult(a.sites.get(sites[k]), k));
            out.add(notStolen);
        }
        if (positions) {
            out.add(new VarInsnNode(Opcodes.ALOAD, records));
            out.add(new VarInsnNode(Opcodes.ILOAD, failedAt));
            out.add(RuntimeCalls.FAILURES_FIRST_FAILED.call());
            out.add(new VarInsnNode(Opcodes.ISTORE, failedAt));
        }
        out.add(new VarInsnNode(Opcodes.ALOAD, records));
        out.add(new VarInsnNode(Opcodes.ALOAD, failures));
        out.add(RuntimeCalls.FAILURES_STOLEN.call());
        out.add(new VarInsnNode(Opcodes.ASTORE, failures));
        out.add(new JumpInsnNode(Opcodes.GOTO, collected));
        out.add(done);
        return out;
    }

    /**
     * Delivers the waiting results of an unrolled sync in program order: all of them, or, given the
     * local holding the position of the earliest failing spawn, only those before it.
     */
    private InsnList deliverAll(int[] sites, int failedAtLocal) {
        InsnList out = new InsnList();
        for (int k = 0; k < sites.length; k++) {
            SpawnSite site = a.sites.get(sites[k]);
            if (resultLocals.containsKey(site.id)) {
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

    /**
     * Whether a site's result goes straight into its local variable as its call returns, and not
     * through a result local delivered in program order. Only a handler of this method could see
     * the variable after a failing sync; in a method without one the variable dies with the
     * exception, and the method stays small: fib with result locals was 414 bytes of bytecode,
     * over the 325 up to which the JIT inlines a hot call, and one worker lost 14% (decision 0004).
     */
    private boolean straight(SpawnSite site) {
        return site.target == SpawnSite.Target.LOCAL && a.handlerStarts.isEmpty();
    }

    /** Stores a site's waiting result where the program stored it. */
    private InsnList deliver(SpawnSite site) {
        InsnList out = new InsnList();
        out.add(targetPrefix(site));
        out.add(Bytecode.load(site.storedType(), resultLocals.get(site.id)));
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
        out.add(keep(site));
        out.add(skip);
        return out;
    }

    /** With a site's converted result on the stack: into its result local, or straight into its variable. */
    private AbstractInsnNode keep(SpawnSite site) {
        Integer kept = resultLocals.get(site.id);
        return kept != null ? Bytecode.store(site.storedType(), kept) : site.consumer.clone(Map.of());
    }

    private InsnList stolenRecord(int position) {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, records));
        Bytecode.pushInt(out, position);
        out.add(new InsnNode(Opcodes.AALOAD));
        return out;
    }

    /**
     * With a spawn's failure on the stack: it becomes this sync's first failure, and, when results
     * wait to be delivered ({@code position} not -1), its position the first failed.
     */
    private InsnList failedHere(int position) {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, failures));
        out.add(new InsnNode(Opcodes.SWAP));
        out.add(RuntimeCalls.FAILURES_EARLIER.call());
        out.add(new VarInsnNode(Opcodes.ASTORE, failures));
        if (position >= 0) {
            Bytecode.pushInt(out, position);
            out.add(new VarInsnNode(Opcodes.ISTORE, failedAt));
        }
        return out;
    }

    /**
     * Any other sync: the runtime runs every pending spawn still here as a record and waits for
     * the stolen ones ({@code Worker.syncRecords}); the records come back in program order and are
     * settled in that order ({@code Worker.settle}): up to the first failure, which it throws,
     * each result goes to its target.
     */
    private InsnList genericSync(MethodAnalysis.Pending before) {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, worker));
        out.add(new VarInsnNode(Opcodes.ILOAD, mark));
        out.add(RuntimeCalls.WORKER_SYNC_RECORDS.call());
        out.add(new VarInsnNode(Opcodes.ASTORE, records));
        out.add(settleRecords(directSites(before, site -> true)));
        return out;
    }

    private List<SpawnSite> directSites(MethodAnalysis.Pending before, java.util.function.Predicate<SpawnSite> which) {
        List<SpawnSite> direct = new ArrayList<>();
        for (int s = before.may.nextSetBit(0); s >= 0; s = before.may.nextSetBit(s + 1)) {
            SpawnSite site = a.sites.get(s);
            if (!site.inLoop && which.test(site)) {
                direct.add(site);
            }
        }
        return direct;
    }

    /** Settles the records of a generic sync in program order, copying the results of {@code direct} sites out. */
    private InsnList settleRecords(List<SpawnSite> direct) {
        InsnList out = new InsnList();
        LabelNode each = new LabelNode();
        LabelNode next = new LabelNode();
        LabelNode done = new LabelNode();
        out.add(new InsnNode(Opcodes.ICONST_0));
        out.add(new VarInsnNode(Opcodes.ISTORE, index));
        out.add(each);
        out.add(new VarInsnNode(Opcodes.ILOAD, index));
        out.add(new VarInsnNode(Opcodes.ALOAD, records));
        out.add(new InsnNode(Opcodes.ARRAYLENGTH));
        out.add(new JumpInsnNode(Opcodes.IF_ICMPGE, done));
        out.add(new VarInsnNode(Opcodes.ALOAD, records));
        out.add(new VarInsnNode(Opcodes.ILOAD, index));
        out.add(RuntimeCalls.WORKER_SETTLE.call());
        if (direct.isEmpty()) {
            out.add(new InsnNode(Opcodes.POP));
        } else {
            out.add(switchOnSite(direct, next, next, site -> storeStolenResult(site, this::currentRecord)));
        }
        out.add(next);
        out.add(new org.objectweb.asm.tree.IincInsnNode(index, 1));
        out.add(new JumpInsnNode(Opcodes.GOTO, each));
        out.add(done);
        return out;
    }

    /** Dispatches on the site id on the stack: each site's code, then a jump to {@code after}. */
    private static InsnList switchOnSite(List<SpawnSite> sites, LabelNode otherwise, LabelNode after,
            java.util.function.Function<SpawnSite, InsnList> code) {
        InsnList out = new InsnList();
        LabelNode[] cases = new LabelNode[sites.size()];
        int[] keys = new int[sites.size()];
        for (int i = 0; i < cases.length; i++) {
            cases[i] = new LabelNode();
            keys[i] = sites.get(i).id;
        }
        out.add(new LookupSwitchInsnNode(otherwise, keys, cases));
        for (int i = 0; i < cases.length; i++) {
            out.add(cases[i]);
            out.add(code.apply(sites.get(i)));
            out.add(new JumpInsnNode(Opcodes.GOTO, after));
        }
        return out;
    }

    private InsnList currentRecord() {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, records));
        out.add(new VarInsnNode(Opcodes.ILOAD, index));
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
        int[] locals = siteLocals.get(site.id);
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        LabelNode after = new LabelNode();
        out.add(start);
        int l = 0;
        if (site.hasReceiver()) {
            out.add(receiver(site));
            l++;
        }
        for (Type t : site.argumentTypes()) {
            out.add(Bytecode.load(t, locals[l++]));
        }
        MethodInsnNode call = site.call;
        out.add(new MethodInsnNode(call.getOpcode(), call.owner, call.name, call.desc, call.itf));
        for (AbstractInsnNode c : site.conversions) {
            out.add(c.clone(Map.of())); // a failing conversion (unboxing null) fails the spawn, as in the program
        }
        out.add(end);
        if (site.consumer != null) {
            out.add(keep(site)); // the pop of a dropped result is its consumer too
        }
        out.add(new JumpInsnNode(Opcodes.GOTO, after));
        out.add(handler);
        out.add(coveredInSync(failedHere(position)));
        out.add(after);
        ownHandlers.add(new TryCatchBlockNode(start, end, handler, "java/lang/Throwable"));
        return out;
    }

    /** A zero for a local target, where no result exists to store. */
    private static InsnList placeholder(SpawnSite site) {
        InsnList out = new InsnList();
        if (site.target == SpawnSite.Target.LOCAL) {
            VarInsnNode consumer = (VarInsnNode) site.consumer;
            out.add(new InsnNode(switch (consumer.getOpcode()) {
                case Opcodes.LSTORE -> Opcodes.LCONST_0;
                case Opcodes.FSTORE -> Opcodes.FCONST_0;
                case Opcodes.DSTORE -> Opcodes.DCONST_0;
                case Opcodes.ASTORE -> Opcodes.ACONST_NULL;
                default -> Opcodes.ICONST_0;
            }));
            out.add(new VarInsnNode(consumer.getOpcode(), consumer.var));
        }
        return out;
    }

    /** A stolen spawn's result, copied out of its record into the target. */
    private InsnList storeStolenResult(SpawnSite site, java.util.function.Supplier<InsnList> loadRecord) {
        InsnList out = new InsnList();
        out.add(targetPrefix(site));
        out.add(loadRecord.get());
        String record = recordOfSite.apply(site.id);
        out.add(new TypeInsnNode(Opcodes.CHECKCAST, record));
        Type result = site.returnType();
        if (result.getSort() != Type.VOID) {
            out.add(new FieldInsnNode(Opcodes.GETFIELD, record, "result", result.getDescriptor()));
            out.add(convertAndStore(site));
        } else {
            out.add(new InsnNode(Opcodes.POP));
        }
        return out;
    }

    /** What must be on the stack under the value for the store: the array and index, or the object. */
    private InsnList targetPrefix(SpawnSite site) {
        InsnList out = new InsnList();
        int[] locals = siteLocals.get(site.id);
        int t = (site.hasReceiver() ? 1 : 0) + site.argumentTypes().length;
        if (site.target == SpawnSite.Target.ARRAY_ELEMENT) {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals[t]));
            out.add(new VarInsnNode(Opcodes.ILOAD, locals[t + 1]));
        } else if (site.target == SpawnSite.Target.FIELD) {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals[t]));
        }
        return out;
    }

    private static InsnList convertAndStore(SpawnSite site) {
        InsnList out = new InsnList();
        for (AbstractInsnNode c : site.conversions) {
            out.add(c.clone(Map.of()));
        }
        if (site.consumer != null) {
            out.add(site.consumer.clone(Map.of()));
        }
        return out;
    }

    // ------------------------------------------------------------------ leaving by an exception

    /**
     * Code of an unrolled sync that can throw while spawns of it are still in the deque (a pop the
     * owner refuses, the bookkeeping of a failure, the join of stolen spawns), under the last
     * handler. The rest of the sync is not: its direct calls have handlers of their own, and once
     * the pops are done nothing is pending. A handler over the whole sync made fib spawning every
     * call 11% slower on one worker (decision 0027), though no exception reaches it from the calls.
     */
    private InsnList coveredInSync(InsnList code) {
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        code.insert(start);
        code.add(end);
        pendingRanges.add(new LabelNode[] {start, end});
        return code;
    }

    /** The last handler of the method: pending spawns finish before an exception leaves it. */
    private LabelNode rangeStart;
    private boolean rangeHasCode;
    private final List<LabelNode[]> pendingRanges = new ArrayList<>();

    /**
     * Tracks the runs of instructions during which spawns may be pending: only there can an
     * exception leave spawns behind, so only there does the last handler need to cover the method,
     * keeping the rest of it (a base case, say) free of it.
     */
    private void coverPending(AbstractInsnNode at, boolean pending) {
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
     * The exception leaves the method once its pending spawns are done and their results stored
     * where they outlive the method (fields, array elements), in program order. If one of them
     * failed, that failure came first in the sequential program: it propagates, with the method's
     * own exception suppressed in it.
     */
    private void addLeaveHandler() {
        pendingRanges.removeIf(range -> !hasCode(range)); // its code was all consumed (a result's store before its sync)
        if (pendingRanges.isEmpty()) {
            return;
        }
        List<SpawnSite> stores = directSites(everPending(), site -> site.targetOperands() > 0
                || site.target == SpawnSite.Target.STATIC_FIELD);
        LabelNode handler = new LabelNode();
        LabelNode rethrow = new LabelNode();
        InsnList h = new InsnList();
        int thrown = newLocal(1);
        h.add(handler);
        h.add(new VarInsnNode(Opcodes.ASTORE, thrown));
        h.add(new VarInsnNode(Opcodes.ALOAD, worker));
        h.add(new JumpInsnNode(Opcodes.IFNULL, rethrow));
        h.add(new VarInsnNode(Opcodes.ALOAD, deque));
        h.add(RuntimeCalls.DEQUE_HEAD.call());
        h.add(new VarInsnNode(Opcodes.ILOAD, mark));
        h.add(new JumpInsnNode(Opcodes.IF_ICMPLE, rethrow));
        if (stores.isEmpty()) {
            // nothing of this method outlives it but record-form results: the runtime's leave does it all
            h.add(new VarInsnNode(Opcodes.ALOAD, worker));
            h.add(new VarInsnNode(Opcodes.ILOAD, mark));
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

    private static boolean hasCode(LabelNode[] range) {
        for (AbstractInsnNode i = range[0]; i != null && i != range[1]; i = i.getNext()) {
            if (i.getOpcode() >= 0) {
                return true;
            }
        }
        return false;
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
        h.add(new VarInsnNode(Opcodes.ALOAD, worker));
        h.add(new VarInsnNode(Opcodes.ILOAD, mark));
        h.add(RuntimeCalls.WORKER_SYNC_RECORDS.call());
        h.add(new VarInsnNode(Opcodes.ASTORE, records));
        h.add(settleRecords(stores));
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
    private MethodAnalysis.Pending everPending() {
        java.util.BitSet may = new java.util.BitSet();
        for (MethodAnalysis.Pending p : a.pending) {
            if (p != null) {
                may.or(p.may);
            }
        }
        return new MethodAnalysis.Pending(may, null);
    }

    private static boolean isReturn(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return op >= Opcodes.IRETURN && op <= Opcodes.RETURN;
    }
}
