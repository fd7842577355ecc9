package satin.lb;

/**
 * A queue that has stood still, not empty, for {@link #TICKS} ticks: its owner cannot take from it.
 * It waits in a sync, having run other work meanwhile, above the jobs it queued; where nobody
 * steals (a balancer that only pushes, or one that has stopped), those jobs would wait for ever
 * unless one is pushed.
 */
final class StillQueue {

    static final int TICKS = 10;

    private long lastLength = -1;
    private int stillTicks;

    /** Called every tick with the queue's length: whether it has now stood still long enough. */
    boolean stuck(long length) {
        stillTicks = length > 0 && length == lastLength ? stillTicks + 1 : 0;
        lastLength = length;
        return stillTicks >= TICKS;
    }

    /** A job left it: it counts as moving again. */
    void moved() {
        stillTicks = 0;
    }
}
