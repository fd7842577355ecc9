package satin.pool;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import satin.net.Message;

/**
 * The statistics the master gathers at the end of a run: one report from each member of the run,
 * and none before the stop. What a member sends at another time, for another member or a second
 * time is refused, so that what the master holds is bounded by the members (and each report by
 * the frame limit) whatever a member sends.
 */
final class Reports {

    private final IntPredicate wasMember;
    /** Guarded by this: the reports by member id, in the order of the ids. */
    private final Map<Integer, String> byMember = new TreeMap<>();
    private boolean open;

    /** @param wasMember whether an id is of a member of this run (one gone since included: it reported first) */
    Reports(IntPredicate wasMember) {
        this.wasMember = wasMember;
    }

    /** The master's stop came: the members' reports follow. */
    synchronized void open() {
        open = true;
    }

    /** Keeps a member's report; why it is refused, or null. */
    synchronized String add(Message.Statistics s) {
        if (!open) {
            return "statistics of member " + s.node() + " before the run ended";
        }
        if (!wasMember.test(s.node())) {
            return "statistics of " + s.node() + ", which was no member of this run";
        }
        if (byMember.putIfAbsent(s.node(), s.json()) != null) {
            return "statistics of member " + s.node() + " a second time";
        }
        notifyAll();
        return null;
    }

    /** The reports, by member id, once {@code count} have come or {@code timeout} has passed. */
    synchronized List<String> await(int count, long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (long left = unit.toNanos(timeout); byMember.size() < count && left > 0; left = deadline - System.nanoTime()) {
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return new ArrayList<>(byMember.values());
    }
}
