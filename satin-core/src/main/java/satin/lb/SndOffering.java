package satin.lb;

import java.util.Map;

/**
 * Snd (Kakulavarapu, Maquelin, Amaral and Gao, section 3): purely sender-initiated. A rich node
 * (more than {@code threshold} jobs queued) sends a token round the ring, clockwise; poor nodes
 * take tokens but never ask; a token that comes back to the node that sent it leaves the ring. In
 * EARTH the token is the job, and a rich node on the way sends it on. Here a job that reaches a node
 * runs there (decision 0017), so the token is a note naming its sender, and the first poor node it
 * reaches takes the job from the sender with a steal request and tells the sender it did (decision
 * 0047). A node has at most {@code inFlight} tokens in the ring and looks every {@code interval};
 * a queue that stands still offers too ({@link StillQueue}).
 */
public final class SndOffering extends MemberAware {

    /** The kind of note that is a token: its value names the sender and the places it has gone. */
    public static final int TOKEN = 10;
    /** The kind of note that tells a token's sender a poor node took it. */
    public static final int TAKEN = 11;
    public static final int DEFAULT_THRESHOLD = Sending.DEFAULT_THRESHOLD;
    public static final int DEFAULT_IN_FLIGHT = Sending.DEFAULT_IN_FLIGHT;
    public static final long DEFAULT_INTERVAL_NANOS = Sending.DEFAULT_INTERVAL_NANOS;

    private final Sending sending;
    private final StillQueue still = new StillQueue();
    private final Poverty poverty = new Poverty();
    private Ring ring;

    public SndOffering() {
        this(DEFAULT_THRESHOLD, DEFAULT_IN_FLIGHT, DEFAULT_INTERVAL_NANOS);
    }

    public SndOffering(int threshold, int maxInFlight, long intervalNanos) {
        this.sending = new Sending("SND", threshold, maxInFlight, intervalNanos);
    }

    @Override
    public void membersChanged() {
        super.membersChanged();
        ring = new Ring(port.self(), members.others());
        sending.forgetInTransit(); // a token on a member that left is gone with it
    }

    @Override
    public void tick() {
        boolean stuck = still.stuck(port.queueLength());
        while (!members.others().isEmpty() && (sending.mayPush(port) || stuck && sending.inFlight() == 0)) {
            sending.sent();
            port.note(ring.step(port.self(), 1), TOKEN, Ring.walkNote(port.self(), 1));
            stuck = false;
            still.moved();
        }
    }

    @Override
    public void noted(int from, int kind, long value) {
        int sender = Ring.walker(value);
        if (kind == TAKEN || kind == TOKEN && sender == port.self()) {
            sending.delivered(); // taken, or back round the ring and out of it
        } else if (kind == TOKEN && members.others().contains(sender)) {
            passOrTake(sender, Ring.places(value));
        }
    }

    private void passOrTake(int sender, int places) {
        if (poverty.poor(port)) {
            poverty.take(port, sender);
            port.note(sender, TAKEN, 0);
        } else if (places > 0 && places < ring.size()) {
            port.note(ring.step(port.self(), 1), TOKEN, Ring.walkNote(sender, places + 1));
        }
    }

    @Override
    public long tickNanos() {
        return sending.intervalNanos;
    }

    @Override
    public void idle() {
        poverty.idle(); // a poor node waits for tokens
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        poverty.replied(gotJob);
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
