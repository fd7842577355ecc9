package satin.lb;

import java.util.Map;

/**
 * Snd (Kakulavarapu, Maquelin, Amaral and Gao, section 3): purely sender-initiated. While this
 * node's queue is longer than {@code threshold}, it pushes a job to its clockwise neighbour, with at
 * most {@code inFlight} in transit; poor nodes never ask. A pushed job runs where it lands (decision
 * 0017), so a token goes round the ring only as far as each node it reaches is rich enough to send
 * on (decision 0047). A queue that stands still is pushed from too ({@link StillQueue}).
 */
public final class SndPushing extends MemberAware {

    public static final int DEFAULT_THRESHOLD = Sending.DEFAULT_THRESHOLD;
    public static final int DEFAULT_IN_FLIGHT = Sending.DEFAULT_IN_FLIGHT;
    public static final long DEFAULT_INTERVAL_NANOS = Sending.DEFAULT_INTERVAL_NANOS;

    private final Sending sending;
    private final StillQueue still = new StillQueue();
    private Ring ring;

    public SndPushing() {
        this(DEFAULT_THRESHOLD, DEFAULT_IN_FLIGHT, DEFAULT_INTERVAL_NANOS);
    }

    public SndPushing(int threshold, int maxInFlight, long intervalNanos) {
        this.sending = new Sending("SND", threshold, maxInFlight, intervalNanos);
    }

    @Override
    public void membersChanged() {
        super.membersChanged();
        ring = new Ring(port.self(), members.others());
    }

    @Override
    public void tick() {
        boolean stuck = still.stuck(port.queueLength());
        while (!members.others().isEmpty() && (sending.mayPush(port) || stuck && sending.inFlight() == 0)) {
            if (!sending.push(port, ring.step(port.self(), 1))) {
                return;
            }
            stuck = false;
            still.moved();
        }
    }

    @Override
    public long tickNanos() {
        return sending.intervalNanos;
    }

    @Override
    public void idle() {
        // a poor node waits for tokens
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        // Snd never asks
    }

    @Override
    public void pushDelivered(int target) {
        sending.delivered();
    }

    int inFlight() {
        return sending.inFlight();
    }

    @Override
    public String name() {
        return "SND";
    }

    @Override
    public Map<String, String> settings() {
        return sending.settings();
    }
}
