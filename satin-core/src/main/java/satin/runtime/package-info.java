/**
 * The runtime of one node: what rewritten code calls, and the workers that run it.
 *
 * <p>Rewritten code talks to its {@link satin.runtime.Worker} ({@code Worker.current()}; on a
 * thread outside every node it first hops onto the embedded node with {@code Worker.hop}). A
 * spawning invocation takes a mark ({@code mark()}), and spawns by filling the
 * {@link satin.runtime.Slot} at the head of the worker's deque ({@code claim()}, then
 * {@code push()}). Its sync takes its own spawns back ({@code popOwn()}) and calls the methods
 * directly with the arguments it kept, so that a spawn that stays home costs no allocation; only
 * spawns that thieves took become {@link satin.runtime.InvocationRecord}s, built by the method's
 * {@link satin.runtime.RecordFactory}, and the sync waits for them with {@code joinStolen}. Spawns
 * whose results go to array elements or fields carry their own record ({@code syncAll}).
 *
 * <p>The state of one spawning invocation, its frame, is its mark and the spawns above it: how
 * many are outstanding is the deque's head minus the mark. It lives in the method's own locals,
 * not in a heap object, because allocating one per invocation cost more than all the rest of a
 * spawn (see {@code docs/decisions/0001-spawn-fast-path.md}).
 *
 * <p>A caller outside every node parks while its call runs, and looks at the workers now and then
 * ({@code HeldLockWatch}): a lock that the sequential program would re-enter on its
 * one thread, held by the caller or by a worker across a spawn, can block the call for good, and the
 * caller then fails with the lock named instead of waiting (decision 0030).
 *
 * <p>The runtime never knows an application class, and nothing here knows the network: stealing
 * between nodes (later, through the load balancers) takes from the same deque tails.
 */
package satin.runtime;
