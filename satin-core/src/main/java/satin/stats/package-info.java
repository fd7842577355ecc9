/**
 * What a run counts: per-worker counters kept with plain stores by their worker, and snapshots
 * summed per node (and, in satin.pool, per pool) for printing and for tests that check the bookkeeping
 * (every spawn is run exactly once: spawns equal jobs run).
 */
package satin.stats;
