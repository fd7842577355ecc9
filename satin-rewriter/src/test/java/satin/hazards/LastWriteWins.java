package satin.hazards;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import satin.SatinObject;
import satin.corpus.ByReference;
import satin.Spawnable;

/**
 * Two spawns into one place before a sync: the sequential program keeps the last result, so the
 * rewritten one must deliver in program order, also when the older spawn was stolen and its result
 * arrives after the newer one ran here.
 */
@ByReference("the spawns wait on a CountDownLatch of their receiver, to be stolen")
public class LastWriteWins extends SatinObject {

    private final CountDownLatch oldestStarted = new CountDownLatch(1);
    private long field;
    private static long shared;

    @Spawnable
    public long g(int i) throws InterruptedException {
        if (i == 1) {
            oldestStarted.countDown();
        } else {
            oldestStarted.await(300, TimeUnit.MILLISECONDS);
        }
        return i * 7L;
    }

    public String caseOneArrayElementTwice() throws InterruptedException {
        long[] a = new long[1];
        a[0] = g(1);
        a[0] = g(2);
        sync();
        return Arrays.toString(a);
    }

    public long caseOneFieldTwice() throws InterruptedException {
        field = g(1);
        field = g(2);
        sync();
        return field;
    }

    public static long caseOneStaticFieldTwice() throws InterruptedException {
        LastWriteWins o = new LastWriteWins();
        shared = o.g(1);
        shared = o.g(2);
        o.sync();
        return shared;
    }

    public String caseLoopIntoFewerSlots() throws InterruptedException {
        long[] slot = new long[3];
        for (int i = 1; i <= 8; i++) {
            slot[i % 3] = g(i);
        }
        sync();
        return Arrays.toString(slot);
    }

    public String caseGenericSyncIntoOneElement() throws InterruptedException {
        long[] a = new long[2];
        for (int round = 0; round < 2; round++) {
            if (round == 1) {
                a[1] = g(1);
            }
            a[0] = g(1);
            a[1] = g(3);
            a[0] = g(4);
            sync();
        }
        return Arrays.toString(a);
    }
}
