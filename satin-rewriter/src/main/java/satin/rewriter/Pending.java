package satin.rewriter;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;

/**
 * The spawns that may be pending before an instruction: the sites that may be, and, when every path
 * to it spawned the same sites in the same order since the last sync, that exact sequence. A sync
 * with an exact sequence is rewritten into straight-line pops, any other into a generic loop.
 * {@link #before} computes them as a data flow over the control-flow graph, exceptions included.
 */
final class Pending {

    /** The ids of the sites that may be pending. */
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

    /** What may be pending before each instruction of the analysed method; null where no path reaches. */
    static Pending[] before(MethodAnalysis a, ControlFlow flow) {
        int n = a.method.instructions.size();
        Pending[] pending = new Pending[n];
        pending[0] = NONE;
        Deque<Integer> work = new ArrayDeque<>();
        work.add(0);
        InsnList insns = a.method.instructions;
        while (!work.isEmpty()) {
            int i = work.poll();
            Pending in = pending[i];
            AbstractInsnNode insn = insns.get(i);
            SpawnSite site = a.siteAt.get(insn);
            Pending out;
            Pending onException = in;
            if (site != null) {
                out = in.after(site.id);
            } else if (a.syncs.contains(insn)) {
                out = NONE;
                onException = NONE; // a sync throws only once all its spawns are done
            } else if (a.handlerStarts.contains(insn)) {
                out = NONE;
            } else {
                out = in;
            }
            for (int s : flow.successors(i)) {
                flow(pending, s, out, work);
            }
            for (int s : flow.handlerSuccessors(i)) {
                flow(pending, s, onException, work);
            }
        }
        return pending;
    }

    private static void flow(Pending[] pending, int to, Pending state, Deque<Integer> work) {
        Pending old = pending[to];
        Pending merged = old == null ? state : old.merge(state);
        if (!merged.equals(old)) {
            pending[to] = merged;
            work.add(to);
        }
    }
}
