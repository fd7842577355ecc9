package satin.apps.uts;

import java.util.ArrayList;
import java.util.List;

/**
 * A standard tree of the UTS distribution (its sample_trees.sh): the reference's parameters and the
 * size, depth and number of leaves published with them ({@code -1} where none was published).
 */
public record Sample(String name, String args, long size, long depth, long leaves) {

    static final List<Sample> ALL = List.of(
            new Sample("T1", "-t 1 -a 3 -d 10 -b 4 -r 19", 4130071L, 10, 3305118L),
            new Sample("T5", "-t 1 -a 0 -d 20 -b 4 -r 34", 4147582L, 20, 2181318L),
            new Sample("T2", "-t 1 -a 2 -d 16 -b 6 -r 502", 4117769L, 81, 2342762L),
            new Sample("T3", "-t 0 -b 2000 -q 0.124875 -m 8 -r 42", 4112897L, 1572, 3599034L),
            new Sample("T4", "-t 2 -a 0 -d 16 -b 6 -r 1 -q 0.234375 -m 4 -r 1", 4132453L, 134, 3108986L),
            new Sample("T1L", "-t 1 -a 3 -d 13 -b 4 -r 29", 102181082L, 13, 81746377L),
            new Sample("T2L", "-t 1 -a 2 -d 23 -b 7 -r 220", 96793510L, 67, 53791152L),
            new Sample("T3L", "-t 0 -b 2000 -q 0.200014 -m 5 -r 7", 111345631L, 17844, 89076904L),
            new Sample("T1XL", "-t 1 -a 3 -d 15 -b 4 -r 29", 1635119272L, 15, 1308100063L),
            new Sample("T1XXL", "-t 1 -a 3 -d 15 -b 4 -r 19", 4230646601L, 15, -1),
            new Sample("T3XXL", "-t 0 -b 2000 -q 0.499995 -m 2 -r 316", 2793220501L, -1, -1),
            new Sample("T2XXL", "-t 0 -b 2000 -q 0.499999995 -m 2 -r 0", 10612052303L, 216370, 5306027151L),
            new Sample("T1WL", "-t 1 -a 3 -d 18 -b 4 -r 19", 270751679750L, 18, 216601257283L),
            new Sample("T2WL", "-t 0 -b 2000 -q 0.4999999995 -m 2 -r 559", 295393891003L, 1021239, 147696946501L),
            new Sample("T3WL", "-t 0 -b 2000 -q 0.4999995 -m 2 -r 559", 157063495159L, 758577, 78531748579L));

    /** The sample of that name, in any case, or null. */
    public static Sample named(String name) {
        for (Sample s : ALL) {
            if (s.name.equalsIgnoreCase(name)) {
                return s;
            }
        }
        return null;
    }

    public Tree tree() {
        return Arguments.parse(args.split(" ")).tree();
    }

    /**
     * Says which of the published figures the counts match.
     *
     * @throws IllegalStateException if one does not
     */
    public String verify(long nodes, long maxDepth, long leafCount) {
        List<String> checked = new ArrayList<>();
        check("tree size", size, nodes, checked);
        check("tree depth", depth, maxDepth, checked);
        check("num leaves", leaves, leafCount, checked);
        return "verified: " + String.join(", ", checked) + " as published for " + name;
    }

    private void check(String what, long published, long counted, List<String> checked) {
        if (published < 0) {
            return;
        }
        if (published != counted) {
            throw new IllegalStateException(name + ": " + what + " is " + counted + ", published " + published);
        }
        checked.add(what);
    }
}
