package satin.diagnostics;

import satin.SatinObject;
import satin.Spawnable;

/** Programs that cannot be given Satin's semantics, one mistake per method. The rewriter must refuse each. */
public class Wrong extends SatinObject {

    private long total;
    private static long shared;

    @Spawnable
    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        return fib(n - 1) + fib(n - 2); // line 17: results used in an expression
    }

    @Spawnable
    public long readEarly(int n) {
        long x = fib(n);
        long y = x + 1; // line 23: read before the sync
        sync();
        return y;
    }

    @Spawnable
    public long writeEarly(int n) {
        long x = fib(n);
        x = 3; // line 31: assigned before the sync
        sync();
        return x;
    }

    @Spawnable
    public long loopIntoLocal(int n) {
        long x = 0;
        for (int i = 0; i < n; i++) {
            x = fib(i); // line 40
        }
        sync();
        return x;
    }

    @Spawnable
    public long loopIntoField(int n) {
        for (int i = 0; i < n; i++) {
            total = fib(i); // line 49
        }
        sync();
        return total;
    }

    @Spawnable
    public long conditional(int n, boolean left) {
        long x = left ? fib(n) : fib(n + 1); // line 57
        sync();
        return x;
    }

    @Spawnable
    public long argument(int n) {
        long x = Math.abs(fib(n)); // line 64
        sync();
        return x;
    }

    @Spawnable
    public long twiceIntoOneLocal(int n) {
        long x = fib(n);
        x = fib(n + 1); // line 72
        sync();
        return x;
    }

    @Spawnable
    public long twiceIntoOneStaticField(int n) {
        shared = fib(n);
        shared = fib(n + 1); // line 80
        sync();
        return shared;
    }

    @Spawnable
    public synchronized long locked(int n) {
        long x = fib(n); // line 87
        sync();
        return x;
    }

    public Wrong() {
    }

    @Spawnable
    public long lockedBlock(int n) {
        synchronized (this) {
            long x = fib(n); // line 98
            sync();
            return x;
        }
    }

    public Wrong(int n) {
        total = fib(n); // line 105: spawning in a constructor
        sync();
    }

    /** Spawning from an interface's default method. */
    public interface Defaulted {
        @Spawnable
        default long twice(int n) {
            long a = half(n); // line 113
            satin.Satin.sync();
            return a * 2;
        }

        @Spawnable
        long half(int n);
    }
}
