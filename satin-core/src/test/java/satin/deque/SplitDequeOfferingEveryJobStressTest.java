package satin.deque;

import satin.lb.StealHalfJvm;

/** {@link SplitDequeStressTest} where the deque offers every job, as it does when steals take chunks. */
@StealHalfJvm
class SplitDequeOfferingEveryJobStressTest extends SplitDequeStressTest {
}
