package satin.lb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Range and Catapult (Kakulavarapu, Maquelin, Amaral and Gao, section 3): stealing along the ring as
 * Spn, and a sender side. A request that reaches a node says that every member it passed on the way
 * had nothing: the member first asked tells the node it passes the request to who the thief is,
 * and that node keeps the range between them. While it is rich (more than {@code threshold} jobs
 * queued) it pushes one job to each member of the range, from the end its subclass names, with at
 * most {@code inFlight} in transit.
 */
abstract class RangeSending extends RingStealing {

    /** The kind of note that names the thief whose request is passed on to its receiver. */
    public static final int RANGE = 4;
    public static final int DEFAULT_THRESHOLD = Sending.DEFAULT_THRESHOLD;
    public static final int DEFAULT_IN_FLIGHT = Sending.DEFAULT_IN_FLIGHT;
    public static final long DEFAULT_INTERVAL_NANOS = Sending.DEFAULT_INTERVAL_NANOS;

    private final Sending sending;
    /** The idle members a request passed through, clockwise from this node's neighbour. */
    private final List<Integer> range = new ArrayList<>();

    RangeSending(int threshold, int maxInFlight, long intervalNanos) {
        this.sending = new Sending(name(), threshold, maxInFlight, intervalNanos);
    }

    /** The index in {@code range} (clockwise, nearest first) of the member to push to next. */
    abstract int nextOf(List<Integer> range);

    @Override
    public void membersChanged() {
        super.membersChanged();
        range.retainAll(members.others());
    }

    @Override
    public int passOn(int thief, int tried) {
        int next = super.passOn(thief, tried);
        if (next >= 0) {
            port.note(next, RANGE, thief);
        }
        return next;
    }

    @Override
    public void noted(int from, int kind, long value) {
        if (kind != RANGE || !members.others().contains((int) value)) {
            return;
        }
        range.clear();
        int thief = (int) value;
        for (int m = ring.step(port.self(), 1); m != thief && m != port.self(); m = ring.step(m, 1)) {
            range.add(m);
        }
    }

    @Override
    public void tick() {
        while (!range.isEmpty() && sending.mayPush(port)) {
            if (!sending.push(port, range.remove(nextOf(range)))) {
                return;
            }
        }
    }

    @Override
    public long tickNanos() {
        return sending.intervalNanos;
    }

    @Override
    public void pushDelivered(int target) {
        sending.delivered();
    }

    /** The members this node would push to, nearest first. */
    List<Integer> range() {
        return List.copyOf(range);
    }

    @Override
    public Map<String, String> settings() {
        return sending.settings();
    }
}
