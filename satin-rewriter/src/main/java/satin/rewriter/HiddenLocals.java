package satin.rewriter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The local variable slots a rewrite adds to one method, past the program's own: the worker, its
 * deque and the mark, a sync's bookkeeping, and per spawn site the receiver, arguments and target
 * operands kept from the spawn to its sync. Every emitter allocates through here, so the method's
 * maxLocals is known once the last of them is done.
 */
final class HiddenLocals {

    private final MethodAnalysis a;
    private int next;

    final int worker;
    final int deque;
    final int mark;
    final int failures;
    final int records;
    final int index;
    /** The position, in program order, of the earliest spawn of a straight-line sync that failed. */
    final int failedAt;

    private final Map<Integer, int[]> siteLocals = new HashMap<>();
    /** Where each site's converted result waits from its call until the sync delivers it. */
    private final Map<Integer, Integer> resultLocals = new HashMap<>();

    HiddenLocals(MethodAnalysis analysis) {
        this.a = analysis;
        next = analysis.method.maxLocals;
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
    }

    int newLocal(int size) {
        int l = next;
        next += size;
        return l;
    }

    /** The method's maxLocals with every hidden local allocated so far. */
    int maxLocals() {
        return next;
    }

    /** The locals of a site's receiver, arguments and target operands, in that order. */
    int[] of(SpawnSite site) {
        return siteLocals.get(site.id);
    }

    /** Whether the site's result waits in a result local for its delivery. */
    boolean waits(int site) {
        return resultLocals.containsKey(site);
    }

    int resultOf(SpawnSite site) {
        return resultLocals.get(site.id);
    }

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

    /** Loads the site's receiver: {@code this} itself when that is what it spawned on. */
    VarInsnNode receiver(SpawnSite site) {
        return new VarInsnNode(Opcodes.ALOAD, site.receiverIsThis ? 0 : of(site)[0]);
    }

    /** What must be on the stack under the value for the store: the array and index, or the object. */
    InsnList targetPrefix(SpawnSite site) {
        InsnList out = new InsnList();
        int[] locals = of(site);
        int t = (site.hasReceiver() ? 1 : 0) + site.argumentTypes().length;
        if (site.target == SpawnSite.Target.ARRAY_ELEMENT) {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals[t]));
            out.add(new VarInsnNode(Opcodes.ILOAD, locals[t + 1]));
        } else if (site.target == SpawnSite.Target.FIELD) {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals[t]));
        }
        return out;
    }

    /** With a site's converted result on the stack: into its result local, or straight into its variable. */
    AbstractInsnNode keep(SpawnSite site) {
        Integer kept = resultLocals.get(site.id);
        return kept != null ? Bytecode.store(site.storedType(), kept) : site.consumer.clone(Map.of());
    }

    /**
     * Hidden locals that some path may read before writing get a value at entry, so that the
     * method verifies: the worker, deque and mark when a check for the worker may run twice (and
     * so tests whether it ran), and the locals of the sites in {@code setAtEntry}, whose code is
     * reachable from paths that did not make their spawn. A straight-line sync reads only locals
     * its own spawns wrote, so a method like fib pays nothing here, and its base case runs without
     * touching the runtime at all.
     */
    InsnList initialise(boolean guarded, Set<Integer> setAtEntry) {
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
            int[] locals = of(site);
            List<Type> types = localTypes(site);
            for (int i = 0; i < locals.length; i++) {
                out.add(Bytecode.zero(types.get(i)));
                out.add(Bytecode.store(types.get(i), locals[i]));
            }
        }
        return out;
    }

    private static List<Type> localTypes(SpawnSite site) {
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
}
