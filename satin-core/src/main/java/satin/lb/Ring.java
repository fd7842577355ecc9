package satin.lb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The virtual ring every EARTH balancer but Rand assumes (Kakulavarapu, Maquelin, Amaral and Gao):
 * the members, this node included, in ascending order of id, clockwise; the last is followed by the
 * first. Rebuilt when the membership changes, so a member that left has no place in it.
 */
final class Ring {

    private final List<Integer> ids;

    Ring(int self, List<Integer> others) {
        List<Integer> all = new ArrayList<>(others);
        all.add(self);
        all.sort(Collections.reverseOrder());
        ids = List.copyOf(all);
    }

    int size() {
        return ids.size();
    }

    /**
     * The member {@code steps} places clockwise from {@code from} (counter-clockwise if negative).
     * A member no longer in the ring counts from where it stood, so a walk it started still ends.
     */
    int step(int from, int steps) {
        int at = Collections.binarySearch(ids, from, Collections.reverseOrder());
        int n = ids.size();
        int index = at >= 0 ? at + steps : -at - 1 + (steps > 0 ? steps - 1 : steps);
        return ids.get(Math.floorMod(index, n));
    }

    /** How many places clockwise {@code to} is from {@code from}, both in the ring. */
    int clockwise(int from, int to) {
        return Math.floorMod(ids.indexOf(to) - ids.indexOf(from), ids.size());
    }

    /**
     * Where {@code self} passes a request from {@code thief} that it found nothing for, the
     * {@code tried}th time: one more place counter-clockwise, until the walk has been round the
     * ring (to the thief, or as many places as there are other members); -1 then.
     */
    int walk(int self, int thief, int tried) {
        if (tried + 1 >= ids.size() - 1) {
            return -1;
        }
        int next = step(self, -(tried + 1));
        return next == thief || next == self ? -1 : next;
    }

    /**
     * A note's value that names a member and a count of places, as the notes Dual and Snd send
     * round the ring carry: the member that started the walk and how far it has gone.
     */
    static long walkNote(int member, int places) {
        return (long) member << 32 | (places & 0xffffffffL);
    }

    /** The member a {@link #walkNote} names. */
    static int walker(long note) {
        return (int) (note >>> 32);
    }

    /** The places a {@link #walkNote} counts. */
    static int places(long note) {
        return (int) note;
    }
}
