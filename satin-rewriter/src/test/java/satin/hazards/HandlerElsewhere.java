package satin.hazards;

import java.util.concurrent.locks.ReentrantLock;
import satin.SatinObject;
import satin.corpus.ByReference;
import satin.Spawnable;

/**
 * Targets declared at their spawn ({@code long x = f(n);}) in methods that have an exception
 * handler somewhere else: before the spawns, after the sync, or around both. A handler anywhere
 * in a method sends every result through a result local delivered at the sync, and the delivery
 * must leave each target set on every path where the method goes on, or the class fails
 * verification as it loads.
 */
@ByReference("the spawns take a ReentrantLock of their receiver")
public class HandlerElsewhere extends SatinObject {

    private final ReentrantLock lock = new ReentrantLock();
    private long counted;

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

    @Spawnable
    public int square(int i) {
        if (i == 13) {
            throw new IllegalArgumentException("unlucky " + i);
        }
        return i * i;
    }

    @Spawnable
    public double half(double d) {
        return d / 2;
    }

    @Spawnable
    public String name(int i) {
        return "n" + i;
    }

    /** A try/finally before the spawns: the pattern of counting under a lock. */
    @Spawnable
    public long lockedThenSpawned(int n) {
        lock.lock();
        try {
            counted++;
        } finally {
            lock.unlock();
        }
        if (n < 2) {
            return n;
        }
        long x = lockedThenSpawned(n - 1);
        long y = lockedThenSpawned(n - 2);
        sync();
        return x + y;
    }

    public long caseTryFinallyBeforeTheSpawns() {
        return lockedThenSpawned(16) * 1000 + (counted > 0 ? 1 : 0);
    }

    /** Every kind of local target, declared at its spawn, with a handler before the spawns. */
    public String caseEveryTypeAfterAHandler() {
        int parsed;
        try {
            parsed = Integer.parseInt("x7".substring(1));
        } catch (NumberFormatException e) {
            parsed = -1;
        }
        long a = fib(parsed + 5);
        int b = square(parsed);
        double c = half(parsed);
        String d = name(parsed);
        sync();
        return a + " " + b + " " + c + " " + d;
    }

    /** The handler after the sync. */
    public String caseHandlerAfterTheSync() {
        long a = fib(12);
        int b = square(4);
        sync();
        String out = a + " " + b;
        try {
            out += " " + Integer.parseInt("oops");
        } catch (NumberFormatException e) {
            out += " caught";
        }
        return out;
    }

    /** Targets declared inside the try that holds the spawns and the sync. */
    public String caseTargetsDeclaredInsideTheTry() {
        try {
            long a = fib(10);
            String d = name(3);
            sync();
            return a + d;
        } catch (RuntimeException e) {
            return "failed " + e;
        }
    }

    /** A spawn fails: the sync throws, and the method's handler sees the spawn before it delivered. */
    public String caseAFailureWithTargetsDeclaredAtTheSpawn() {
        long before = -1;
        try {
            before = fib(9);
            int b = square(13);
            long after = fib(7);
            sync();
            return "no failure " + before + b + after;
        } catch (RuntimeException e) { // the sequential program's own exception, or a SpawnException caused by it
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return "caught " + cause.getMessage() + " with " + before;
        }
    }

    /** Two syncs, each with targets declared at their spawns, after a handler. */
    public String caseTwoSyncsAfterAHandler() {
        String prefix;
        try {
            prefix = String.valueOf(Integer.parseInt("12"));
        } catch (NumberFormatException e) {
            prefix = "?";
        }
        long a = fib(11);
        long b = fib(10);
        sync();
        int c = square((int) (a % 7));
        String d = name((int) b);
        sync();
        return prefix + " " + (a + b) + " " + c + " " + d;
    }

    /** A loop of spawns into an array beside a target declared at its spawn, after a handler. */
    public String caseArrayAndLocalAfterAHandler() {
        int n;
        try {
            n = Integer.parseInt("6");
        } catch (NumberFormatException e) {
            n = 0;
        }
        long[] fibs = new long[n];
        for (int i = 0; i < n; i++) {
            fibs[i] = fib(i + 10);
        }
        long last = fib(20);
        sync();
        return java.util.Arrays.toString(fibs) + " " + last;
    }
}
