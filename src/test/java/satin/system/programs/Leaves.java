package satin.system.programs;

import satin.SatinObject;
import satin.Spawnable;
import satin.Rewritten;

/** A tree count the rewriter accepts; it says whether it ran rewritten, and its result. */
public class Leaves extends SatinObject {

    @Spawnable
    public long count(int depth, int fanOut) {
        if (depth == 0) {
            return 1;
        }
        long[] below = new long[fanOut];
        for (int i = 0; i < fanOut; i++) {
            below[i] = count(depth - 1, fanOut);
        }
        sync();
        long sum = 0;
        for (long b : below) {
            sum += b;
        }
        return sum + 1;
    }

    public static void main(String[] args) {
        long nodes = new Leaves().count(Integer.parseInt(args[0]), Integer.parseInt(args[1]));
        System.out.println("nodes = " + nodes + ", rewritten = " + Leaves.class.isAnnotationPresent(Rewritten.class));
    }
}
