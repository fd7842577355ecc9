package satin.hazards;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import satin.SatinObject;
import satin.corpus.ByReference;
import satin.Spawnable;

/**
 * Spawns of one sync of which some fail. The sequential program stores the results of the calls
 * before the first failing one and never reaches the rest; the rewritten program must leave the
 * targets exactly so, and throw the earliest failure, also when the older spawns were stolen.
 *
 * <p>The newest spawn waits (a little, at most) until the oldest has started elsewhere, so that on
 * two workers the oldest is stolen: then its result comes back as a record, after the sync has
 * already seen the failures of the spawns it ran itself.
 */
@ByReference("the spawns wait on a CountDownLatch of their receiver, to be stolen")
public class SiblingFailures extends SatinObject {

    private final CountDownLatch oldestStarted = new CountDownLatch(1);
    private long field = -1;
    private static long staticField = -1;

    /** The original failure: the sequential program throws it as it is, a sync wraps it in a SpawnException. */
    private static String why(RuntimeException e) {
        return (e instanceof satin.SpawnException ? e.getCause() : e).getMessage();
    }

    @Spawnable
    public long f(int i) throws InterruptedException {
        if (i == 1) {
            oldestStarted.countDown();
        } else if (i >= 3) {
            oldestStarted.await(300, TimeUnit.MILLISECONDS);
        }
        if (i % 10 == 0 || i == 13) {
            throw new IllegalStateException("f(" + i + ") failed");
        }
        return i * 100L;
    }

    @Spawnable
    public String name(int i) {
        if (i % 10 == 0) {
            throw new IllegalStateException("name(" + i + ") failed");
        }
        return "n" + i;
    }

    /** The newest spawn fails: the two before it are stored, the stolen oldest one too. */
    public String caseLastFails() throws InterruptedException {
        long a = 1;
        long b = 2;
        long c = 3;
        try {
            a = f(1);
            b = f(2);
            c = f(10);
            sync();
        } catch (RuntimeException e) {
            return "a=" + a + " b=" + b + " c=" + c + " " + why(e);
        }
        return "no failure";
    }

    /** The middle spawn fails: only the one before it is stored; the last keeps its old value. */
    public String caseMiddleFails() throws InterruptedException {
        long a = 1;
        long b = 2;
        long c = 3;
        try {
            a = f(1);
            b = f(20);
            c = f(3);
            sync();
        } catch (RuntimeException e) {
            return "a=" + a + " b=" + b + " c=" + c + " " + why(e);
        }
        return "no failure";
    }

    /** Two fail: the sync throws the earlier one's failure, as the sequential program throws it. */
    public String caseTwoFailTheEarlierIsThrown() throws InterruptedException {
        long a = 1;
        long b = 2;
        long c = 3;
        long d = 4;
        try {
            a = f(1);
            b = f(20);
            c = f(4);
            d = f(30);
            sync();
        } catch (RuntimeException e) {
            return "a=" + a + " b=" + b + " c=" + c + " d=" + d + " " + why(e)
;
        }
        return "no failure";
    }

    /** The oldest (stolen) fails: nothing is stored at all. */
    public String caseStolenOldestFails() throws InterruptedException {
        long a = 1;
        long b = 2;
        try {
            a = f(10);
            b = f(3);
            sync();
        } catch (RuntimeException e) {
            return "a=" + a + " b=" + b + " " + why(e);
        }
        return "no failure";
    }

    /** Fields, array elements and a reference local as targets. */
    public String caseOtherTargets() throws InterruptedException {
        long[] out = {-1, -1, -1};
        String s = "old";
        try {
            field = f(1);
            out[0] = f(2);
            staticField = f(4);
            out[1] = f(10);
            s = name(5);
            sync();
        } catch (RuntimeException e) {
            String r = "field=" + field + " out=" + out[0] + "," + out[1] + " static=" + staticField + " s=" + s
                    + " " + why(e);
            staticField = -1;
            return r;
        }
        return "no failure";
    }

    /** Not every path spawns the same sites, so the sync is the generic one. */
    public String caseGenericSync() throws InterruptedException {
        StringBuilder r = new StringBuilder();
        for (int round = 0; round < 2; round++) {
            long a = 1;
            long b = 2;
            String c = "old";
            long d = 4;
            try {
                if (round == 1) {
                    a = f(1);
                }
                b = f(2);
                c = name(20);
                d = f(3);
                sync();
            } catch (RuntimeException e) {
                r.append("a=").append(a).append(" b=").append(b).append(" c=").append(c).append(" d=").append(d)
                        .append(' ').append(why(e)).append(';');
            }
        }
        return r.toString();
    }

    /** Spawns in a loop into array elements: those before the failing one are stored. */
    public String caseLoopIntoArray() throws InterruptedException {
        long[] out = {-1, -1, -1, -1, -1, -1};
        try {
            for (int i = 0; i < out.length; i++) {
                out[i] = f(i == 0 ? 1 : i == 3 ? 13 : i + 1);
            }
            sync();
        } catch (RuntimeException e) {
            return java.util.Arrays.toString(out) + " " + why(e);
        }
        return "no failure";
    }

    /** A method left by its own exception: what its pending spawns stored in fields stays stored. */
    public String caseLeavingByAnException() throws InterruptedException {
        try {
            storeThenFail();
        } catch (IllegalArgumentException e) {
            return "field=" + field + " " + e.getMessage();
        }
        return "no failure";
    }

    private void storeThenFail() throws InterruptedException {
        field = f(1);
        long[] out = new long[1];
        out[0] = f(3);
        if (out.length == 1) {
            throw new IllegalArgumentException("own failure");
        }
        sync();
    }

    /** A method left by its own exception while a pending spawn failed: the spawn's failure came first. */
    public String caseLeavingWhileASpawnFailed() throws InterruptedException {
        try {
            failingSpawnThenFail();
        } catch (RuntimeException e) {
            return why(e);
        }
        return "no failure";
    }

    private void failingSpawnThenFail() throws InterruptedException {
        long x = f(10);
        if (field != 7) {
            throw new IllegalArgumentException("own failure");
        }
        sync();
    }
}
