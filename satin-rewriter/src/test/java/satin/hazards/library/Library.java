package satin.hazards.library;

import satin.SatinObject;
import satin.Spawnable;

/** A base class of another package, as a library gives one: its spawnable methods are protected. */
public abstract class Library extends SatinObject {

    @Spawnable
    protected long work(int n) {
        if (n < 2) {
            return n;
        }
        long a = work(n - 1);
        long b = work(n - 2);
        sync();
        return a + b;
    }

    @Spawnable
    protected static long leaf(int n) {
        return 3L * n;
    }
}
