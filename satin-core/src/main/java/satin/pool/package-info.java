/**
 * Nodes as members of a pool: stealing between nodes, jobs that travel, and the process that runs
 * them.
 *
 * <p>A {@link satin.pool.PoolNode} wraps a {@link satin.runtime.Node}: it joins through the
 * registry, listens for other nodes, and runs the steal protocol. When a worker finds nothing to do,
 * the node's {@link satin.lb.LoadBalancer} may ask another node for work; the victim answers on its
 * event loop with the oldest job a worker offers, encoded by the {@link satin.pool.JobCodec}; the
 * thief runs a copy (a {@code RemoteJob}) and sends back the result or the failure, which the
 * owner applies once to the original record. Only classes the {@link satin.pool.Allowlist} admits
 * travel, and the codec believes no length that the bytes left cannot hold
 * ({@code BoundedInput}, {@code CollectionCodecs}).
 *
 * <p>{@link satin.pool.PoolMain} is the process: its options ({@code LaunchOptions}), the registry
 * it may embed, its nodes, and on the master, the program's main; at the end the master prints and
 * writes everyone's statistics ({@code PoolReport} on each node, {@link satin.pool.PoolSummary} on
 * the master).
 */
package satin.pool;
