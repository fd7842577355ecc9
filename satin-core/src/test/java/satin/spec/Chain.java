package satin.spec;

import satin.SatinObject;
import satin.Spawnable;

/** A spawn tree that is a chain: each call spawns one child and syncs. Depth is the result. */
public class Chain extends SatinObject {

    @Spawnable
    public int depth(int n) {
        if (n == 0) {
            return 0;
        }
        int below = depth(n - 1);
        sync();
        return below + 1;
    }
}
