/**
 * Nodes as members of a pool: who is in it, the connections between them, and what a member does
 * when others come and go; the jobs that move over those connections are {@link satin.steal}'s.
 *
 * <p>A {@link satin.pool.PoolNode} wraps a {@link satin.runtime.Node} and is where the parts of a
 * member meet: {@code Members} (who is in the pool, and who was declared dead), {@code RegistryClient}
 * (joining, comings and goings, the end of the run, and following the registry when it moves),
 * {@code RegistryFailover} (which member keeps the registry when it is lost), {@code Links} (the
 * connections a node opens), {@code AcceptedConnections} (the ones other nodes open, behind the
 * {@code MemberGate}), {@code MembershipReactions} (every part giving up a member that goes),
 * {@code BalancerAdapter} (the port the node's {@link satin.lb.LoadBalancer} acts through) and
 * {@code SharedTransport} (what every node of the JVM shares). The steal protocol sees the pool
 * only through {@code LinkedPeers} and the links, as {@link satin.steal.Peers} and
 * {@link satin.steal.Route}.
 *
 * <p>When a worker finds nothing to do, the balancer may ask another node for work; the victim
 * answers on its event loop with the oldest job a worker offers, encoded by {@link satin.codec};
 * the thief runs a copy and sends back the result or the failure, which the owner applies once to
 * the original record.
 *
 * <p>Failures: a connection silent for the failure timeout closes ({@link satin.net.Liveness}), and
 * a closed connection is the verdict every part acts on: the jobs that went on it run again here,
 * the jobs that came on it are orphans, abandoned down their subtree ({@link satin.runtime.Lineage}),
 * whose workers stop at their next spawn or sync. When the registry goes, a member takes it over
 * ({@link satin.registry.Registry#resume}); when the master goes, the registry elects another, whose
 * process runs main again. The process around the nodes is {@link satin.launch}'s.
 */
package satin.pool;
