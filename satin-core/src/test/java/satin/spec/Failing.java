package satin.spec;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import satin.SatinObject;
import satin.Spawnable;

/**
 * Spawned calls that fail. {@code pair} spawns two calls of {@code check}, which throws for a
 * negative argument; {@code stolenPair} makes sure its first call is stolen: the second call,
 * which its worker runs first, waits until the first has run on another worker.
 */
public class Failing extends SatinObject {

    public long pair(int a, int b) {
        long x = check(a);
        long y = check(b);
        sync();
        return x + y;
    }

    @Spawnable
    public long check(int v) {
        return verified(v);
    }

    /** Not spawnable: a plain helper that spawnable methods call. */
    static long verified(int v) {
        if (v < 0) {
            throw new IllegalArgumentException("negative: " + v);
        }
        return v;
    }

    /** Needs two workers: the older spawn must be stolen for the newer to finish. */
    public long stolenPair(int a) throws InterruptedException {
        CountDownLatch firstRan = new CountDownLatch(1);
        long x = signal(a, firstRan);
        long y = await(firstRan);
        sync();
        return x + y;
    }

    @Spawnable
    public long signal(int v, CountDownLatch ran) {
        ran.countDown();
        return verified(v);
    }

    @Spawnable
    public long await(CountDownLatch ran) throws InterruptedException {
        if (!ran.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the older spawn was never stolen");
        }
        return 100;
    }
}
