/**
 * The runtime of one node: what rewritten code calls, and the workers that run it.
 *
 * <p>Rewritten code sees only two types. {@link satin.runtime.InvocationRecord} is the base of the
 * generated record classes (one per spawnable method: receiver, arguments, result). A
 * {@link satin.runtime.Frame} is the state of one spawning invocation: {@code Frame.enter()}
 * before the first spawn, {@code frame.spawn(record)} for each spawn, {@code frame.sync()} for
 * each sync. Behind them, a {@link satin.runtime.Node} has {@link satin.runtime.Worker}s, each
 * owning a {@link satin.deque.WorkDeque}: a spawn pushes on the head of the spawning worker's
 * deque; a sync pops its own children back off the head and runs them, and while some are
 * stolen it runs other work, taken from the tails of its peers' deques.
 *
 * <p>The runtime never knows an application class, and nothing here knows the network: stealing
 * between nodes (later, through the load balancers) takes from the same deque tails.
 */
package satin.runtime;
