package satin.hazards;

import satin.SatinObject;
import satin.corpus.ByReference;
import satin.Spawnable;

/** Loops of every kind around spawns: for, while, do-while, nested, with break and continue. */
public class Loops extends SatinObject {

    @Spawnable
    public long work(int i) {
        long h = i;
        for (int k = 0; k < 50; k++) {
            h = h * 6364136223846793005L + 1442695040888963407L;
        }
        return h >>> 40;
    }

    public String caseFor() {
        long[] r = new long[15];
        for (int i = 0; i < r.length; i++) {
            r[i] = work(i);
        }
        sync();
        return java.util.Arrays.toString(r);
    }

    public String caseWhileAndDoWhile() {
        long[] a = new long[6];
        int i = 0;
        while (i < a.length) {
            a[i] = work(i * 7);
            i++;
        }
        long[] b = new long[4];
        int j = 0;
        do {
            b[j] = work(j + 100);
            j++;
        } while (j < b.length);
        sync();
        return java.util.Arrays.toString(a) + java.util.Arrays.toString(b);
    }

    public String caseNested() {
        long[][] r = new long[5][];
        for (int i = 0; i < 5; i++) {
            r[i] = new long[i + 1];
            for (int j = 0; j <= i; j++) {
                r[i][j] = work(i * 10 + j);
            }
        }
        sync();
        return java.util.Arrays.deepToString(r);
    }

    public String caseBreakAndContinue() {
        long[] r = new long[20];
        for (int i = 0; i < r.length; i++) {
            if (i % 3 == 0) {
                continue;
            }
            if (i > 15) {
                break;
            }
            r[i] = work(i);
        }
        sync();
        return java.util.Arrays.toString(r);
    }

    /** Each turn syncs, so a local target is safe: the fast form inside the loop. */
    public long caseSyncEveryTurn() {
        long acc = 0;
        int i = 0;
        while (acc < 1_000_000_000L && i < 40) {
            long a = work(i);
            long b = work(i + 1);
            sync();
            acc += (a ^ b) & 0xFFFF;
            i++;
        }
        return acc * 100 + i;
    }

    /** A loop of void spawns, then a loop that spawns discarded results. */
    @ByReference("the spawns write into the array they are passed")
    public long caseVoidAndDiscarded() {
        long[] sink = new long[8];
        for (int i = 0; i < 8; i++) {
            fill(sink, i);
        }
        for (int i = 0; i < 8; i++) {
            work(i);
        }
        sync();
        long s = 0;
        for (long v : sink) {
            s = s * 31 + v;
        }
        return s;
    }

    @Spawnable
    public void fill(long[] into, int i) {
        long w = work(i + 1000);
        sync();
        into[i] = w ^ i;
    }
}
