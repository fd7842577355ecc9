package satin.stats.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import satin.net.Message;

/**
 * The statistics the master gathers at the end of a run: one report from each member of the run,
 * and none before the stop. What a member sends at another time, for another member or a second
 * time is refused, so that what the master holds is bounded by the members (and each report by
 * the frame limit) whatever a member sends.
 * A member that goes after the stop (it died, or froze and was declared dead) is not waited for:
 * its report will not come.
 */
public final class Reports {

    private final IntPredicate wasMember;
    /** Guarded by this: the reports by member id, in the order of the ids. */
    private final Map<Integer, String> byMember = new TreeMap<>();
    /** Guarded by this: the members whose reports are waited for, those of the stop that have not gone since. */
    private final Set<Integer> awaited = new HashSet<>();
    private boolean open;

    /** @param wasMember whether an id is of a member of this run (one gone since included: it reported first) */
    public Reports(IntPredicate wasMember) {
        this.wasMember = wasMember;
    }

    /** The master's stop came: the reports of {@code members} follow. */
    public synchronized void open(Collection<Integer> members) {
        open = true;
        awaited.addAll(members);
    }

    /** A member went: if its report has not come by now, it will not. */
    public synchronized void gone(int member) {
        awaited.remove(member);
        notifyAll();
    }

    /** Keeps a member's report; why it is refused, or null. */
    public synchronized String add(Message.Statistics s) {
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

    /** The reports, by member id, once every member awaited has reported or gone, or {@code timeout} has passed. */
    public synchronized List<String> await(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (long left = unit.toNanos(timeout); !byMember.keySet().containsAll(awaited) && left > 0;
                left = deadline - System.nanoTime()) {
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return new ArrayList<>(byMember.values());
    }
}
