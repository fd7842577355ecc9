package satin.pool;

/** A member crashed as a process does, for the applications' tests ({@link Faults#crash}). */
public final class Crash {

    private Crash() {
    }

    public static void crash(PoolNode p) {
        Faults.crash(p);
    }
}
