package satin.diagnostics;

import java.util.Arrays;
import satin.SatinObject;
import satin.Spawnable;

/** Field and array targets used before their sync, one way per method; and uses that are fine. */
public class EarlyReads extends SatinObject {

    private long total;
    private static long shared;
    private long other;

    @Spawnable
    public long fib(int n) {
        return n < 2 ? n : n;
    }

    private long helper() {
        return total + 1;
    }

    private long indirect() {
        return helper() * 2;
    }

    public long fieldReadDirectly(int n) {
        total = fib(n);
        long y = total; // READ_FIELD
        sync();
        return y;
    }

    public long fieldReadByAPrivateHelper(int n) {
        total = fib(n);
        long y = helper(); // HELPER
        sync();
        return y;
    }

    public long fieldReadTwoCallsDown(int n) {
        total = fib(n);
        long y = indirect(); // INDIRECT
        sync();
        return y;
    }

    public long fieldAssigned(int n) {
        total = fib(n);
        total = 5; // ASSIGNED
        sync();
        return total;
    }

    public long staticFieldRead(int n) {
        shared = fib(n);
        long y = shared; // STATIC
        sync();
        return y;
    }

    public long arrayReadThroughAnAlias(int n) {
        long[] r = new long[2];
        long[] alias = r;
        r[0] = fib(n);
        long y = alias[0]; // ALIAS
        sync();
        return y;
    }

    public long arrayReadInTheLoop(int n) {
        long[] r = new long[n];
        long y = 0;
        for (int i = 0; i < n; i++) {
            r[i] = fib(i);
            y += i > 0 ? r[i - 1] : 0; // LOOP
        }
        sync();
        return y;
    }

    public String arrayPassedToACall(int n) {
        long[] r = new long[2];
        r[0] = fib(n);
        String s = Arrays.toString(r); // PASSED
        sync();
        return s;
    }

    public long catchAroundTheSpawnOnly(int n) {
        long a;
        try {
            a = fib(n); // CATCH
        } catch (IllegalStateException e) {
            a = -1;
        }
        sync();
        return a;
    }

    // ---------------------------------------------------------------- fine

    public long anotherArrayIsRead(int n, long[] data) {
        long[] r = new long[n];
        for (int i = 0; i < n; i++) {
            r[i] = fib((int) data[i]);
        }
        sync();
        return r[0];
    }

    public long anotherFieldIsRead(int n) {
        total = fib(n);
        long y = other;
        sync();
        return total + y;
    }

    public long theSameFieldOfAnotherObject(int n, EarlyReads that) {
        total = fib(n);
        long y = that.total;
        sync();
        return total + y;
    }

    public long readAfterTheSync(int n) {
        long[] r = new long[1];
        r[0] = fib(n);
        total = fib(n + 1);
        sync();
        return r[0] + total + helper();
    }
}
