/**
 * What a run counts: per-worker counters kept with plain stores by their worker, snapshots summed
 * per node, and the stealing and round-trip counters of a pool's node, for printing and for tests
 * that check the bookkeeping (every spawn is run exactly once: spawns equal jobs run); and the
 * bounded logs of a run's timeline: each worker's states, the jobs that moved between nodes, counts
 * per interval. How they are written out is {@link satin.stats.report}'s.
 */
package satin.stats;
