package satin.apps.tsp;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;
import satin.apps.Incumbent;

/**
 * The traveling salesperson problem by branch and bound (van Nieuwpoort, Kielmann and Bal, PPoPP 2001, section 4). A job extends a
 * partial tour by each city not on it, nearest first, spawning the extensions down to the spawn
 * depth; it prunes only with the bound it was given or tours found in its own subtree, never
 * with a bound shared between jobs (a stolen job runs elsewhere with a copy of its arguments), so
 * the tour it returns is the same whoever ran which job.
 */
public class Tsp extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("14", "3", "3"),
            "medium", List.of("17", "3", "3"),
            "large", List.of("19", "3", "3"));

    private final Cities cities;
    private final int spawnDepth;
    /** The shortest tour found by any job, or null when the bound is only passed down. */
    private final Incumbent shared;

    /** A search whose bound is only passed down. */
    public Tsp(Cities cities, int spawnDepth) {
        this(cities, spawnDepth, false);
    }

    public Tsp(Cities cities, int spawnDepth, boolean shareBound) {
        this.cities = cities;
        this.spawnDepth = spawnDepth;
        this.shared = shareBound ? new Incumbent(true, Integer.MAX_VALUE - 1) : null;
    }

    /**
     * The shortest tour shorter than bound starting with the first depth cities of path (not to be
     * changed), or null; length is the partial path's, rest the sum of twoShortest of the cities off it.
     */
    @Spawnable
    public Tour search(int[] path, int depth, int length, int rest, int bound) {
        return explore(path, depth, length, rest, bound);
    }

    /**
     * {@link #search}'s work. The first extension that may beat the bound (the nearest city) is
     * searched here, by a plain call, before the others are spawned: a job runs the spawns it kept
     * newest first at its sync, so spawned with the others the nearest city, whose tours give the
     * best bound soonest, would be searched last on one worker, and with a shared bound the rest
     * would prune with a worse one (twice the sequential program's nodes on one worker, tsp 14).
     * The sequential program searches it first either way.
     */
    private Tour explore(int[] path, int depth, int length, int rest, int bound) {
        if (depth >= spawnDepth || depth >= path.length) {
            return Sequential.search(cities, path, depth, length, rest, bound, shared);
        }
        int last = path[depth - 1];
        int[] candidates = cities.nearest[last];
        Tour[] found = new Tour[candidates.length];
        Tour nearest = null;
        int nearestAt = -1;
        for (int i = 0; i < candidates.length; i++) {
            int next = candidates[i];
            if (!onPath(path, depth, next)) {
                int d = length + cities.distance[last][next];
                int r = rest - cities.twoShortest[next];
                if (lowerBound(cities, next, d, r) < limit(bound, shared)) {
                    int[] longer = path.clone();
                    longer[depth] = next;
                    if (nearestAt < 0) {
                        nearestAt = i;
                        nearest = explore(longer, depth + 1, d, r, bound);
                    } else {
                        found[i] = search(longer, depth + 1, d, r, bound);
                    }
                }
            }
        }
        sync();
        Tour best = null;
        for (int i = 0; i < found.length; i++) {
            best = Tour.shorter(best, i == nearestAt ? nearest : found[i]);
        }
        return best;
    }

    private static boolean onPath(int[] path, int depth, int city) {
        for (int i = 0; i < depth; i++) {
            if (path[i] == city) {
                return true;
            }
        }
        return false;
    }

    /**
     * What a partial tour's lower bound must stay under: the job's own bound and, if shared, one
     * more than the shortest tour found anywhere. One more, so that a tour as short as that one is
     * still found: among the shortest tours, the first in the sequential program's order is the one
     * every run returns, whichever job found which tour first. A lagging replica gives a higher
     * limit, which only prunes less.
     */
    static int limit(int bound, Incumbent shared) {
        return shared == null ? bound : (int) Math.min(bound, shared.value() + 1);
    }

    /**
     * A lower bound on every tour completing a path of this length ending at last, with rest the
     * sum of twoShortest over the cities off the path: each of those has two edges in what is left,
     * last and city 0 one each (at least their shortest), and so every edge left is counted twice,
     * once from each end.
     */
    static int lowerBound(Cities cities, int last, int length, int rest) {
        int ends = cities.shortest[last] + cities.shortest[0];
        return length + (rest + ends + 1) / 2;
    }

    /** The optimal tour; the first bound is one more than a 2-opt tour's length, so a tour is always found. */
    public Tour solve() {
        int n = cities.size();
        if (n == 1) {
            return new Tour(0, new int[] {0});
        }
        int rest = 0;
        for (int c = 1; c < n; c++) {
            rest += cities.twoShortest[c];
        }
        int[] path = new int[n];
        int first = (int) cities.length(cities.twoOpt(cities.nearestNeighbourTour()));
        if (shared != null) {
            shared.found(first);
        }
        return search(path, 1, 0, rest, first + 1);
    }

    /** Computes with these arguments, or those of a preset named as the only argument; returns what main prints. */
    public static String run(String... args) {
        Args a = arguments(args);
        int n = a.n();
        int spawnDepth = a.spawnDepth();
        long seed = a.seed();
        Cities cities = Cities.random(n, seed);
        Tour tour = new Tsp(cities, spawnDepth, a.shareBound()).solve();
        cities.checkPermutation(tour.order);
        if (cities.length(tour.order) != tour.length) {
            throw new IllegalStateException("the tour's length is " + cities.length(tour.order) + ", not " + tour.length);
        }
        return "tsp " + n + " cities, seed " + seed + ", spawn depth " + spawnDepth + ": shortest tour " + tour.length
                + " " + Arrays.toString(tour.order) + "; verified (a permutation of the cities, length recomputed)";
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    /** The arguments, as {@link #run} reads them. */
    public record Args(int n, int spawnDepth, long seed, boolean shareBound) {
    }

    private static Args arguments(String... args) {
        List<String> a = AppArguments.of(PRESETS, args);
        if (a.isEmpty() || a.size() > 4) {
            throw new IllegalArgumentException("expected arguments CITIES [SPAWN_DEPTH [SEED [shared|passed]]] or a"
                    + " preset " + PRESETS.keySet() + ", not " + a);
        }
        int n = AppArguments.integer(a.get(0), "cities", 1, 60);
        int spawnDepth = a.size() > 1 ? AppArguments.integer(a.get(1), "spawn depth", 1, 30) : 3;
        long seed = a.size() > 2 ? AppArguments.integer(a.get(2), "seed", Long.MIN_VALUE, Long.MAX_VALUE) : 1;
        return new Args(n, spawnDepth, seed, AppArguments.sharesBound(a, 3));
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
