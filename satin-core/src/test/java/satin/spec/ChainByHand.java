package satin.spec;

import satin.SatinObject;
import satin.SpawnException;
import satin.deque.WorkDeque;
import satin.runtime.Failures;
import satin.runtime.InvocationRecord;
import satin.runtime.RecordFactory;
import satin.runtime.Slot;
import satin.runtime.Worker;

/** What the rewriter makes of {@link Chain}: the fast form with a single spawn site. */
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
        WorkDeque<Slot> d = w.deque();
        int mark = d.head();

        int below$n = n - 1; // int below = depth(n - 1);
        Slot slot = d.claim();
        slot.describe(DEPTH, 0, this);
        slot.j0 = below$n;
        d.push();

        int below = 0; // sync();
        SpawnException failures = null;
        if (d.pop()) {
            try {
                below = depth(below$n);
            } catch (Throwable t) {
                failures = Failures.add(failures, t);
            }
            if (failures != null) {
                throw failures;
            }
        } else {
            below = ((DepthRecord) w.joinStolen(mark, 1, failures)[0]).result;
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
