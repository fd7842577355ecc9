/**
 * Work deques of reusable slots: one owner pushes and pops at the head, thieves take from the
 * tail.
 *
 * <p>{@link satin.deque.WorkDeque} is the contract every implementation meets (and the contract
 * tests check): each job comes out exactly once. {@link satin.deque.SplitDeque} is the default,
 * chosen because its owner pays no allocation, fence, lock or atomic instruction on the spawn/sync
 * fast path; {@link satin.deque.LockedDeque} is the obviously correct reference it is tested and
 * measured against. The package knows nothing of jobs or workers: a slot is whatever the owner
 * writes into it.
 */
package satin.deque;
