package satin.corpus;

import satin.SatinObject;
import satin.SpawnException;
import satin.Spawnable;

/** Spawns and syncs in every control-flow shape: branches, loops, exceptions, several syncs. */
public class Flow extends SatinObject {

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
    public long check(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative " + n);
        }
        return n * 2L;
    }

    /** Different spawns on the two branches: the sync sees one or the other. */
    public long caseBranches() {
        long sum = 0;
        for (int i = 0; i < 6; i++) {
            long a;
            long b = 0;
            if (i % 2 == 0) {
                a = fib(10 + i);
            } else {
                a = fib(5 + i);
                b = fib(3 + i);
            }
            sync();
            sum = sum * 31 + a + b;
        }
        return sum;
    }

    /** A spawn only some calls make, before a spawn every call makes. */
    public String caseConditionalSpawn() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            long a = -1;
            if (i > 2) {
                a = fib(i + 10);
            }
            long b = fib(i + 5);
            sync();
            out.append(a).append('/').append(b).append(' ');
        }
        return out.toString();
    }

    /** A spawn and a sync in every turn of a loop: the local is safe, as each turn syncs. */
    public long caseSyncInLoop() {
        long acc = 0;
        for (int i = 0; i < 12; i++) {
            long x = fib(i);
            long y = fib(i + 1);
            sync();
            acc += x * y;
        }
        return acc;
    }

    /** Two syncs in one method; the second waits only for what followed the first. */
    public String caseTwoSyncs() {
        long a = fib(12);
        sync();
        long b = fib((int) (a % 7) + 10);
        long c = fib(11);
        sync();
        return a + " " + b + " " + c;
    }

    /** No explicit sync: the method syncs before it returns. */
    @Spawnable
    public void fillSquares(long[] into, int from, int to) {
        if (to - from == 1) {
            into[from] = (long) from * from;
            return;
        }
        int mid = (from + to) / 2;
        fillSquares(into, from, mid);
        fillSquares(into, mid, to);
    }

    @ByReference("the spawns write into the array they are passed")
    public String caseImplicitSyncAtReturn() {
        long[] v = new long[25];
        fillSquares(v, 0, v.length);
        sync();
        return java.util.Arrays.toString(v);
    }

    /** The failure of a spawn is caught around the sync. */
    public String caseCatchAtSync() {
        long x = 0;
        try {
            x = check(5);
            long y = check(-3);
            sync();
            return "no failure " + x + y;
        } catch (SpawnException e) {
            return "caught " + e.getCause().getMessage();
        } catch (IllegalArgumentException e) {
            return "caught " + e.getMessage(); // the sequential program throws the original
        }
    }

    /** Spawns inside try, sync inside finally. */
    public String caseTryFinally() {
        StringBuilder log = new StringBuilder();
        long a = 0;
        long b = 0;
        try {
            log.append("try ");
            a = fib(15);
            b = fib(14);
        } finally {
            sync();
            log.append("finally ");
        }
        return log.append(a + b).toString();
    }

    /** A spawn inside a catch block, and one after the try. */
    public String caseSpawnInCatch() {
        long a;
        int three = 3;
        try {
            if (three == 3) {
                throw new IllegalStateException("three");
            }
            a = 0;
        } catch (IllegalStateException e) {
            a = fib(16);
        }
        long b = fib(9);
        sync();
        return a + "+" + b;
    }

    /** A loop whose spawn count depends on the data, into an array, then a reduction. */
    public long caseDataDependentLoop() {
        long[] parts = new long[20];
        int n = 0;
        for (int i = 1; i < 100 && n < parts.length; i *= 2) {
            parts[n++] = fib(i % 20);
        }
        sync();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += parts[i];
        }
        return sum;
    }

    /** A switch decides which spawns happen. */
    public long caseSwitch() {
        long acc = 0;
        for (int i = 0; i < 8; i++) {
            long a = 0;
            long b = 0;
            switch (i % 3) {
                case 0 -> a = fib(i + 4);
                case 1 -> {
                    a = fib(i);
                    b = fib(i + 1);
                }
                default -> b = fib(i + 2);
            }
            sync();
            acc = acc * 7 + a - b;
        }
        return acc;
    }
}
