/**
 * The steal protocol: how jobs move between the members of a pool, and how each is settled once
 * whatever becomes of the nodes it went through.
 *
 * <p>{@code StealProtocol} directs it and routes what other nodes send. This node as a thief asks
 * for jobs and runs them ({@code Thief}; each job from elsewhere is a {@code RemoteJob}), as a
 * victim gives its jobs away, asked or not ({@code Victim}), and remembers what it gave away until
 * it comes back or runs again here ({@code AwayTable}). {@code Orphans} decides what becomes of the
 * jobs from elsewhere when their owner goes, and keeps what abandoned work had learned in the
 * {@code ResultTable}. The pool is seen only through {@link satin.steal.Peers} and
 * {@link satin.steal.Route}, which {@code satin.pool} implements, so that this package does not
 * depend on it.
 */
package satin.steal;
