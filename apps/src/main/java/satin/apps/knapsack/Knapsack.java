package satin.apps.knapsack;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;
import satin.apps.Explored;
import satin.apps.Incumbent;

/**
 * The 0/1 knapsack problem by branch and bound. Items are taken in order of value per unit of
 * weight; a search node either takes the next item or leaves it, and gives up when even the
 * fractional relaxation of the rest (filling the remaining capacity with the best ratios, the last
 * item in part) cannot beat its bound. The first {@code spawnDepth} items spawn both branches;
 * below that the search is sequential. A job prunes with the bound it was given, the packings it
 * found itself and, by default, the best packing any job on any node has found, kept in a shared
 * object ({@link Incumbent}); with the argument {@code passed}, only with the first two. The best value
 * does not depend on where other jobs ran (see {@link #limit}).
 */
public class Knapsack extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("22", "10000", "1", "6"),
            "medium", List.of("30", "10000", "1", "8"),
            "large", List.of("33", "10000", "1", "8"));

    /** Instances with at most this capacity are also solved by dynamic programming, as a check. */
    static final long DP_UP_TO = 4_000_000;

    /** A search that found nothing better than its bound. */
    static final long[] NOTHING = {-1, 0};

    private final long[] weights;
    private final long[] values;
    private final long capacity;
    private final int spawnDepth;
    /** The best value found by any job, or null when the bound is only passed down. */
    private final Incumbent shared;

    /** The items in any order, the bound passed down only. */
    public Knapsack(long[] weights, long[] values, long capacity, int spawnDepth) {
        this(weights, values, capacity, spawnDepth, false);
    }

    /** The items in any order; they are kept sorted by value per weight, masks index that order. */
    public Knapsack(long[] weights, long[] values, long capacity, int spawnDepth, boolean shareBound) {
        if (weights.length != values.length || weights.length > 62 || capacity < 0
                || Arrays.stream(weights).anyMatch(w -> w <= 0) || Arrays.stream(values).anyMatch(v -> v < 0)) {
            throw new IllegalArgumentException("at most 62 items of positive weight and non-negative value, and a capacity >= 0");
        }
        Integer[] order = IntStream.range(0, weights.length).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -(double) values[i] / weights[i]).thenComparingInt(i -> i));
        this.weights = Arrays.stream(order).mapToLong(i -> weights[i]).toArray();
        this.values = Arrays.stream(order).mapToLong(i -> values[i]).toArray();
        this.capacity = capacity;
        this.spawnDepth = spawnDepth;
        this.shared = shareBound ? new Incumbent(false, 0) : null;
    }

    /** The best packing: its value and the mask of the (sorted) items it takes. */
    public long[] solve() {
        long[] greedy = greedy();
        if (shared != null) {
            shared.found(greedy[0]);
        }
        long[] better = search(0, 0, 0, 0, greedy[0]);
        return better[0] > greedy[0] ? better : greedy;
    }

    /** Items in ratio order while they fit: the first bound. */
    long[] greedy() {
        long weight = 0;
        long value = 0;
        long chosen = 0;
        for (int i = 0; i < weights.length; i++) {
            if (weight + weights[i] <= capacity) {
                weight += weights[i];
                value += values[i];
                chosen |= 1L << i;
            }
        }
        return new long[] {value, chosen};
    }

    /** The best packing worth more than {@code bound} that decides items from {@code item} on, or NOTHING. */
    @Spawnable
    public long[] search(int item, long weight, long value, long chosen, long bound) {
        if (item >= spawnDepth || item == weights.length || value + relaxation(item, capacity - weight) <= limit(bound)) {
            long[] best = NOTHING.clone();
            long[] explored = {0};
            sequential(item, weight, value, chosen, bound, best, explored);
            Explored.add(explored[0]);
            return best;
        }
        long[] taken = NOTHING;
        if (weight + weights[item] <= capacity) {
            taken = search(item + 1, weight + weights[item], value + values[item], chosen | 1L << item, bound);
        }
        long[] left = search(item + 1, weight, value, chosen, bound);
        sync();
        return taken[0] >= left[0] ? taken : left;
    }

    /** Depth first, taking before leaving; best holds the best packing found so far, which raises the bound. */
    private void sequential(int item, long weight, long value, long chosen, long bound, long[] best, long[] explored) {
        explored[0]++;
        long limit = Math.max(limit(bound), best[0]);
        if (value > limit) {
            best[0] = value;
            best[1] = chosen;
            limit = value;
            if (shared != null) {
                shared.found(value);
            }
        }
        if (item == weights.length || value + relaxation(item, capacity - weight) <= limit) {
            return;
        }
        if (weight + weights[item] <= capacity) {
            sequential(item + 1, weight + weights[item], value + values[item], chosen | 1L << item, bound, best, explored);
        }
        sequential(item + 1, weight, value, chosen, bound, best, explored);
    }

    /**
     * What a node must be able to exceed: its job's bound and, if shared, one less than the best
     * packing found anywhere. One less, so that a packing as good as that one is still found: a job
     * run again after its node died finds again the packing it had found, whose value is shared
     * already. A lagging replica gives a lower limit, which only prunes less.
     */
    private long limit(long bound) {
        return shared == null ? bound : Math.max(bound, shared.value() - 1);
    }

    /** The most the items from {@code item} on could add within {@code room} if they could be cut (rounded down). */
    long relaxation(int item, long room) {
        long added = 0;
        for (int i = item; i < weights.length; i++) {
            if (weights[i] <= room) {
                room -= weights[i];
                added += values[i];
            } else {
                return added + values[i] * room / weights[i];
            }
        }
        return added;
    }

    /** The weight and value of the items in the mask. */
    long[] weightAndValue(long chosen) {
        long weight = 0;
        long value = 0;
        for (int i = 0; i < weights.length; i++) {
            if ((chosen >>> i & 1) != 0) {
                weight += weights[i];
                value += values[i];
            }
        }
        return new long[] {weight, value};
    }

    /** The best value by dynamic programming over the capacities: slow for large capacities, but independent. */
    long dynamicProgramming() {
        long[] best = new long[(int) capacity + 1];
        for (int i = 0; i < weights.length; i++) {
            for (int c = (int) capacity; c >= weights[i]; c--) {
                best[c] = Math.max(best[c], best[c - (int) weights[i]] + values[i]);
            }
        }
        return best[(int) capacity];
    }

    /**
     * An even-odd subset-sum instance, the hard kind for branch and bound: each value equals its
     * weight, the weights are even (2 to maxWeight) and the capacity odd (about half the total
     * weight), so no packing fills the knapsack while the relaxation of a node that still has enough
     * items always reaches the capacity, and little is pruned. Returns the weights, the values and
     * the capacity (as the only element of the third array).
     */
    public static long[][] instance(int items, int maxWeight, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] weights = new long[items];
        long total = 0;
        for (int i = 0; i < items; i++) {
            weights[i] = 2 * (1 + random.nextInt(Math.max(1, maxWeight / 2)));
            total += weights[i];
        }
        return new long[][] {weights, weights.clone(), {total / 2 | 1}};
    }

    /**
     * Computes with these arguments (ITEMS MAX_WEIGHT SEED SPAWN_DEPTH), or those of a preset named
     * as the only argument; returns what main prints.
     */
    public static String run(String... args) {
        Args a = arguments(args);
        int items = a.items();
        int maxWeight = a.maxWeight();
        long seed = a.seed();
        int spawnDepth = a.spawnDepth();
        long[][] instance = instance(items, maxWeight, seed);
        Knapsack problem = new Knapsack(instance[0], instance[1], instance[2][0], spawnDepth, a.shareBound());
        long[] best = problem.solve();
        long[] packed = problem.weightAndValue(best[1]);
        if (packed[0] > problem.capacity || packed[1] != best[0]) {
            throw new IllegalStateException("the packing found weighs " + packed[0] + " of " + problem.capacity
                    + " and is worth " + packed[1] + ", not " + best[0]);
        }
        String text = "knapsack of " + items + " items (weights up to " + maxWeight + ", seed " + seed + ", capacity "
                + problem.capacity + "): best value " + best[0] + ", verified: the items chosen fit and are worth it";
        if (problem.capacity > DP_UP_TO) {
            return text;
        }
        long dp = problem.dynamicProgramming();
        if (dp != best[0]) {
            throw new IllegalStateException("branch and bound found " + best[0] + " but dynamic programming " + dp);
        }
        return text + ", and dynamic programming agrees";
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    /** The arguments, as {@link #run} reads them. */
    public record Args(int items, int maxWeight, long seed, int spawnDepth, boolean shareBound) {
    }

    private static Args arguments(String... args) {
        List<String> p = AppArguments.of(PRESETS, args);
        if (p.size() != 4 && p.size() != 5) {
            throw new IllegalArgumentException("expected ITEMS MAX_WEIGHT SEED SPAWN_DEPTH [shared|passed] or a preset ("
                    + PRESETS.keySet() + "), not " + p);
        }
        int items = (int) AppArguments.integer(p.get(0), "ITEMS", 1, 62);
        int maxWeight = (int) AppArguments.integer(p.get(1), "MAX_WEIGHT", 2, 1_000_000_000);
        long seed = AppArguments.integer(p.get(2), "SEED", Long.MIN_VALUE, Long.MAX_VALUE);
        int spawnDepth = (int) AppArguments.integer(p.get(3), "SPAWN_DEPTH", 0, 62);
        return new Args(items, maxWeight, seed, spawnDepth, AppArguments.sharesBound(p, 4));
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
