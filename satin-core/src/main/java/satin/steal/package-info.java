/**
 * The steal protocol: how jobs move between the members of a pool, and how each is settled once
 * whatever becomes of the nodes it went through.
 *
 * <p>{@code StealProtocol} moves the jobs (each one run here for another node is a
 * {@code RemoteJob}); {@code Orphans} decides what becomes of the jobs from elsewhere when their
 * owner goes, and keeps what abandoned work had learned in the {@code ResultTable}. The pool is
 * seen only through {@link satin.steal.Peers} and {@link satin.steal.Route}, which
 * {@code satin.pool} implements, so that this package does not depend on it.
 */
package satin.steal;
