package satin.apps.replay;

import satin.SatinObject;
import satin.Spawnable;

/**
 * A program that only spawns: recorded, its calls' own times are what the recording mode itself
 * costs a call (the copies and the sync of by-value mode), which {@link RecordTree} then takes
 * off the application's calls.
 */
public class Calibration extends SatinObject {

    /** The number of calls below and including this one, a binary tree of {@code depth} levels. */
    @Spawnable
    public long calls(int depth) {
        if (depth == 0) {
            return 1;
        }
        long left = calls(depth - 1);
        long right = calls(depth - 1);
        sync();
        return left + right + 1;
    }
}
