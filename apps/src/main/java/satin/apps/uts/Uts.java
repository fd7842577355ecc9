package satin.apps.uts;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;

/**
 * Unbalanced Tree Search: counts the nodes, leaves and depth of a tree that exists only as a
 * rule (each node's state is a SHA-1 digest, its children's states the digests of it and their
 * index), generated exactly as the reference benchmark generates it. A job walks its part of the
 * tree depth first with an explicit stack; every {@code chunk} nodes it hands every other one of
 * the shallowest waiting nodes to a spawned job, so a subtree that turns out large gets split
 * wherever it is, and small ones cost one spawn at most. The counts are combined at the syncs.
 */
public class Uts extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("T3"),
            "medium", List.of("T1", "-g", "8"),
            "large", List.of("T1L", "-g", "2"));

    /**
     * A job spawns at most this many jobs between syncs; a sync that waits for a stolen one holds
     * up the job's own walk, so they are rare.
     */
    private static final int PARTS = 64;
    /**
     * Jobs handed off by a job of generation g are of generation g + 1; from this one on, a job
     * walks its part to the end alone. Generations bound how deeply jobs nest (each runs on top of
     * its spawner's sync, or as a plain call in the sequential program, whose thread may have a
     * stack of 1 MB): about 10 on the 4-million-node samples, 50 on the binomial T3L (0.1 billion).
     */
    private static final int MAX_GENERATION = 500;
    /**
     * At most this many entries of a frontier go to one spawned job. Small hand-offs keep chains
     * of jobs handing off to jobs short (48 generations on T3L, against 316 with 512 entries).
     */
    private static final int MAX_HANDOFF = 16;

    private final Tree tree;
    private final int chunk;
    private final boolean ownSha1;

    Uts(Tree tree, int chunk, boolean ownSha1) {
        this.tree = tree;
        this.chunk = chunk;
        this.ownSha1 = ownSha1;
    }

    /** Nodes, leaves and maximum depth of the whole tree, and the deepest generation of jobs. */
    long[] count() {
        return explore(Walk.root(tree), 0);
    }

    /**
     * Counts the subtrees below the nodes of {@code frontier}: walks {@code chunk} nodes at a time
     * and after each chunk hands every other one of the shallowest waiting nodes to a spawned job.
     */
    @Spawnable
    public long[] explore(byte[] frontier, int generation) {
        Walk walk = new Walk(frontier, ownSha1);
        long[][] parts = new long[PARTS][];
        long[] handedOff = {0, 0, 0, generation};
        int spawned = 0;
        while (true) {
            walk.run(tree, chunk);
            if (walk.isEmpty()) {
                break;
            }
            if (walk.size() > 1 && generation < MAX_GENERATION) {
                parts[spawned] = explore(walk.takeEveryOther(MAX_HANDOFF), generation + 1);
                spawned++;
                if (spawned == PARTS) {
                    sync();
                    add(handedOff, parts, spawned);
                    spawned = 0;
                }
            }
        }
        sync();
        add(handedOff, parts, spawned);
        add(handedOff, new long[][] {walk.counts(generation)}, 1);
        return handedOff;
    }

    private static void add(long[] total, long[][] parts, int n) {
        for (int i = 0; i < n; i++) {
            total[0] += parts[i][0];
            total[1] += parts[i][1];
            total[2] = Math.max(total[2], parts[i][2]);
            total[3] = Math.max(total[3], parts[i][3]);
        }
    }

    /** Computes with these arguments, or those of a preset named as the only argument; returns what main prints. */
    public static String run(String... args) {
        Arguments a = arguments(args);
        long[] c = new Uts(a.tree(), a.chunk(), a.ownSha1()).count();
        StringBuilder out = new StringBuilder("UTS");
        if (a.sample() != null) {
            out.append(' ').append(a.sample().name());
        }
        out.append(": ").append(a.tree().describe()).append('\n');
        out.append(stats(c[0], c[2], c[1])).append('\n');
        if (a.sample() != null && a.sample().tree().sameShape(a.tree())) {
            out.append(a.sample().verify(c[0], c[2], c[1])).append('\n');
        }
        return out.toString();
    }

    /** The line the reference prints. */
    static String stats(long nodes, long depth, long leaves) {
        // the reference divides in float and prints the exact binary value rounded half-even
        double percent = (float) leaves / (float) nodes * 100.0;
        return String.format(Locale.ROOT, "Tree size = %d, tree depth = %d, num leaves = %d (%s%%)", nodes, depth,
                leaves, new BigDecimal(percent).setScale(2, RoundingMode.HALF_EVEN).toPlainString());
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    private static Arguments arguments(String... args) {
        if (args.length == 0) {
            return Arguments.parse(PRESETS.get("small").toArray(new String[0]));
        }
        if (args.length == 1 && PRESETS.containsKey(args[0])) {
            return Arguments.parse(PRESETS.get(args[0]).toArray(new String[0]));
        }
        return Arguments.parse(args);
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
