package satin.hazards;

import java.util.Arrays;
import satin.SatinObject;
import satin.SpawnException;
import satin.Spawnable;

/**
 * Failures a new user runs into, each as the sequential program meets it: a null receiver, an
 * index out of bounds or a null array or object as a spawn's target, a failing spawn in a loop
 * whose later stores also fail, a failure that crossed an inner sync; and receivers with side
 * effects, a static spawn through an instance, a spawn in a catch block that uses the exception.
 */
public class UserFailures extends SatinObject {

    public long v;
    private int calls;

    @Spawnable
    public long f(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("neg " + n);
        }
        return n * 3L;
    }

    private UserFailures next() {
        calls++;
        return this;
    }

    private static String why(Throwable t) {
        Throwable c = t instanceof SpawnException ? t.getCause() : t;
        return c.getClass().getSimpleName();
    }

    public String caseNullReceiver() {
        UserFailures none = null;
        long a = -1;
        long b = -1;
        try {
            a = f(1);
            b = none.f(2);
            sync();
        } catch (RuntimeException e) {
            return "a=" + a + " b=" + b + " " + why(e);
        }
        return "none";
    }

    public String caseIndexOutOfBounds() {
        long[] r = new long[2];
        long a = -1;
        try {
            a = f(1);
            r[5] = f(2);
            r[1] = f(3);
            sync();
        } catch (RuntimeException e) {
            return "a=" + a + Arrays.toString(r) + " " + why(e);
        }
        return "none" + Arrays.toString(r);
    }

    public String caseNullArrayAndObject() {
        long[] r = null;
        UserFailures h = null;
        long a = -1;
        StringBuilder out = new StringBuilder();
        try {
            a = f(1);
            r[0] = f(2);
            sync();
        } catch (RuntimeException e) {
            out.append("a=").append(a).append(' ').append(why(e)).append(';');
        }
        try {
            v = f(4);
            h.v = f(5);
            sync();
        } catch (RuntimeException e) {
            out.append("v=").append(v).append(' ').append(why(e));
        }
        return out.toString();
    }

    public String caseReceiverWithSideEffects() {
        long a = next().f(3);
        long b = next().f(4);
        sync();
        return a + " " + b + " calls=" + calls;
    }

    public String caseStaticThroughInstance() {
        UserFailures o = next();
        long a = o.sf(3);
        long b = next().sf(4);
        sync();
        return a + " " + b + " calls=" + calls;
    }

    @Spawnable
    public static long sf(int n) {
        return n * 5L;
    }

    public String caseFailureInArrayLoopThenStoreFails() {
        long[] r = new long[3];
        try {
            for (int i = 0; i < 5; i++) {
                r[i] = f(i);
            }
            sync();
        } catch (RuntimeException e) {
            return Arrays.toString(r) + " " + why(e);
        }
        return "none";
    }

    public String caseSpawnAfterCatchUsesException() {
        String msg;
        long a;
        try {
            throw new IllegalStateException("x");
        } catch (IllegalStateException e) {
            a = f(e.getMessage().length());
            msg = e.getMessage();
            sync();
        }
        return msg + a;
    }

    public String caseLongIndexSideEffectArrays() {
        long[] r = new long[4];
        int[] idx = {0};
        r[idx[0]++] = f(1);
        r[idx[0]++] = f(2);
        r[idx[0]] = f(3);
        sync();
        return Arrays.toString(r) + idx[0];
    }

    public String caseTwoSpawnsSameElementDifferentIndexExpr() {
        long[] r = new long[3];
        int i = 1;
        r[i] = f(1);
        r[2 - i] = f(2);
        r[i] = f(3);
        sync();
        return Arrays.toString(r);
    }

    public String caseNestedSyncFailures() {
        try {
            long a = outer(3);
            sync();
            return "none " + a;
        } catch (RuntimeException e) {
            return why(e) + " " + (e instanceof SpawnException ? e.getCause().getMessage() : e.getMessage());
        }
    }

    @Spawnable
    public long outer(int n) {
        long a = f(n);
        long b = f(-n);
        sync();
        return a + b;
    }
}
