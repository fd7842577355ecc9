package satin.lb;

import java.util.Map;

/**
 * Dual (Kakulavarapu, Maquelin, Amaral and Gao, section 3): requests go counter-clockwise round the
 * ring, tokens clockwise. An idle node sends an anonymous request, a note, to its counter-clockwise
 * neighbour; a node with no job to spare sends it on, one place further, until it has been round
 * the ring; a rich node (more than {@code threshold} jobs queued) pushes a job to its clockwise
 * neighbour, whence the request came. A pushed job runs where it lands (decision 0017), so the token
 * stops at that neighbour rather than travelling on to the first poor node (decision 0047). An idle
 * node sends a new request every {@code interval} while it stays idle.
 */
public final class DualBalancing extends MemberAware {

    /** The kind of note that is a request; its value is how many places it has gone. */
    public static final int REQUEST = 5;
    public static final int DEFAULT_THRESHOLD = Sending.DEFAULT_THRESHOLD;
    public static final int DEFAULT_IN_FLIGHT = Sending.DEFAULT_IN_FLIGHT;
    public static final long DEFAULT_INTERVAL_NANOS = Sending.DEFAULT_INTERVAL_NANOS;

    private final Sending sending;
    private Ring ring;
    private boolean asked;
    private long lastRequest;

    public DualBalancing() {
        this(DEFAULT_THRESHOLD, DEFAULT_IN_FLIGHT, DEFAULT_INTERVAL_NANOS);
    }

    public DualBalancing(int threshold, int maxInFlight, long intervalNanos) {
        this.sending = new Sending("DUAL", threshold, maxInFlight, intervalNanos);
    }

    @Override
    public void membersChanged() {
        super.membersChanged();
        ring = new Ring(port.self(), members.others());
    }

    @Override
    public void idle() {
        long now = port.nanoTime();
        if (members.others().isEmpty() || asked && now - lastRequest < sending.intervalNanos) {
            return;
        }
        asked = true;
        lastRequest = now;
        port.note(ring.step(port.self(), -1), REQUEST, 1);
    }

    @Override
    public void noted(int from, int kind, long hops) {
        if (kind != REQUEST || members.others().isEmpty()) {
            return;
        }
        int clockwise = ring.step(port.self(), 1);
        if (!(sending.mayPush(port) && sending.push(port, clockwise)) && hops < ring.size() - 1) {
            port.note(ring.step(port.self(), -1), REQUEST, hops + 1);
        }
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        // Dual's requests are notes: no steal request of its own is ever answered
    }

    @Override
    public void pushDelivered(int target) {
        sending.delivered();
    }

    @Override
    public String name() {
        return "DUAL";
    }

    @Override
    public Map<String, String> settings() {
        return sending.settings();
    }
}
