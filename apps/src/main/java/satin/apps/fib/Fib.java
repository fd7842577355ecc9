package satin.apps.fib;

import satin.SatinObject;
import satin.Spawnable;

/**
 * Fibonacci, spawning every call: the finest grain there is, so the worst case for the cost of a
 * spawn. Without rewriting this class is the sequential program; the build rewrites it.
 */
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

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        System.out.println("fib(" + n + ") = " + new Fib().fib(n));
    }
}
