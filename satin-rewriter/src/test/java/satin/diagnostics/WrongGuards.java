package satin.diagnostics;

import satin.SatinObject;
import satin.Spawnable;

/** Guards the rewriter refuses, each with its reason. */
public class WrongGuards extends SatinObject {

    @Spawnable
    public int work(int n) {
        return n;
    }

    public int guard_work(int n) {
        return n;
    }

    public boolean guard_nothing(int n) {
        return n > 0;
    }

    public boolean guard_work(long n) {
        return n > 0;
    }

    @Spawnable
    public int other(int n) {
        return n;
    }

    public static boolean guard_other(int n) {
        return n > 0;
    }
}
