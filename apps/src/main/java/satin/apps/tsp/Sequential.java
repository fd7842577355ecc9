package satin.apps.tsp;

import satin.apps.Incumbent;

/**
 * Depth-first branch and bound below the spawn depth. One object per job: the bound starts as
 * the one the job was given and tightens with the tours this job finds and, when the bound is
 * shared, with the shortest tour any job has found (see {@link Tsp#limit}).
 */
public final class Sequential {

    private final Cities cities;
    private final int[] path;
    private boolean[] visited;
    private int bound;
    private Tour best;
    /** Nodes of the search tree visited ({@link satin.apps.Explored}). */
    private long explored;
    /** The bound all jobs share, or null when each job has only its own. */
    private final Incumbent shared;

    private Sequential(Cities cities, int[] path, int bound, Incumbent shared) {
        this.cities = cities;
        this.path = path.clone();
        this.bound = bound;
        this.shared = shared;
    }

    /**
     * The shortest tour shorter than bound that starts with the first depth cities of path, or null.
     * length is that of the partial path, rest the sum of twoShortest over the cities not on it.
     */
    public static Tour search(Cities cities, int[] path, int depth, int length, int rest, int bound, Incumbent shared) {
        Sequential s = new Sequential(cities, path, bound, shared);
        s.visited = new boolean[cities.size()];
        for (int i = 0; i < depth; i++) {
            s.visited[path[i]] = true;
        }
        s.extend(depth, length, rest);
        satin.apps.Explored.add(s.explored);
        return s.best;
    }

    private void extend(int depth, int length, int rest) {
        explored++;
        int n = path.length;
        int last = path[depth - 1];
        if (depth == n) {
            int tour = length + cities.distance[last][0];
            if (tour < Tsp.limit(bound, shared)) {
                bound = tour;
                best = new Tour(tour, path.clone());
                if (shared != null) {
                    shared.found(tour);
                }
            }
            return;
        }
        for (int next : cities.nearest[last]) {
            if (!visited[next]) {
                int d = length + cities.distance[last][next];
                int r = rest - cities.twoShortest[next];
                if (Tsp.lowerBound(cities, next, d, r) < Tsp.limit(bound, shared)) {
                    visited[next] = true;
                    path[depth] = next;
                    extend(depth + 1, d, r);
                    visited[next] = false;
                }
            }
        }
    }
}
