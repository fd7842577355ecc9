package satin.spec;

import java.util.concurrent.CountDownLatch;
import satin.SatinObject;
import satin.SpawnException;
import satin.deque.WorkDeque;
import satin.runtime.Failures;
import satin.runtime.InvocationRecord;
import satin.runtime.RecordFactory;
import satin.runtime.Slot;
import satin.runtime.Worker;

/**
 * What the rewriter makes of {@link Failing}: the fast form, with reference arguments in the slot
 * ({@code a0}) and a checked exception; the second spawn of each pair runs in place (decision 0013),
 * so only the first can be stolen. A spawned method that spawns nothing itself
 * ({@code check}, {@code signal}, {@code await}) is left as it is.
 */
public class FailingByHand extends SatinObject {

    static final RecordFactory CHECK = slot -> new CheckRecord((FailingByHand) slot.receiver, (int) slot.j0);
    static final RecordFactory SIGNAL = slot -> new SignalRecord((FailingByHand) slot.receiver, (int) slot.j0,
            (CountDownLatch) slot.a0);
    static final RecordFactory AWAIT = slot -> new AwaitRecord((FailingByHand) slot.receiver, (CountDownLatch) slot.a0);

    public long pair(int a, int b) {
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> pair(a, b));
        }
        WorkDeque<Slot> d = w.deque();
        int mark = d.head();
        spawn(d, CHECK, 0, a, null); // long x = check(a);
        // long y = check(b); runs in place: nothing is between it and the sync
        long x = 0; // sync();
        long y = 0;
        SpawnException failures = null;
        int away = 1;
        try {
            y = check(b);
        } catch (Throwable t) {
            failures = Failures.add(failures, t);
        }
        if (d.pop()) {
            away = 0;
            try {
                x = check(a);
            } catch (Throwable t) {
                failures = Failures.add(failures, t);
            }
        }
        if (away > 0) {
            for (InvocationRecord r : w.joinStolen(mark, away, failures)) {
                if (r.site() == 0) {
                    x = ((LongRecord) r).result;
                } else {
                    y = ((LongRecord) r).result;
                }
            }
        } else if (failures != null) {
            throw failures;
        }
        return x + y;
    }

    public long stolenPair(int a) throws InterruptedException {
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> stolenPair(a));
        }
        WorkDeque<Slot> d = w.deque();
        int mark = d.head();
        CountDownLatch firstRan = new CountDownLatch(1);
        spawn(d, SIGNAL, 0, a, firstRan); // long x = signal(a, firstRan);
        // long y = await(firstRan); runs in place: nothing is between it and the sync
        long x = 0; // sync();
        long y = 0;
        SpawnException failures = null;
        int away = 1;
        try {
            y = await(firstRan);
        } catch (Throwable t) {
            failures = Failures.add(failures, t);
        }
        if (d.pop()) {
            away = 0;
            try {
                x = signal(a, firstRan);
            } catch (Throwable t) {
                failures = Failures.add(failures, t);
            }
        }
        if (away > 0) {
            for (InvocationRecord r : w.joinStolen(mark, away, failures)) {
                if (r.site() == 0) {
                    x = ((LongRecord) r).result;
                } else {
                    y = ((LongRecord) r).result;
                }
            }
        } else if (failures != null) {
            throw failures;
        }
        return x + y;
    }

    public long check(int v) {
        return Failing.verified(v);
    }

    public long signal(int v, CountDownLatch ran) {
        ran.countDown();
        return Failing.verified(v);
    }

    public long await(CountDownLatch ran) throws InterruptedException {
        return new Failing().await(ran);
    }

    private void spawn(WorkDeque<Slot> d, RecordFactory factory, int site, int v, CountDownLatch latch) {
        Slot slot = d.claim();
        slot.describe(factory, site, this);
        slot.j0 = v;
        slot.a0 = latch;
        d.push();
    }

    /** Results of long-valued spawnable methods, read at the sync whatever the method. */
    abstract static class LongRecord extends InvocationRecord {
        final FailingByHand receiver;
        long result;

        LongRecord(FailingByHand receiver) {
            this.receiver = receiver;
        }
    }

    /** The record class of {@code check(int)}. */
    static final class CheckRecord extends LongRecord {
        private final int v;

        CheckRecord(FailingByHand receiver, int v) {
            super(receiver);
            this.v = v;
        }

        @Override
        protected void invoke() {
            result = receiver.check(v);
        }
    }

    /** The record class of {@code signal(int, CountDownLatch)}. */
    static final class SignalRecord extends LongRecord {
        private final int v;
        private final CountDownLatch ran;

        SignalRecord(FailingByHand receiver, int v, CountDownLatch ran) {
            super(receiver);
            this.v = v;
            this.ran = ran;
        }

        @Override
        protected void invoke() {
            result = receiver.signal(v, ran);
        }
    }

    /** The record class of {@code await(CountDownLatch)}. */
    static final class AwaitRecord extends LongRecord {
        private final CountDownLatch ran;

        AwaitRecord(FailingByHand receiver, CountDownLatch ran) {
            super(receiver);
            this.ran = ran;
        }

        @Override
        protected void invoke() throws InterruptedException {
            result = receiver.await(ran);
        }
    }
}
