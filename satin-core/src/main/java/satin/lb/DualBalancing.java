package satin.lb;

import java.util.Map;

/**
 * Dual (Kakulavarapu, Maquelin, Amaral and Gao, section 3): requests go counter-clockwise round the
 * ring, tokens clockwise. An idle node sends a request, a note naming it, to its counter-clockwise
 * neighbour; a node with no job to spare sends it on, one place further; a rich node (more than
 * {@code threshold} jobs queued, or any queued under a sync its worker waits in) sends a token back, clockwise, as many places as the request
 * came, to the node that asked. In EARTH the token is the job; here a job that reaches a node runs
 * there (decision 0017), so the token is a note naming the rich node, and the node that asked takes
 * the job from it with a steal request (decision 0047). Spn is Dual with the job sent straight
 * back. A node has one request out at a time; after one that comes back round the ring unanswered it
 * waits {@code interval}, twice as long after each further one up to {@link #MAX_QUIET} intervals,
 * so that an idle pool is not flooded with requests; a request lost on the way is given up after
 * {@link #GIVE_UP} intervals.
 */
public final class DualBalancing extends MemberAware {

    /** The kind of note that is a request: its value names the node that asked and the places it has gone. */
    public static final int REQUEST = 5;
    /** The kind of note that is a token: its value names the rich node and the places still to go. */
    public static final int TOKEN = 12;
    /** The longest wait, in intervals, after requests that came back unanswered. */
    public static final int MAX_QUIET = 64;
    /** After how many intervals a request that neither came back nor was answered counts as lost. */
    public static final int GIVE_UP = 100;
    public static final int DEFAULT_THRESHOLD = Sending.DEFAULT_THRESHOLD;
    public static final long DEFAULT_INTERVAL_NANOS = Sending.DEFAULT_INTERVAL_NANOS;

    private final Sending sending;
    private final Poverty poverty = new Poverty();
    private Ring ring;
    private boolean asking;
    private long askedAt;
    private long quietUntil;
    private int quietIntervals = 1;

    public DualBalancing() {
        this(DEFAULT_THRESHOLD, DEFAULT_INTERVAL_NANOS);
    }

    public DualBalancing(int threshold, long intervalNanos) {
        this.sending = new Sending("DUAL", threshold, 1, intervalNanos);
    }

    @Override
    public void membersChanged() {
        super.membersChanged();
        ring = new Ring(port.self(), members.others());
        asking = false; // a request on a member that left is gone with it
    }

    @Override
    public void idle() {
        poverty.idle();
        long now = port.nanoTime();
        if (asking && now - askedAt > GIVE_UP * sending.intervalNanos) {
            asking = false;
        }
        if (members.others().isEmpty() || asking || poverty.taking() || now < quietUntil) {
            return;
        }
        asking = true;
        askedAt = now;
        port.note(ring.step(port.self(), -1), REQUEST, Ring.walkNote(port.self(), 1));
    }

    @Override
    public void noted(int from, int kind, long value) {
        int named = Ring.walker(value);
        int places = Ring.places(value);
        if (kind == REQUEST && named == port.self()) {
            asking = false; // round the ring: nobody had a job to spare
            quietUntil = port.nanoTime() + quietIntervals * sending.intervalNanos;
            quietIntervals = Math.min(MAX_QUIET, 2 * quietIntervals);
        } else if (kind == REQUEST && members.others().contains(named) && places > 0 && places < ring.size()) {
            answer(named, places);
        } else if (kind == TOKEN && members.others().contains(named) && places > 0) {
            tokenFrom(named, places);
        }
    }

    /** A request from {@code asker}, {@code places} counter-clockwise of here. */
    private void answer(int asker, int places) {
        if (sending.rich(port) || poverty.stuck(port)) {
            port.note(ring.step(port.self(), 1), TOKEN, Ring.walkNote(port.self(), places));
        } else {
            port.note(ring.step(port.self(), -1), REQUEST, Ring.walkNote(asker, places + 1));
        }
    }

    /** A token from {@code rich}, with {@code places} to go, this node's included. */
    private void tokenFrom(int rich, int places) {
        if (places > 1) {
            port.note(ring.step(port.self(), 1), TOKEN, Ring.walkNote(rich, places - 1));
        } else if (asking && poverty.poor(port)) {
            asking = false;
            quietIntervals = 1;
            poverty.take(port, rich);
        }
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        poverty.replied(gotJob);
    }

    @Override
    public String name() {
        return "DUAL";
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = sending.settings();
        s.remove("inFlight"); // a request at a time, and tokens are taken, not pushed
        return s;
    }
}
