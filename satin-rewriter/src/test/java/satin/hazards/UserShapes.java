package satin.hazards;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import satin.SatinObject;
import satin.Spawnable;
import satin.corpus.ByReference;

/**
 * Programs as a new user writes them, in shapes the other hazards lack: results of byte, short,
 * char, float, double, boolean, array, boxed and generic types; varargs and overloaded spawnable
 * methods; mutual recursion; arguments and array indices with side effects; spawns in a switch
 * with fall-through, a while (true) with break and a catch block; checked exceptions and an
 * AssertionError of spawns caught around the sync; two syncs in one method; a sync in a loop after
 * a spawn loop; synchronized blocks elsewhere in a spawning method; a private spawnable method on
 * another object of the class.
 */
public class UserShapes extends SatinObject {

    private int secret = 3;

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
    private long privateFib(int n) {
        if (n < 2) {
            return n + secret;
        }
        long x = privateFib(n - 1);
        long y = privateFib(n - 2);
        sync();
        return x + y;
    }

    @Spawnable
    public int[] squares(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i * i;
        }
        return r;
    }

    @Spawnable
    public Integer boxed(int n) {
        return n * 7;
    }

    @Spawnable
    public Long boxedLong(int n) {
        return n * 11L;
    }

    @Spawnable
    public Integer nullBoxed(int n) {
        return null;
    }

    @Spawnable
    public <T> T same(T t) {
        return t;
    }

    @Spawnable
    public long sum(int... xs) {
        long s = 0;
        for (int x : xs) {
            s += x;
        }
        return s;
    }

    @Spawnable
    public String over(int x) {
        return "int" + x;
    }

    @Spawnable
    public String over(long x) {
        return "long" + x;
    }

    @Spawnable
    public String over(double x) {
        return "double" + x;
    }

    @Spawnable
    public String over(Object x) {
        return "object" + x;
    }

    @Spawnable
    public String over(String x) {
        return "string" + x;
    }

    @Spawnable
    public boolean even(int n) {
        if (n == 0) {
            return true;
        }
        boolean r = odd(n - 1);
        sync();
        return r;
    }

    @Spawnable
    public boolean odd(int n) {
        if (n == 0) {
            return false;
        }
        boolean r = even(n - 1);
        sync();
        return r;
    }

    @Spawnable
    public long checked(int n) throws IOException {
        if (n < 0) {
            throw new IOException("negative " + n);
        }
        return n * 2L;
    }

    @Spawnable
    public void append(List<String> to, String s) {
        to.add(s);
    }

    @Spawnable
    public long asserting(int n) {
        if (n == 13) {
            throw new AssertionError("thirteen");
        }
        return n;
    }

    public String caseReturnsArrayAndBoxed() {
        int[] a = squares(5);
        Integer b = boxed(3);
        long c = boxedLong(4);
        int d = boxed(5);
        Integer e = nullBoxed(1);
        String f = same("gen");
        sync();
        return Arrays.toString(a) + b + c + d + e + f;
    }

    public String caseUnboxNull() {
        int d = -1;
        try {
            d = nullBoxed(5);
            sync();
        } catch (RuntimeException ex) {
            Throwable c = ex instanceof satin.SpawnException ? ex.getCause() : ex;
            return "npe " + d + " " + c.getClass().getSimpleName();
        }
        return "no " + d;
    }

    public String caseVarargs() {
        long a = sum(1, 2, 3);
        long b = sum();
        long c = sum(new int[] {4, 5});
        sync();
        return a + " " + b + " " + c;
    }

    public String caseOverloads() {
        String a = over(1);
        String b = over(2L);
        String c = over(3.5);
        String d = over((Object) "o");
        String e = over("s");
        sync();
        return a + b + c + d + e;
    }

    public String caseMutual() {
        boolean a = even(10);
        boolean b = odd(7);
        boolean c = even(7);
        sync();
        return a + " " + b + " " + c;
    }

    public String caseArgumentSideEffects() {
        int i = 3;
        long a = fib(i++);
        long b = fib(i++);
        long c = fib(++i);
        sync();
        return a + " " + b + " " + c + " i=" + i;
    }

    public String caseIndexSideEffects() {
        long[] r = new long[6];
        double[] d = new double[4];
        int k = 0;
        r[k++] = fib(10);
        r[k++] = fib(11);
        r[k += 2] = fib(12);
        d[k - 3] = fib(9);
        sync();
        return Arrays.toString(r) + Arrays.toString(d) + k;
    }

    public String caseSwitchFallThrough() {
        StringBuilder out = new StringBuilder();
        for (int s = 0; s < 4; s++) {
            long a = 0;
            long b = 0;
            switch (s) {
                case 0:
                    a = fib(5);
                case 1:
                    b = fib(6);
                    break;
                case 2:
                    a = fib(7);
                default:
                    b = fib(3);
            }
            sync();
            out.append(a).append('/').append(b).append(' ');
        }
        return out.toString();
    }

    public String caseWhileTrueBreak() {
        long[] r = new long[10];
        int i = 0;
        while (true) {
            if (i == 7) {
                break;
            }
            r[i] = fib(i + 5);
            i++;
        }
        sync();
        return Arrays.toString(r);
    }

    public String caseSpawnInCatch() {
        long a = -1;
        long b = -1;
        try {
            Integer.parseInt("x");
        } catch (NumberFormatException e) {
            a = fib(12);
            b = fib(13);
            sync();
        }
        return a + " " + b;
    }

    public String caseCheckedCaughtAroundSync() {
        long a = -1;
        long b = -1;
        try {
            a = checked(5);
            b = checked(-1);
            sync();
        } catch (IOException e) {
            return "io " + a + " " + b + " " + e.getMessage();
        } catch (satin.SpawnException e) {
            return "io " + a + " " + b + " " + e.getCause().getMessage();
        }
        return "none " + a + b;
    }

    public String caseAssertionError() {
        long a = -1;
        long b = -1;
        try {
            a = asserting(4);
            b = asserting(13);
            sync();
        } catch (AssertionError e) {
            return "assert " + a + " " + b + " " + e.getMessage();
        } catch (satin.SpawnException e) {
            return "assert " + a + " " + b + " " + e.getCause().getMessage();
        }
        return "none";
    }

    @ByReference("the spawns append to the list they are passed")
    public String caseDiscardedSideEffects() {
        List<String> shared = new ArrayList<>();
        append(shared, "a");
        fib(3);
        append(shared, "b");
        sync();
        java.util.Collections.sort(shared);
        return shared.toString();
    }

    public String caseTwoSyncs() {
        long a = fib(10);
        long b = fib(11);
        sync();
        long c = fib((int) (a % 7) + 5);
        long d = fib((int) (b % 5) + 5);
        sync();
        return a + " " + b + " " + c + " " + d;
    }

    public String caseSyncInLoopAfterSpawnLoop() {
        long[] r = new long[8];
        for (int i = 0; i < r.length; i++) {
            r[i] = fib(i + 4);
        }
        long acc = 0;
        for (int i = 0; i < 3; i++) {
            sync();
            acc += r[i];
            long t = fib(i + 2);
            sync();
            acc += t;
        }
        return acc + Arrays.toString(r);
    }

    private final Object lock = new Object();
    private long guarded;

    public String caseSynchronizedElsewhere() {
        synchronized (lock) {
            guarded = 5;
        }
        long a = fib(14);
        long b = fib(15);
        sync();
        synchronized (lock) {
            guarded += a + b;
        }
        return "g=" + guarded;
    }

    public String casePrivateOnOtherReceiver() {
        UserShapes other = new UserShapes();
        other.secret = 100;
        long a = other.privateFib(6);
        long b = privateFib(6);
        sync();
        return a + " " + b;
    }
}
