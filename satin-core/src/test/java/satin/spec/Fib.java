package satin.spec;

import satin.SatinObject;
import satin.Spawnable;

/** Fibonacci spawning every call: the finest grain there is, so the worst case for overhead. */
public class Fib extends SatinObject {

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
}
