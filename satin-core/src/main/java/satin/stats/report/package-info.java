/**
 * The statistics a pool writes: each node's report as JSON ({@code PoolReport}, in the schema of
 * {@code StatsFile} that the simulator writes too), the reports the
 * master gathers from the members at the end ({@code Reports}, bounded by the members whatever they
 * send) and their sum over the pool ({@code PoolSummary}). It reads the runtime's and the network's
 * counters, so it sits above both, apart from the counters of {@link satin.stats} that workers keep.
 */
package satin.stats.report;
