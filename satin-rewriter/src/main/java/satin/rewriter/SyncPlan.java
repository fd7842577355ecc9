package satin.rewriter;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;

/**
 * Which kind of sync each sync point of a method gets, decided before any code is emitted, and
 * what that asks of the spawns it waits for: a generic sync reads the locals of sites that some
 * paths to it never spawned, and a fast-form spawn right before its unrolled sync need not go
 * through the deque at all.
 */
final class SyncPlan {

    /** At most this many spawns pending at a sync get straight-line pops; more get the generic loop. */
    private static final int MAX_UNROLLED = 8;

    private final MethodAnalysis a;
    /** Sites some generic sync dispatches to. */
    private final Set<Integer> genericallySynced = new HashSet<>();
    /**
     * Sites whose locals are set at entry, because code reachable from paths that did not make the
     * spawn reads them: a generic sync's switch, and the last handler's stores into fields and elements.
     */
    final Set<Integer> setAtEntry = new HashSet<>();
    /** Local-target sites whose variable holds no value of the result's type at the spawn; see {@link Placeholders}. */
    final Set<Integer> placeholders;
    /** Fast-form sites right before their sync, which run in place instead of being pushed; see {@link #runsInPlace}. */
    final Set<Integer> inPlace = new HashSet<>();

    /** @param original the method's instructions before the rewrite */
    SyncPlan(MethodAnalysis analysis, AbstractInsnNode[] original) {
        this.a = analysis;
        for (int i = 0; i < original.length; i++) {
            Pending before = a.pending[i];
            AbstractInsnNode insn = original[i];
            boolean syncPoint = a.syncs.contains(insn) || Bytecode.isReturn(insn) || a.handlerStarts.contains(insn);
            if (before != null && !before.isEmpty() && syncPoint && !unrolled(before)) {
                before.may.stream().forEach(genericallySynced::add);
            }
            if (before != null) {
                before.may.stream().filter(s -> a.sites.get(s).targetOperands() > 0).forEach(setAtEntry::add);
            }
        }
        for (Escapes.Escape e : a.escapes) {
            e.pending().may.stream().forEach(genericallySynced::add);
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
    }

    /** Whether a sync waiting for {@code before} pops its spawns in straight-line code. */
    static boolean unrolled(Pending before) {
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
}
