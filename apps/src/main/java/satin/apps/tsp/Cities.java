package satin.apps.tsp;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The instance: integer distances (rounded Euclidean, so every comparison is exact) between
 * cities on a 1000 x 1000 grid drawn from a seed, each city's others ordered nearest first, and
 * per city its shortest edge and the sum of its two shortest, from which the lower bound of a partial tour comes.
 * Sent with every stolen job, so it holds only arrays.
 */
public final class Cities {

    public final int[][] distance;
    /** For every city, the other cities nearest first (ties by number). */
    public final int[][] nearest;
    /** For every city, its shortest edge. */
    public final int[] shortest;
    /** For every city, its shortest edge plus its second shortest. */
    public final int[] twoShortest;

    public Cities(int[][] distance) {
        this.distance = distance;
        int n = distance.length;
        this.nearest = new int[n][];
        this.shortest = new int[n];
        this.twoShortest = new int[n];
        for (int c = 0; c < n; c++) {
            int from = c;
            nearest[c] = java.util.stream.IntStream.range(0, n).filter(o -> o != from).boxed()
                    .sorted((x, y) -> distance[from][x] != distance[from][y]
                            ? Integer.compare(distance[from][x], distance[from][y]) : Integer.compare(x, y))
                    .mapToInt(Integer::intValue).toArray();
            shortest[c] = n < 2 ? 0 : distance[c][nearest[c][0]];
            twoShortest[c] = n < 3 ? 0 : distance[c][nearest[c][0]] + distance[c][nearest[c][1]];
        }
    }

    /** n cities placed uniformly at random on the grid. */
    public static Cities random(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] x = new int[n];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextInt(1000);
            y[i] = random.nextInt(1000);
        }
        int[][] d = new int[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long dx = x[i] - x[j];
                long dy = y[i] - y[j];
                d[i][j] = (int) Math.round(Math.sqrt(dx * dx + dy * dy));
            }
        }
        return new Cities(d);
    }

    public int size() {
        return distance.length;
    }

    /** The length of the closed tour through the cities in this order. */
    public long length(int[] order) {
        long total = 0;
        for (int i = 0; i < order.length; i++) {
            total += distance[order[i]][order[(i + 1) % order.length]];
        }
        return total;
    }

    /** The tour from city 0 that always goes to the nearest city not yet visited. */
    public int[] nearestNeighbourTour() {
        int n = size();
        int[] order = new int[n];
        boolean[] visited = new boolean[n];
        visited[0] = true;
        for (int i = 1; i < n; i++) {
            for (int c : nearest[order[i - 1]]) {
                if (!visited[c]) {
                    order[i] = c;
                    visited[c] = true;
                    break;
                }
            }
        }
        return order;
    }

    /**
     * The tour improved by reversing segments (2-opt) while any reversal shortens it: a good first
     * bound prunes most of the search.
     */
    public int[] twoOpt(int[] tour) {
        int[] t = tour.clone();
        int n = t.length;
        boolean improved = true;
        while (improved) {
            improved = false;
            for (int i = 1; i < n - 1; i++) {
                for (int j = i + 1; j < n; j++) {
                    int a = t[i - 1], b = t[i], c = t[j], d = t[(j + 1) % n];
                    if (distance[a][c] + distance[b][d] < distance[a][b] + distance[c][d]) {
                        reverse(t, i, j);
                        improved = true;
                    }
                }
            }
        }
        return t;
    }

    private static void reverse(int[] t, int from, int to) {
        for (int i = from, j = to; i < j; i++, j--) {
            int x = t[i];
            t[i] = t[j];
            t[j] = x;
        }
    }

    /** Throws unless order visits every city exactly once, starting at city 0. */
    public void checkPermutation(int[] order) {
        int[] sorted = order.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            if (sorted[i] != i) {
                throw new IllegalStateException("the tour " + Arrays.toString(order) + " is not a permutation of the cities");
            }
        }
        if (sorted.length != size() || order[0] != 0) {
            throw new IllegalStateException("the tour " + Arrays.toString(order) + " does not visit all "
                    + size() + " cities from city 0");
        }
    }
}
