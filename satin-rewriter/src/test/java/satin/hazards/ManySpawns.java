package satin.hazards;

import java.util.Arrays;
import satin.SatinObject;
import satin.SpawnException;
import satin.Spawnable;

/**
 * More spawns before one sync than the unrolled sync takes (eight): the sync is the generic one,
 * with every kind of target, failures among the spawns, a handler around them, and the targets
 * read in the handler.
 */
public class ManySpawns extends SatinObject {

    private long field = -1;
    private static double staticField = -1;

    @Spawnable
    public long f(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("f(" + n + ")");
        }
        return n * 10L;
    }

    @Spawnable
    public double d(int n) {
        return n / 4.0;
    }

    @Spawnable
    public String s(int n) {
        if (n < 0) {
            throw new IllegalStateException("s(" + n + ")");
        }
        return "s" + n;
    }

    private static String why(RuntimeException e) {
        return (e instanceof SpawnException ? e.getCause() : e).getMessage();
    }

    public String caseTenIntoLocals() {
        long a = f(1);
        long b = f(2);
        double c = d(3);
        String e = s(4);
        long g = f(5);
        int h = (int) f(6);
        long i = f(7);
        double j = d(8);
        String k = s(9);
        long l = f(10);
        sync();
        return a + " " + b + " " + c + " " + e + " " + g + " " + h + " " + i + " " + j + " " + k + " " + l;
    }

    public String caseTenWithAFailureAndEveryTarget() {
        long a = -1;
        long b = -1;
        String c = "old";
        long[] r = {-1, -1, -1};
        double x = -1;
        String k = "old";
        try {
            a = f(1);
            field = f(2);
            r[0] = f(3);
            staticField = d(4);
            b = f(5);
            r[1] = f(-6);
            c = s(7);
            x = d(8);
            r[2] = f(9);
            k = s(-10);
            sync();
        } catch (RuntimeException e) {
            String out = a + " " + field + " " + Arrays.toString(r) + " " + staticField + " " + b + " " + c + " " + x
                    + " " + k + " " + why(e);
            staticField = -1;
            return out;
        }
        return "none";
    }

    public String caseNineThenLoopThenFailure() {
        long[] r = new long[12];
        long a = -1;
        try {
            for (int i = 0; i < 4; i++) {
                r[i] = f(i);
            }
            a = f(20);
            r[4] = f(21);
            r[5] = f(22);
            r[6] = f(23);
            r[7] = f(24);
            r[8] = f(25);
            r[9] = f(-26);
            r[10] = f(27);
            sync();
        } catch (RuntimeException e) {
            return Arrays.toString(r) + " a=" + a + " " + why(e);
        }
        return "none";
    }
}
