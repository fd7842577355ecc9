package satin.hazards;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import satin.SatinObject;
import satin.corpus.ByReference;
import satin.Spawnable;

/**
 * The spawn right before its sync runs in place, without going through the deque (decision 0013).
 * It must still behave as a spawn of that sync: its failure is kept until the older spawns are
 * done, the earliest failure in program order is thrown, results are delivered in program order,
 * and it must not run in place when anything lies between it and the sync.
 *
 * <p>Below 100, the newer spawns wait (a little, at most) for f(1) to start elsewhere, so that on
 * two workers the oldest is stolen while the newest runs in place.
 */
@ByReference("the spawns wait on a CountDownLatch of their receiver, to be stolen")
public class InPlace extends SatinObject {

    private final CountDownLatch oldestStarted = new CountDownLatch(1);
    private long field = -1;
    private int counter;

    /** Why a sync failed: the cause a SpawnException wraps, or the exception itself. */
    private static String why(RuntimeException e) {
        return (e instanceof satin.SpawnException ? e.getCause() : e).getMessage();
    }

    @Spawnable
    public long f(int i) throws InterruptedException {
        if (i == 1) {
            oldestStarted.countDown();
        } else if (i < 100) {
            oldestStarted.await(300, TimeUnit.MILLISECONDS);
        }
        if (i % 10 == 0) {
            throw new IllegalStateException("f(" + i + ") failed");
        }
        return i * 100L;
    }

    @Spawnable
    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    /** A void spawn that writes where its caller reads after the sync. */
    @Spawnable
    public void fill(long[] into, int i) throws InterruptedException {
        into[i] = f(i + 1);
        sync();
    }

    public long caseFib() {
        return fib(18);
    }

    /** The spawn run in place fails while the older one was stolen: the older one still delivers. */
    public String caseInPlaceFailsOlderDelivers() throws InterruptedException {
        long a = -1;
        long b = -1;
        try {
            a = f(1);
            b = f(10);
            sync();
        } catch (RuntimeException e) {
            return "a=" + a + " b=" + b + " " + why(e);
        }
        return "no failure";
    }

    /** The older one fails too: its failure is the one thrown (the later one suppressed in it), and nothing is delivered. */
    public String caseBothFailTheOlderIsThrown() throws InterruptedException {
        long a = -1;
        long b = -1;
        try {
            a = f(20);
            b = f(30);
            sync();
        } catch (RuntimeException e) {
            return "a=" + a + " b=" + b + " " + why(e);
        }
        return "no failure";
    }

    /** A single spawn and its sync, over and over: every one runs in place. */
    public long caseOneSpawnPerSyncInALoop() throws InterruptedException {
        long total = 0;
        for (int i = 101; i < 109; i++) {
            long x = f(i);
            sync();
            total += x;
        }
        return total;
    }

    /** A single spawn that fails: the sync throws it, wrapped like any spawn's failure. */
    public String caseSingleSpawnFails() throws InterruptedException {
        long x = -1;
        try {
            x = f(40);
            sync();
        } catch (RuntimeException e) {
            return "x=" + x + " " + why(e);
        }
        return "no failure";
    }

    /** Targets other than locals: a field and an array element, the last written by both spawns. */
    public String caseFieldAndElementTargets() throws InterruptedException {
        long[] out = {-1, -1};
        out[1] = f(1);
        field = f(2);
        out[1] = f(3);
        sync();
        return Arrays.toString(out) + " field=" + field;
    }

    /** Void spawns whose effects the caller reads after the sync. */
    public String caseVoidSpawns() throws InterruptedException {
        long[] into = new long[3];
        fill(into, 0);
        fill(into, 1);
        fill(into, 2);
        sync();
        return Arrays.toString(into);
    }

    /** Code between the last spawn and the sync: the spawn must be pushed, and the code run first. */
    public String caseCodeBeforeTheSync() throws InterruptedException {
        long a = f(1);
        long b = f(2);
        counter++;
        sync();
        return a + " " + b + " " + counter;
    }

    /** A result dropped, and a result converted before its store. */
    public String caseDroppedAndConverted() throws InterruptedException {
        long a = f(1);
        f(3);
        sync();
        Object boxed = f(4);
        sync();
        int narrowed = (int) f(5);
        sync();
        return a + " " + boxed + " " + narrowed;
    }

    /** The static form of sync, with the receiver of the spawn not {@code this}. */
    public static long caseStaticSyncOtherReceiver() throws InterruptedException {
        InPlace other = new InPlace();
        long a = other.f(1);
        long b = other.f(2);
        satin.Satin.sync();
        return a + b;
    }
}
