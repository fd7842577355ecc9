package satin.bench;

import java.util.concurrent.CountDownLatch;
import satin.SatinObject;
import satin.Spawnable;

/**
 * A victim that keeps jobs ready for thieves: {@link #offer} spawns many tiny jobs and then one
 * that holds the worker until the benchmark is done. At the sync the worker takes the newest
 * job, the holder, from the head of its deque and waits in it, so that every tiny job stays at the
 * tail for thieves on other nodes, each a whole steal: request, job, run there, result back.
 */
public class StealTarget extends SatinObject {

    /** Released when the benchmark has stolen what it wanted; static, so that no job carries it. */
    static volatile CountDownLatch release = new CountDownLatch(1);

    @Spawnable
    public long leaf(long x) {
        return x + 1;
    }

    @Spawnable
    public long hold() {
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    public long offer(int jobs) {
        return spawnAndHold(jobs);
    }

    @Spawnable
    public long spawnAndHold(int jobs) {
        long[] results = new long[jobs];
        for (int i = 0; i < jobs; i++) {
            results[i] = leaf(i);
        }
        long held = hold();
        sync();
        long sum = held;
        for (long r : results) {
            sum += r;
        }
        return sum;
    }
}
