package satin.spec;

import satin.SatinObject;
import satin.SpawnException;
import satin.runtime.Failures;
import satin.runtime.InvocationRecord;
import satin.runtime.RecordFactory;
import satin.runtime.Worker;

/**
 * What the rewriter makes of {@link Chain}: a single spawn right before its sync runs in place
 * (decision 0013), so nothing goes through the deque and nothing can be stolen. The record class
 * remains for a caller that spawns {@code depth}.
 */
public class ChainByHand extends SatinObject {

    static final RecordFactory DEPTH = slot -> new DepthRecord((ChainByHand) slot.receiver, (int) slot.j0);

    public int depth(int n) {
        if (n == 0) {
            return 0;
        }
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> depth(n));
        }

        int below$n = n - 1; // int below = depth(n - 1); runs in place: nothing is between it and the sync

        int below = 0; // sync()
        SpawnException failures = null;
        try {
            below = depth(below$n);
        } catch (Throwable t) {
            failures = Failures.add(failures, t);
        }
        if (failures != null) {
            throw failures;
        }
        return below + 1;
    }

    static final class DepthRecord extends InvocationRecord {
        private final ChainByHand receiver;
        private final int n;
        int result;

        DepthRecord(ChainByHand receiver, int n) {
            this.receiver = receiver;
            this.n = n;
        }

        @Override
        protected void invoke() {
            result = receiver.depth(n);
        }
    }
}
