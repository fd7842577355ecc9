package satin.system.programs;

import satin.SatinObject;
import satin.Spawnable;

/** A program the rewriter must refuse: the results of two spawns are added before any sync. */
public class Refused extends SatinObject {

    @Spawnable
    public long count(int depth) {
        if (depth == 0) {
            return 1;
        }
        return count(depth - 1) + count(depth - 1); // line 14: a spawn's result inside an expression
    }

    public static void main(String[] args) {
        System.out.println("leaves = " + new Refused().count(Integer.parseInt(args[0])));
    }
}
