package satin.rewriter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * What the rewriter learns about one method before it changes anything: its spawn sites and
 * their targets, its syncs, which spawns may be pending at each instruction, and every problem
 * that makes the method impossible to rewrite faithfully.
 *
 * <p>Pending spawns are a data flow over the control-flow graph, exceptions included. At each
 * instruction the analysis keeps the set of spawn sites that may be pending, and, when every path
 * to it spawned the same sites in the same order since the last sync, that exact sequence: a sync
 * with an exact sequence is rewritten into straight-line pops, any other into a generic loop.
 */
final class MethodAnalysis {

    /** The spawns that may be pending before an instruction. */
    static final class Pending {
        final BitSet may;
        /** The sites in spawn order if every path agrees, else null. */
        final int[] exact;

        Pending(BitSet may, int[] exact) {
            this.may = may;
            this.exact = exact;
        }

        static final Pending NONE = new Pending(new BitSet(), new int[0]);

        boolean isEmpty() {
            return may.isEmpty();
        }

        Pending merge(Pending o) {
            BitSet m = (BitSet) may.clone();
            m.or(o.may);
            int[] e = exact != null && o.exact != null && Arrays.equals(exact, o.exact) ? exact : null;
            return new Pending(m, e);
        }

        Pending after(int site) {
            BitSet m = (BitSet) may.clone();
            m.set(site);
            int[] e = null;
            if (exact != null && !may.get(site)) {
                e = Arrays.copyOf(exact, exact.length + 1);
                e[exact.length] = site;
            }
            return new Pending(m, e);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Pending p && may.equals(p.may) && Arrays.equals(exact, p.exact);
        }

        @Override
        public int hashCode() {
            return may.hashCode();
        }
    }

    final ClassNode owner;
    final MethodNode method;
    final List<SpawnSite> sites = new ArrayList<>();
    final Map<AbstractInsnNode, SpawnSite> siteAt = new HashMap<>();
    final Set<AbstractInsnNode> syncs = new HashSet<>();
    /**
     * The starts of the method's exception handlers. Control reaching a handler syncs first: the
     * spawns made before the exception are finished and their results stored, as in the
     * sequential program they were, and no pending result can land in a local variable slot that
     * the handler reuses for something else.
     */
    final Set<AbstractInsnNode> handlerStarts = new HashSet<>();
    /** Instructions a site's result passes through or is stored by; removed by the rewrite. */
    final Set<AbstractInsnNode> consumed = new HashSet<>();
    final List<Problem> problems = new ArrayList<>();
    Pending[] pending;
    Frame<BasicValue>[] frames;
    private List<Integer>[] successors;
    private List<Integer>[] handlerSuccessors;

    private final Hierarchy hierarchy;

    Hierarchy hierarchy() {
        return hierarchy;
    }

    MethodAnalysis(ClassNode owner, MethodNode method, Hierarchy hierarchy) {
        this.owner = owner;
        this.method = method;
        this.hierarchy = hierarchy;
    }

    /** Whether the method spawns at all; if not, nothing else is computed. */
    boolean analyze() {
        if ((method.access & Opcodes.ACC_BRIDGE) != 0) {
            // javac's bridge of a covariant or generic override, with the override's annotations:
            // it only calls the override, which spawns and hops itself, and returns its result
            return false;
        }
        boolean spawnable = isAnnotatedSpawnable(method);
        if (spawnable && (method.name.equals("<init>") || method.name.equals("<clinit>"))) {
            problem(firstLine(), "a constructor cannot be @Spawnable: there is no caller to give the new object to "
                    + "before sync(); spawn a method that builds it instead");
        }
        findSyncs();
        if (!spawnable && syncs.isEmpty()) {
            return false; // calls to spawnable methods from here are plain calls: nothing waits for them
        }
        findSpawns();
        if (sites.isEmpty()) {
            return false;
        }
        if (method.name.equals("<init>") || method.name.equals("<clinit>")) {
            problem(sites.get(0).line, "spawning in a " + (method.name.equals("<init>") ? "constructor" : "static initializer")
                    + " is not supported: the object or class is not ready to be shared; spawn from a method instead");
            return true;
        }
        if ((method.access & Opcodes.ACC_SYNCHRONIZED) != 0) {
            problem(sites.get(0).line, "a synchronized method cannot spawn: its spawns would run on other threads "
                    + "that cannot hold its lock, and sync() would wait while holding it");
            return true;
        }
        controlFlow();
        targets();
        dataflow();
        checkLoopsAndReads();
        checkMonitors();
        checkHandlerTypes();
        return true;
    }

    // ------------------------------------------------------------------ finding spawns and syncs

    private void findSyncs() {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof MethodInsnNode m && isSync(m)) {
                syncs.add(insn);
            }
        }
    }

    boolean isSync(MethodInsnNode m) {
        if (m.getOpcode() == Opcodes.INVOKESTATIC) {
            RuntimeCalls sync = RuntimeCalls.SATIN_SYNC;
            return m.name.equals(sync.member) && m.desc.equals(sync.desc) && m.owner.equals(sync.owner);
        }
        RuntimeCalls sync = RuntimeCalls.SATIN_OBJECT_SYNC;
        return m.name.equals(sync.member) && m.desc.equals(sync.desc) && hierarchy.isSubclass(m.owner, sync.owner);
    }

    private void findSpawns() {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof MethodInsnNode m && !syncs.contains(m) && !m.name.startsWith("<")
                    && hierarchy.isSpawnable(m.owner, m.name, m.desc)) {
                SpawnSite site = describe(m, sites.size());
                if (site != null) {
                    sites.add(site);
                    siteAt.put(m, site);
                }
            }
        }
    }

    /** Reads the site's target off the instructions after the call, or reports why there is none. */
    private SpawnSite describe(MethodInsnNode call, int id) {
        int line = lineOf(call);
        Type ret = Type.getReturnType(call.desc);
        if (ret.getSort() == Type.VOID) {
            return new SpawnSite(id, call, SpawnSite.Target.VOID, List.of(), null, line);
        }
        List<AbstractInsnNode> conversions = new ArrayList<>();
        AbstractInsnNode next = realNext(call);
        while (next != null && isConversion(next)) {
            conversions.add(next);
            next = realNext(next);
        }
        SpawnSite.Target target = next == null ? null : switch (next.getOpcode()) {
            case Opcodes.ISTORE, Opcodes.LSTORE, Opcodes.FSTORE, Opcodes.DSTORE, Opcodes.ASTORE -> SpawnSite.Target.LOCAL;
            case Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE, Opcodes.AASTORE, Opcodes.BASTORE,
                    Opcodes.CASTORE, Opcodes.SASTORE -> SpawnSite.Target.ARRAY_ELEMENT;
            case Opcodes.PUTFIELD -> SpawnSite.Target.FIELD;
            case Opcodes.PUTSTATIC -> SpawnSite.Target.STATIC_FIELD;
            case Opcodes.POP, Opcodes.POP2 -> SpawnSite.Target.DISCARDED;
            default -> null;
        };
        if (next != null && next.getOpcode() == Opcodes.GOTO) {
            problem(line, "the result of the spawn of " + readable(call)
                    + " is used inside a conditional expression; assign it, and use it after sync()");
            return null;
        }
        if (target == null || (target == SpawnSite.Target.DISCARDED && !conversions.isEmpty())) {
            problem(line, "the result of the spawn of " + readable(call) + " is used inside an expression; "
                    + "assign it to a local variable, an array element or a field, and use it after sync()");
            return null;
        }
        return new SpawnSite(id, call, target, List.copyOf(conversions), next, line);
    }

    private static boolean isConversion(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (op == Opcodes.CHECKCAST || (op >= Opcodes.I2L && op <= Opcodes.I2S)) {
            return true;
        }
        if (insn instanceof MethodInsnNode m && m.owner.startsWith("java/lang/") && isBoxType(m.owner)) {
            return (op == Opcodes.INVOKESTATIC && m.name.equals("valueOf") && Type.getArgumentTypes(m.desc).length == 1
                    && Type.getArgumentTypes(m.desc)[0].getSort() != Type.OBJECT)
                    || (op == Opcodes.INVOKEVIRTUAL && m.name.endsWith("Value") && m.desc.startsWith("()"));
        }
        return false;
    }

    private static boolean isBoxType(String owner) {
        return switch (owner) {
            case "java/lang/Integer", "java/lang/Long", "java/lang/Double", "java/lang/Float", "java/lang/Short",
                    "java/lang/Byte", "java/lang/Character", "java/lang/Boolean" -> true;
            default -> false;
        };
    }

    // ------------------------------------------------------------------ control flow and frames

    @SuppressWarnings("unchecked")
    private void controlFlow() {
        int n = method.instructions.size();
        successors = new List[n];
        handlerSuccessors = new List[n];
        for (int i = 0; i < n; i++) {
            successors[i] = new ArrayList<>(2);
            handlerSuccessors[i] = new ArrayList<>(1);
        }
        Analyzer<BasicValue> analyzer = new Analyzer<>(new BasicInterpreter()) {
            // the analyzer reports an edge again each time it revisits an instruction
            @Override
            protected void newControlFlowEdge(int insn, int successor) {
                if (!successors[insn].contains(successor)) {
                    successors[insn].add(successor);
                }
            }

            @Override
            protected boolean newControlFlowExceptionEdge(int insn, int successor) {
                if (!handlerSuccessors[insn].contains(successor)) {
                    handlerSuccessors[insn].add(successor);
                }
                return true;
            }
        };
        try {
            frames = analyzer.analyze(owner.name, method);
        } catch (AnalyzerException e) {
            throw new RewriteException("cannot analyze " + owner.name.replace('/', '.') + "." + method.name
                    + method.desc + ": " + e.getMessage(), e);
        }
    }

    /** Checks that the stack under each site's call holds exactly what its store needs. */
    private void targets() {
        receivers();
        for (SpawnSite site : sites) {
            int index = method.instructions.indexOf(site.call);
            int stack = frames[index] == null ? -1 : frames[index].getStackSize();
            int needed = site.argumentTypes().length + (site.hasReceiver() ? 1 : 0) + site.targetOperands();
            if (stack < needed) {
                throw new RewriteException("unexpected stack at the spawn of " + readable(site.call) + " in "
                        + owner.name + "." + method.name + method.desc);
            }
            for (AbstractInsnNode insn = site.call.getNext(); site.consumer != null && insn != site.consumer;
                    insn = insn.getNext()) {
                if (insn.getOpcode() >= 0) {
                    consumed.add(insn);
                }
                int i = method.instructions.indexOf(insn);
                if (insn.getOpcode() >= 0 && predecessors(i) > 1) {
                    problem(site.line, "the result of the spawn of " + readable(site.call)
                            + " is used inside a conditional expression; assign it, and use it after sync()");
                }
            }
            if (site.consumer != null) {
                consumed.add(site.consumer);
                if (predecessors(method.instructions.indexOf(site.consumer)) > 1) {
                    problem(site.line, "the result of the spawn of " + readable(site.call)
                            + " is used inside a conditional expression; assign it, and use it after sync()");
                }
            }
        }
    }

    /** Which instance sites spawn on {@code this}: their receiver is the method's local 0, which javac never reassigns. */
    private void receivers() {
        if ((method.access & Opcodes.ACC_STATIC) != 0) {
            return;
        }
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof VarInsnNode v && v.var == 0 && v.getOpcode() == Opcodes.ASTORE) {
                return; // local 0 is reassigned somewhere: never assume it is still this
            }
        }
        Frame<org.objectweb.asm.tree.analysis.SourceValue>[] sources;
        try {
            sources = new Analyzer<>(new org.objectweb.asm.tree.analysis.SourceInterpreter()).analyze(owner.name, method);
        } catch (AnalyzerException e) {
            return;
        }
        for (SpawnSite site : sites) {
            if (!site.hasReceiver()) {
                continue;
            }
            var frame = sources[method.instructions.indexOf(site.call)];
            if (frame == null) {
                continue;
            }
            var receiver = frame.getStack(frame.getStackSize() - site.argumentTypes().length - 1);
            site.receiverIsThis = receiver.insns.size() == 1 && receiver.insns.iterator().next() instanceof VarInsnNode v
                    && v.getOpcode() == Opcodes.ALOAD && v.var == 0;
        }
    }

    private int[] predecessorCounts;

    private int predecessors(int index) {
        if (predecessorCounts == null) {
            predecessorCounts = new int[successors.length];
            for (int i = 0; i < successors.length; i++) {
                for (int s : successors[i]) {
                    predecessorCounts[s]++;
                }
                for (int s : handlerSuccessors[i]) {
                    predecessorCounts[s]++;
                }
            }
        }
        return predecessorCounts[index];
    }

    /** Instructions control can go to from instruction {@code index}, exceptions included. */
    List<Integer> successorsOf(int index) {
        List<Integer> all = new ArrayList<>(successors[index]);
        all.addAll(handlerSuccessors[index]);
        return all;
    }

    // ------------------------------------------------------------------ pending spawns

    private void dataflow() {
        for (var block : method.tryCatchBlocks) {
            handlerStarts.add(block.handler);
        }
        int n = method.instructions.size();
        pending = new Pending[n];
        pending[0] = Pending.NONE;
        Deque<Integer> work = new ArrayDeque<>();
        work.add(0);
        InsnList insns = method.instructions;
        while (!work.isEmpty()) {
            int i = work.poll();
            Pending in = pending[i];
            AbstractInsnNode insn = insns.get(i);
            SpawnSite site = siteAt.get(insn);
            Pending out;
            Pending onException = in;
            if (site != null) {
                out = in.after(site.id);
            } else if (syncs.contains(insn)) {
                out = Pending.NONE;
                onException = Pending.NONE; // a sync throws only once all its spawns are done
            } else if (handlerStarts.contains(insn)) {
                out = Pending.NONE;
            } else {
                out = in;
            }
            for (int s : successors[i]) {
                flow(s, out, work);
            }
            for (int s : handlerSuccessors[i]) {
                flow(s, onException, work);
            }
        }
    }

    private void flow(int to, Pending state, Deque<Integer> work) {
        Pending old = pending[to];
        Pending merged = old == null ? state : old.merge(state);
        if (!merged.equals(old)) {
            pending[to] = merged;
            work.add(to);
        }
    }

    private void checkLoopsAndReads() {
        InsnList insns = method.instructions;
        for (SpawnSite site : sites) {
            Pending in = pending[insns.indexOf(site.call)];
            if (in != null && in.may.get(site.id)) {
                site.inLoop = true;
                switch (site.target) {
                    case LOCAL -> problem(site.line, "the spawn of " + readable(site.call) + " in a loop stores into "
                            + localName(site.local(), site.consumer) + ", which each turn would overwrite before sync(); "
                            + "store into an array element instead, or sync() inside the loop");
                    case FIELD, STATIC_FIELD -> problem(site.line, "the spawn of " + readable(site.call)
                            + " in a loop stores into field " + site.field().name + ", which each turn would overwrite "
                            + "before sync(); store into an array element instead, or sync() inside the loop");
                    default -> {
                    }
                }
            }
        }
        for (SpawnSite site : sites) {
            Pending in = pending[insns.indexOf(site.call)];
            if (in == null || site.inLoop) {
                continue;
            }
            for (int s = in.may.nextSetBit(0); s >= 0; s = in.may.nextSetBit(s + 1)) {
                SpawnSite earlier = sites.get(s);
                if (site.target == SpawnSite.Target.LOCAL && earlier.target == SpawnSite.Target.LOCAL
                        && overlaps(earlier, site.local(), site.consumer)) {
                    problem(site.line, localName(site.local(), site.consumer) + " receives the results of two spawns, "
                            + readable(earlier.call) + " on line " + earlier.line + " and " + readable(site.call)
                            + ", before a sync(); which one it holds afterwards would be left to chance");
                }
                // fields and array elements written by two spawns are delivered in program order: the last wins
            }
        }
        Map<Integer, SpawnSite> reported = new HashMap<>();
        for (int i = 0; i < insns.size(); i++) {
            Pending in = pending[i];
            AbstractInsnNode insn = insns.get(i);
            if (in == null || in.isEmpty() || consumed.contains(insn)) {
                continue;
            }
            int var;
            boolean write;
            if (insn instanceof VarInsnNode v) {
                var = v.var;
                write = v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE;
            } else if (insn instanceof IincInsnNode inc) {
                var = inc.var;
                write = false;
            } else {
                continue;
            }
            for (int s = in.may.nextSetBit(0); s >= 0; s = in.may.nextSetBit(s + 1)) {
                SpawnSite site = sites.get(s);
                if (site.target == SpawnSite.Target.LOCAL && overlaps(site, var, insn) && reported.put(i, site) == null) {
                    problem(lineOf(insn), localName(site.local(), site.consumer) + " is "
                            + (write ? "assigned" : "read") + " before the sync() of the spawn of "
                            + readable(site.call) + " on line " + site.line + " that stores into it; "
                            + "its value is undefined until then");
                }
            }
        }
    }

    /**
     * A spawn or sync inside a synchronized block: stolen spawns would run without the lock the
     * sequential program holds, and the sync would wait while holding it, for work that may need it.
     */
    private void checkMonitors() {
        if (java.util.stream.StreamSupport.stream(method.instructions.spliterator(), false)
                .noneMatch(i -> i.getOpcode() == Opcodes.MONITORENTER)) {
            return;
        }
        int n = method.instructions.size();
        int[] held = new int[n];
        Arrays.fill(held, -1);
        held[0] = 0;
        Deque<Integer> work = new ArrayDeque<>(List.of(0));
        while (!work.isEmpty()) {
            int i = work.poll();
            int op = method.instructions.get(i).getOpcode();
            int out = held[i] + (op == Opcodes.MONITORENTER ? 1 : op == Opcodes.MONITOREXIT ? -1 : 0);
            for (int s : successors[i]) {
                if (Math.max(out, 0) > held[s]) {
                    held[s] = Math.max(out, 0);
                    work.add(s);
                }
            }
        }
        for (SpawnSite site : sites) {
            if (held[method.instructions.indexOf(site.call)] > 0) {
                problem(site.line, "the spawn of " + readable(site.call) + " is inside a synchronized block: a stolen "
                        + "spawn would run without the lock, and sync() would wait while holding it; spawn outside it");
            }
        }
    }

    /**
     * A handler of a checked exception that a spawned method declares, around its spawn but not
     * around every sync that waits for it: in the sequential program it catches the call's
     * exception; a spawn's failure reaches that sync as a SpawnException, outside the handler, so
     * the rewritten program would leave by it instead. A handler around the spawn and its syncs
     * sees the failure itself ({@link #handlersAroundSpawns}).
     */
    private void checkHandlerTypes() {
        for (var block : method.tryCatchBlocks) {
            if (block.type == null || hierarchy.isSubclass(RuntimeCalls.SPAWN_EXCEPTION, block.type)
                    || catchesSpawnExceptionToo(block)) {
                continue; // finally, a handler that catches the sync's SpawnException, or one beside such a handler
            }
            int start = method.instructions.indexOf(block.start);
            int end = method.instructions.indexOf(block.end);
            for (SpawnSite site : sites) {
                int at = method.instructions.indexOf(site.call);
                if (at < start || at >= end || seesFailuresOf(block, site)) {
                    continue;
                }
                for (String thrown : hierarchy.declaredExceptions(site.call.owner, site.call.name, site.call.desc)) {
                    if (hierarchy.isSubclass(thrown, block.type) || hierarchy.isSubclass(block.type, thrown)) {
                        problem(site.line, "catch (" + simpleName(block.type) + ") around the spawn of "
                                + readable(site.call) + " but not around its sync() would never see the "
                                + simpleName(thrown) + " it throws: a spawned call's failure reaches sync() as a "
                                + "satin.SpawnException whose cause is that exception; put the sync() inside the "
                                + "same try, or catch SpawnException there and look at its cause");
                        break;
                    }
                }
            }
        }
    }

    /** The sync points (explicit syncs and returns) that may wait for {@code site}. */
    private List<Integer> syncPointsOf(SpawnSite site) {
        List<Integer> points = new ArrayList<>();
        for (int i = 0; i < pending.length; i++) {
            AbstractInsnNode insn = method.instructions.get(i);
            int op = insn.getOpcode();
            boolean point = syncs.contains(insn) || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN);
            if (point && pending[i] != null && pending[i].may.get(site.id)) {
                points.add(i);
            }
        }
        return points;
    }

    /** Whether {@code block} covers every sync that waits for {@code site}, and every spawn each waits for. */
    private boolean seesFailuresOf(org.objectweb.asm.tree.TryCatchBlockNode block, SpawnSite site) {
        List<Integer> points = syncPointsOf(site);
        return !points.isEmpty() && points.stream().allMatch(p -> covers(block, p, pending[p]));
    }

    private boolean covers(org.objectweb.asm.tree.TryCatchBlockNode block, int point, Pending waitedFor) {
        int start = method.instructions.indexOf(block.start);
        int end = method.instructions.indexOf(block.end);
        return start <= point && point < end && coversSites(start, end, waitedFor);
    }

    private boolean coversSites(int start, int end, Pending waitedFor) {
        for (int s = waitedFor.may.nextSetBit(0); s >= 0; s = waitedFor.may.nextSetBit(s + 1)) {
            int at = method.instructions.indexOf(sites.get(s).call);
            if (at < start || at >= end) {
                return false;
            }
        }
        return true;
    }

    /**
     * The program's handlers that a failure of the spawns pending at instruction {@code point}
     * would have met in the sequential program, in the order the JVM tries them: those around
     * every such spawn (and, for a sync point, around the sync too), a finally among them. A
     * failure the sync there reports is given to the first of them that catches it, as itself, as
     * the sequential program threw it at the spawn; one none catches leaves the method as itself
     * (decision 0034). Handlers of SpawnException are left out: a failure is never one. Empty
     * where no handler is around the spawns: the sync's SpawnException goes its way, as before.
     * Called before the rewrite changes the instructions.
     */
    List<org.objectweb.asm.tree.TryCatchBlockNode> handlersAroundSpawns(int point, boolean aroundThePointToo) {
        Pending waitedFor = pending[point];
        List<org.objectweb.asm.tree.TryCatchBlockNode> around = new ArrayList<>();
        if (waitedFor == null || waitedFor.isEmpty()) {
            return around;
        }
        AbstractInsnNode insn = method.instructions.get(point);
        List<org.objectweb.asm.tree.TryCatchBlockNode> entered = method.tryCatchBlocks.stream()
                .filter(b -> b.handler == insn).toList();
        for (var block : method.tryCatchBlocks) {
            if (block.type != null && hierarchy.isSubclass(block.type, RuntimeCalls.SPAWN_EXCEPTION)) {
                continue;
            }
            int start = method.instructions.indexOf(block.start);
            int end = method.instructions.indexOf(block.end);
            boolean atPoint = aroundThePointToo ? start <= point && point < end
                    // from a handler's entry only to a handler around all of its try, whose locals it has
                    : entered.stream().allMatch(e -> start <= method.instructions.indexOf(e.start)
                            && method.instructions.indexOf(e.end) <= end);
            if (atPoint && coversSites(start, end, waitedFor)) {
                around.add(block);
            }
        }
        return around;
    }

    /** Whether the try statement of {@code block} also has a handler of SpawnException, as a program written for both has. */
    private boolean catchesSpawnExceptionToo(org.objectweb.asm.tree.TryCatchBlockNode block) {
        return method.tryCatchBlocks.stream().anyMatch(other -> other.start == block.start && other.end == block.end
                && other.type != null && hierarchy.isSubclass(other.type, RuntimeCalls.SPAWN_EXCEPTION));
    }

    private static String simpleName(String internalName) {
        return Problem.simple(internalName.replace('/', '.'));
    }

    private static boolean overlaps(SpawnSite site, int var, AbstractInsnNode access) {
        int size = site.localSize();
        int accessSize = access.getOpcode() == Opcodes.LLOAD || access.getOpcode() == Opcodes.DLOAD
                || access.getOpcode() == Opcodes.LSTORE || access.getOpcode() == Opcodes.DSTORE ? 2 : 1;
        return var < site.local() + size && site.local() < var + accessSize;
    }

    // ------------------------------------------------------------------ reporting

    private boolean isAnnotatedSpawnable(MethodNode m) {
        if (m.visibleAnnotations != null) {
            for (var a : m.visibleAnnotations) {
                if (a.desc.equals(RuntimeCalls.SPAWNABLE)) {
                    return true;
                }
            }
        }
        return hierarchy.isSpawnable(owner.name, m.name, m.desc) && (m.access & Opcodes.ACC_STATIC) == 0
                && !m.name.startsWith("<");
    }

    /** Records a problem; one per source line (or per message, without lines) points at the mistake. */
    private void problem(int line, String message) {
        if (problems.stream().anyMatch(p -> p.line() == line && (line > 0 || p.message().equals(message)))) {
            return;
        }
        problems.add(new Problem(owner.name, owner.sourceFile, line, method.name, method.desc, message));
    }

    int lineOf(AbstractInsnNode insn) {
        for (AbstractInsnNode i = insn; i != null; i = i.getPrevious()) {
            if (i instanceof LineNumberNode l) {
                return l.line;
            }
        }
        return -1;
    }

    private int firstLine() {
        for (AbstractInsnNode i : method.instructions) {
            if (i instanceof LineNumberNode l) {
                return l.line;
            }
        }
        return -1;
    }

    private String localName(int var, AbstractInsnNode at) {
        if (method.localVariables != null) {
            int index = method.instructions.indexOf(at);
            for (LocalVariableNode lv : method.localVariables) {
                if (lv.index == var && method.instructions.indexOf(lv.start) <= index + 1
                        && index < method.instructions.indexOf(lv.end)) {
                    return "local variable " + lv.name;
                }
            }
        }
        return "local variable #" + var + " (no local variable names: compiled without -g)";
    }

    static String readable(MethodInsnNode call) {
        StringBuilder b = new StringBuilder(call.name).append('(');
        Type[] args = Type.getArgumentTypes(call.desc);
        for (int i = 0; i < args.length; i++) {
            b.append(i > 0 ? ", " : "").append(Problem.simple(args[i].getClassName()));
        }
        return b.append(')').toString();
    }

    private static AbstractInsnNode realNext(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }
}
