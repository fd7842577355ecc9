/**
 * Work deques: one owner pushes and pops at the head, thieves take from the tail.
 *
 * <p>{@link satin.deque.WorkDeque} is the contract every implementation meets (and the contract
 * tests check): each item comes out exactly once. {@link satin.deque.SplitDeque} is the default,
 * chosen because its owner pays no fence, lock or atomic instruction on the spawn/sync fast path;
 * {@link satin.deque.ChaseLevDeque} and {@link satin.deque.LockedDeque} are the alternatives it
 * was measured against. The package knows nothing of jobs or workers.
 */
package satin.deque;
