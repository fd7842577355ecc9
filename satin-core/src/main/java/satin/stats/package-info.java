/**
 * What a run counts and how it is reported: per-worker counters kept with plain stores by their
 * worker, snapshots summed per node, each node's report as JSON ({@code PoolReport}), the reports the
 * master gathers at the end ({@code Reports}) and their sum over the pool ({@code PoolSummary}).
 */
package satin.stats;
