package satin.apps.setcover;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;
import satin.apps.Explored;
import satin.apps.Incumbent;

/**
 * Minimum set cover by branch and bound. The universe is the bits of a long and each set a mask;
 * a search node takes the lowest uncovered element and branches on the sets containing it, the
 * i-th branch taking the i-th of them and forbidding the earlier ones, so the branches partition
 * the covers. The first {@code spawnDepth} levels spawn their branches; deeper the search is
 * sequential. A job prunes with the bound it was given, the covers it found itself and, unless
 * the fifth argument is {@code passed}, the smallest cover any job found (a shared
 * {@link Incumbent}, see {@link #limit}), so
 * its result does not depend on where other jobs ran.
 */
public class SetCover extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("64", "60", "1", "3"),
            "medium", List.of("64", "100", "1", "3"),
            "large", List.of("64", "110", "1", "3"));

    /** Instances up to this many sets are also checked against every subset of the sets. */
    static final int EXHAUSTIVE_UP_TO = 20;

    /** The most sets an instance may have. */
    static final int MAX_SETS = 1000;

    private final long[] sets;
    private final int[][] containing;
    private final long universe;
    private final int largest;
    private final int spawnDepth;
    /** The size of the smallest cover found by any job, or null when the bound is only passed down. */
    private final Incumbent shared;

    /** A search whose bound is only passed down. */
    public SetCover(long[] sets, int universeSize, int spawnDepth) {
        this(sets, universeSize, spawnDepth, false);
    }

    public SetCover(long[] sets, int universeSize, int spawnDepth, boolean shareBound) {
        if (sets.length > MAX_SETS || Arrays.stream(sets).anyMatch(s -> s == 0) || universeSize < 1 || universeSize > 64) {
            throw new IllegalArgumentException("at most " + MAX_SETS + " non-empty sets over a universe of 1 to 64 elements");
        }
        this.sets = sets.clone();
        this.universe = universeSize == 64 ? -1L : (1L << universeSize) - 1;
        this.spawnDepth = spawnDepth;
        this.containing = containing(this.sets, universeSize);
        this.largest = Arrays.stream(this.sets).mapToInt(Long::bitCount).max().orElse(1);
        this.shared = shareBound ? new Incumbent(true, Integer.MAX_VALUE - 1) : null;
    }

    /** For each element, the sets that contain it, largest first: big sets find small covers early. */
    private static int[][] containing(long[] sets, int universeSize) {
        int[][] result = new int[universeSize][];
        for (int e = 0; e < universeSize; e++) {
            List<Integer> list = new ArrayList<>();
            for (int s = 0; s < sets.length; s++) {
                if ((sets[s] >>> e & 1) != 0) {
                    list.add(s);
                }
            }
            list.sort(Comparator.comparingInt((Integer s) -> -Long.bitCount(sets[s])).thenComparingInt(s -> s));
            result[e] = list.stream().mapToInt(Integer::intValue).toArray();
        }
        return result;
    }

    /** A minimum cover as the indices of its sets, or an empty array if the sets do not cover the universe. */
    public int[] solve() {
        int[] greedy = greedy();
        if (greedy.length == 0) {
            return greedy;
        }
        if (shared != null) {
            shared.found(greedy.length);
        }
        int[] better = search(0, new int[0], new boolean[sets.length], 0, greedy.length);
        return better.length == 0 ? greedy : better;
    }

    /** The usual greedy cover (the set covering most uncovered elements, repeatedly): the first bound. */
    int[] greedy() {
        long covered = 0;
        List<Integer> chosen = new ArrayList<>();
        while ((covered & universe) != universe) {
            int best = -1;
            int gain = 0;
            for (int s = 0; s < sets.length; s++) {
                int g = Long.bitCount(sets[s] & universe & ~covered);
                if (g > gain) {
                    best = s;
                    gain = g;
                }
            }
            if (best < 0) {
                return new int[0];
            }
            chosen.add(best);
            covered |= sets[best];
        }
        return chosen.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The smallest cover with fewer than {@code bound} sets that extends {@code chosen} (which
     * covers {@code covered}) without the {@code forbidden} sets; an empty array if there is none.
     */
    @Spawnable
    public int[] search(long covered, int[] chosen, boolean[] forbidden, int depth, int bound) {
        if (depth >= spawnDepth || hopeless(covered, chosen.length, limit(bound)) || (covered & universe) == universe) {
            return sequentially(covered, chosen, forbidden, bound);
        }
        int[] candidates = containing[Long.numberOfTrailingZeros(~covered & universe)];
        int[][] found = new int[candidates.length][];
        boolean[] excluded = forbidden.clone();
        for (int i = 0; i < candidates.length; i++) {
            int s = candidates[i];
            if (!excluded[s]) {
                found[i] = search(covered | sets[s], with(chosen, s), excluded.clone(), depth + 1, bound);
            }
            excluded[s] = true;
        }
        sync();
        int[] best = new int[0];
        for (int[] f : found) {
            if (f != null) { // null: a forbidden branch, never spawned
                best = smaller(best, f);
            }
        }
        return best;
    }

    private static int[] with(int[] chosen, int set) {
        int[] result = Arrays.copyOf(chosen, chosen.length + 1);
        result[chosen.length] = set;
        return result;
    }

    /** The search below the spawning levels, on one stack of chosen sets and one array of forbidden ones. */
    private int[] sequentially(long covered, int[] chosen, boolean[] forbidden, int bound) {
        int[] stack = Arrays.copyOf(chosen, chosen.length + Long.bitCount(universe));
        int[][] best = {new int[0]};
        long[] explored = {0};
        sequential(covered, stack, chosen.length, forbidden.clone(), bound, best, explored);
        Explored.add(explored[0]);
        return best[0];
    }

    /** Depth first; best[0] is the smallest cover found so far and tightens the bound as the search goes. */
    private void sequential(long covered, int[] stack, int count, boolean[] forbidden, int bound, int[][] best,
            long[] explored) {
        explored[0]++;
        int limit = best[0].length == 0 ? limit(bound) : Math.min(limit(bound), best[0].length);
        if (hopeless(covered, count, limit)) {
            return;
        }
        if ((covered & universe) == universe) {
            best[0] = Arrays.copyOf(stack, count);
            if (shared != null) {
                shared.found(count);
            }
            return;
        }
        int[] candidates = containing[Long.numberOfTrailingZeros(~covered & universe)];
        int[] tried = new int[candidates.length];
        int triedCount = 0;
        for (int s : candidates) {
            if (!forbidden[s]) {
                stack[count] = s;
                sequential(covered | sets[s], stack, count + 1, forbidden, bound, best, explored);
                forbidden[s] = true; // the covers with s are all searched: the later branches go without it
                tried[triedCount++] = s;
            }
        }
        for (int i = 0; i < triedCount; i++) {
            forbidden[tried[i]] = false; // the caller's later branches may take them again
        }
    }

    /**
     * What a cover must stay under: the job's bound and, if shared, one more than the smallest cover
     * found anywhere, so that covers as small are still found (as tsp keeps tours as short): the
     * first smallest in the sequential order, and again by a job run after its node died.
     */
    private int limit(int bound) {
        return shared == null ? bound : (int) Math.min(bound, shared.value() + 1);
    }

    /** Even sets as large as the largest could not cover the rest in fewer than {@code bound} sets in all. */
    private boolean hopeless(long covered, int count, int bound) {
        int missing = Long.bitCount(~covered & universe);
        int needed = missing == 0 ? 0 : (missing + largest - 1) / largest;
        return count + needed >= bound;
    }

    /** Of two results the one with fewer sets, an empty one (nothing found) counting as the worst. */
    static int[] smaller(int[] x, int[] y) {
        if (x.length == 0) {
            return y;
        }
        return y.length != 0 && y.length < x.length ? y : x;
    }

    /** Whether the sets of these indices cover the universe. */
    boolean covers(int[] chosen) {
        long covered = 0;
        for (int s : chosen) {
            covered |= sets[s];
        }
        return (covered & universe) == universe;
    }

    /** The fewest sets that cover, by trying every subset: the check of small instances. */
    int exhaustiveMinimum() {
        int best = Integer.MAX_VALUE;
        for (long mask = 0; mask < 1L << sets.length; mask++) {
            long covered = 0;
            for (int s = 0; s < sets.length; s++) {
                if ((mask >>> s & 1) != 0) {
                    covered |= sets[s];
                }
            }
            if (Long.bitCount(mask) < best && (covered & universe) == universe) {
                best = Long.bitCount(mask);
            }
        }
        return best;
    }

    /**
     * A random instance: sets of 1 to universeSize / 8 + 1 random elements, then every element no set
     * has added to a random set, so that a cover exists.
     */
    public static long[] instance(int universeSize, int setCount, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] sets = new long[setCount];
        for (int s = 0; s < setCount; s++) {
            int size = 1 + random.nextInt(universeSize / 8 + 1);
            for (int i = 0; i < size; i++) {
                sets[s] |= 1L << random.nextInt(universeSize);
            }
        }
        long all = 0;
        for (long set : sets) {
            all |= set;
        }
        for (int e = 0; e < universeSize; e++) {
            if ((all >>> e & 1) == 0) {
                sets[random.nextInt(setCount)] |= 1L << e;
            }
        }
        return sets;
    }

    /**
     * Computes with these arguments (UNIVERSE SETS SEED SPAWN_DEPTH), or those of a preset named as
     * the only argument; returns what main prints.
     */
    public static String run(String... args) {
        Args a = arguments(args);
        int universeSize = a.universeSize();
        int setCount = a.setCount();
        long seed = a.seed();
        int spawnDepth = a.spawnDepth();
        SetCover problem = new SetCover(instance(universeSize, setCount, seed), universeSize, spawnDepth, a.shareBound());
        int[] cover = problem.solve();
        int size = cover.length;
        if (!problem.covers(cover)) {
            throw new IllegalStateException("the cover found, " + Arrays.toString(cover) + ", misses elements");
        }
        String text = "minimum set cover of " + universeSize + " elements by " + setCount + " sets (seed " + seed
                + "): " + size + " sets (greedy: " + problem.greedy().length + "), verified: they cover the universe";
        if (setCount > EXHAUSTIVE_UP_TO) {
            return text;
        }
        int minimum = problem.exhaustiveMinimum();
        if (minimum != size) {
            throw new IllegalStateException("the search found " + size + " sets but " + minimum + " cover");
        }
        return text + " and no fewer sets do (every subset tried)";
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    /** The arguments, as {@link #run} reads them. */
    public record Args(int universeSize, int setCount, long seed, int spawnDepth, boolean shareBound) {
    }

    private static Args arguments(String... args) {
        List<String> p = AppArguments.of(PRESETS, args);
        if (p.size() != 4 && p.size() != 5) {
            throw new IllegalArgumentException("expected UNIVERSE SETS SEED SPAWN_DEPTH [shared|passed] or a preset ("
                    + PRESETS.keySet() + "), not " + p);
        }
        int universeSize = (int) AppArguments.integer(p.get(0), "UNIVERSE", 1, 64);
        int setCount = (int) AppArguments.integer(p.get(1), "SETS", 1, MAX_SETS);
        long seed = AppArguments.integer(p.get(2), "SEED", Long.MIN_VALUE, Long.MAX_VALUE);
        int spawnDepth = (int) AppArguments.integer(p.get(3), "SPAWN_DEPTH", 0, 64);
        return new Args(universeSize, setCount, seed, spawnDepth, AppArguments.sharesBound(p, 4));
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
