package satin.lb;

import java.util.HashMap;
import java.util.Map;

/**
 * His (Kakulavarapu, Maquelin, Amaral and Gao, section 3): each node keeps, from the balancing
 * messages it sees, the loads it last heard of the other members. A poor node asks the richest it
 * knows of (a member at random if it knows none with work) and waits for the reply; a node with
 * more than {@code threshold} jobs queued pushes one to a member it believes poor, with at most
 * {@code inFlight} in transit. What it hears from: a steal request comes with a note of load 0 (its
 * sender is poor), a pushed job with a note of its sender's queue length, and a reply without a job
 * says its sender has none (decision 0047).
 */
public final class HistoryBalancing extends MemberAware {

    /** The kind of note that carries its sender's load. */
    public static final int LOAD = 6;
    public static final int DEFAULT_THRESHOLD = Sending.DEFAULT_THRESHOLD;
    public static final int DEFAULT_IN_FLIGHT = Sending.DEFAULT_IN_FLIGHT;
    public static final long DEFAULT_INTERVAL_NANOS = Sending.DEFAULT_INTERVAL_NANOS;

    private final Sending sending;
    private final Map<Integer, Long> loads = new HashMap<>();
    private boolean waiting;

    public HistoryBalancing() {
        this(DEFAULT_THRESHOLD, DEFAULT_IN_FLIGHT, DEFAULT_INTERVAL_NANOS);
    }

    public HistoryBalancing(int threshold, int maxInFlight, long intervalNanos) {
        this.sending = new Sending("HIS", threshold, maxInFlight, intervalNanos);
    }

    @Override
    public void membersChanged() {
        super.membersChanged();
        loads.keySet().retainAll(members.others());
    }

    @Override
    public void idle() {
        if (waiting || members.others().isEmpty()) {
            return;
        }
        int victim = richest();
        waiting = true;
        port.note(victim, LOAD, 0);
        port.requestSteal(victim);
    }

    private int richest() {
        int best = -1;
        long most = 0;
        for (Map.Entry<Integer, Long> e : loads.entrySet()) {
            if (e.getValue() > most) {
                most = e.getValue();
                best = e.getKey();
            }
        }
        return best >= 0 ? best : members.others().get(port.random(members.others().size()));
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        waiting = false;
        if (!members.others().contains(victim)) {
            return;
        }
        if (gotJob) {
            loads.merge(victim, 1L, Math::max);
        } else {
            loads.put(victim, 0L);
        }
    }

    @Override
    public void noted(int from, int kind, long value) {
        if (kind == LOAD && members.others().contains(from)) {
            loads.put(from, value);
        }
    }

    @Override
    public void tick() {
        while (sending.mayPush(port)) {
            int poor = poorest();
            if (poor < 0) {
                return;
            }
            port.note(poor, LOAD, port.queueLength());
            if (!sending.push(port, poor)) {
                return;
            }
            loads.remove(poor); // no longer poor, but not known rich either
        }
    }

    private int poorest() {
        for (Map.Entry<Integer, Long> e : loads.entrySet()) {
            if (e.getValue() == 0) {
                return e.getKey();
            }
        }
        return -1;
    }

    @Override
    public long tickNanos() {
        return sending.intervalNanos;
    }

    @Override
    public void pushDelivered(int target) {
        sending.delivered();
    }

    /** The load this node last heard of {@code member}, or -1 if none. */
    long knownLoad(int member) {
        return loads.getOrDefault(member, -1L);
    }

    @Override
    public String name() {
        return "HIS";
    }

    @Override
    public Map<String, String> settings() {
        return sending.settings();
    }
}
