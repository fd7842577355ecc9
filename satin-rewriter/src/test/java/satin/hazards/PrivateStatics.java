package satin.hazards;

import static satin.Satin.sync;

import java.util.function.IntToLongFunction;
import satin.Spawnable;

/**
 * Private static methods reached from generated records, which are other classes: a private
 * static spawnable method, a private static method that syncs, and a lambda whose body syncs
 * (javac makes it a private static method).
 */
public class PrivateStatics {

    @Spawnable
    private static long count(int n) {
        if (n < 2) {
            return 1;
        }
        long a = count(n - 1);
        long b = count(n - 2);
        sync();
        return a + b;
    }

    @Spawnable
    public static long leaf(int n) {
        return n * 3L;
    }

    private static long syncsPrivately(int n) {
        long a = leaf(n);
        long b = leaf(n + 1);
        sync();
        return a + b;
    }

    public static long casePrivateStaticSpawnable() {
        return count(20);
    }

    public static long casePrivateStaticThatSyncs() {
        return syncsPrivately(7);
    }

    public static long caseLambdaThatSyncs() {
        IntToLongFunction f = n -> {
            long a = leaf(n);
            long b = leaf(2 * n);
            sync();
            return a + b;
        };
        return f.applyAsLong(5) + f.applyAsLong(6);
    }
}
