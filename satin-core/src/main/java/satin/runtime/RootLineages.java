package satin.runtime;

import java.util.Arrays;

/**
 * The root calls a worker runs for others, innermost last, each with the deque index where its
 * spawns begin: a root entered while an outer one waits at a sync spawns above that index, so a
 * slot's index names its root, and with it the lineage a thief's record and an abandonment check
 * need. Written by the owning worker only, read by thieves under the deque's lock.
 */
final class RootLineages {

    private Lineage[] lineages = new Lineage[8];
    private int[] marks = new int[8];
    /** Written by the owner before the spawns of a root are published, read by thieves after. */
    private volatile int roots;

    /** A root call begins at deque index {@code mark}. Owner only. */
    void enter(Lineage lineage, int mark) {
        int n = roots;
        if (n == marks.length) {
            lineages = Arrays.copyOf(lineages, 2 * n);
            marks = Arrays.copyOf(marks, 2 * n);
        }
        lineages[n] = lineage;
        marks[n] = mark;
        roots = n + 1;
    }

    /** The innermost root call ended. Owner only. */
    void exit() {
        roots--;
    }

    /**
     * The lineage of the root call whose spawn sits at deque index {@code index}: the innermost that
     * began at or below it. {@link #roots} is read first: that read is what makes the owner's writes
     * to the arrays, and the arrays it grew, visible; arrays read before it could be ones the owner
     * has since replaced, with entries it has since written elsewhere.
     */
    Lineage at(int index) {
        int n = roots;
        Lineage[] lineages = this.lineages;
        int[] marks = this.marks;
        int i = innermost(index, Math.min(n, Math.min(marks.length, lineages.length)), marks);
        return i < 0 ? null : lineages[i];
    }

    /** Where the root call whose spawn sits at deque index {@code index} began, as {@link #at} finds it; 0 below every root. */
    int markAt(int index) {
        int n = roots;
        int[] marks = this.marks;
        int i = innermost(index, Math.min(n, marks.length), marks);
        return i < 0 ? 0 : marks[i];
    }

    /** The position of the innermost of the first {@code n} roots that began at or below {@code index}, or -1. */
    private static int innermost(int index, int n, int[] marks) {
        for (int i = n - 1; i >= 0; i--) {
            if (marks[i] <= index) {
                return i;
            }
        }
        return -1;
    }

    /** The lineage of the innermost root call, whose spawns are the ones a worker offers now. */
    Lineage innermost() {
        return at(Integer.MAX_VALUE);
    }
}
