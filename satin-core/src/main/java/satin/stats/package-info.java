/**
 * What a run counts: per-worker counters kept with plain stores by their worker, snapshots summed
 * per node, and the stealing and round-trip counters of a pool's node, for printing and for tests
 * that check the bookkeeping (every spawn is run exactly once: spawns equal jobs run). How they
 * are written out is {@link satin.stats.report}'s.
 */
package satin.stats;
