package satin.lb;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lifeline-based stealing (LL), after X10's global load balancing (Saraswat et al., PPoPP 2011;
 * the GLB library). An idle node makes up to {@code steals} random steal attempts, one at a time,
 * inside its own cluster (across the wide area only if it is alone there). When they all fail it
 * sends a lifeline request, a note, to each of its {@link Lifelines} that does not hold one of its
 * requests yet, and then waits quietly: no more requests until work comes. A node holding lifeline
 * requests pushes its oldest job to each requester as soon as it has jobs queued (at once, or on
 * its next tick) and tells it so with a note; the requester then steals randomly again the next
 * time it is idle. A node that sees jobs queued on a tick, or whose membership changed, wakes up
 * too: a lifeline that left must not leave it waiting for ever.
 */
public final class LifelineStealing extends MemberAware {

    /** Notes: "feed me when you have work", and "this push answers your lifeline request". */
    public static final int LIFELINE = 2;
    public static final int FED = 3;
    public static final int DEFAULT_STEALS = 2;
    public static final long DEFAULT_INTERVAL_NANOS = 1_000_000;

    private enum Ask { RANDOM }

    private final int maxSteals;
    private final long intervalNanos;
    private final VictimSelector victims;
    private final Outstanding<Ask> asked = new Outstanding<>();
    private List<Integer> lifelines = List.of();
    /** Lifelines holding a request of this node's (as far as it knows). */
    private final Set<Integer> registered = new HashSet<>();
    /** Members whose lifeline requests this node holds, oldest first. */
    private final Set<Integer> thieves = new LinkedHashSet<>();
    /** Whether this node is a lifeline of a requester, by the current membership. */
    private final Map<Integer, Boolean> holds = new HashMap<>();
    private int failed;
    private boolean quiet;

    public LifelineStealing() {
        this(DEFAULT_STEALS, DEFAULT_INTERVAL_NANOS, VictimSelector.uniform());
    }

    public LifelineStealing(int maxSteals, long intervalNanos, VictimSelector victims) {
        if (maxSteals < 0 || intervalNanos <= 0) {
            throw new IllegalArgumentException("LL needs steals >= 0 and interval > 0");
        }
        this.maxSteals = maxSteals;
        this.intervalNanos = intervalNanos;
        this.victims = victims;
    }

    @Override
    public void membersChanged() {
        super.membersChanged();
        lifelines = Lifelines.of(port.self(), members);
        thieves.retainAll(members.others());
        holds.clear();
        // a request may have gone down with a link: asking again costs a note, waiting on it for ever the run
        registered.clear();
        wake();
    }

    private void wake() {
        quiet = false;
        failed = 0;
    }

    @Override
    public void idle() {
        if (quiet || asked.any(Ask.RANDOM)) {
            return;
        }
        List<Integer> candidates = members.local().isEmpty() ? members.remote() : members.local();
        if (failed < maxSteals && !candidates.isEmpty()) {
            int victim = victims.pick(candidates, port);
            asked.sent(victim, Ask.RANDOM);
            port.requestSteal(victim);
            return;
        }
        for (int l : lifelines) {
            if (registered.add(l)) {
                port.note(l, LIFELINE, 0);
            }
        }
        quiet = true;
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        if (asked.answered(victim) == null) {
            return;
        }
        failed = gotJob ? 0 : failed + 1;
    }

    @Override
    public void noted(int from, int kind, long value) {
        if (kind == LIFELINE && members.others().contains(from)) {
            thieves.add(from);
            feed();
        } else if (kind == FED) {
            registered.remove(from);
            wake();
        }
    }

    @Override
    public long tickNanos() {
        return intervalNanos;
    }

    @Override
    public void tick() {
        if (port.queueLength() > 0) {
            wake();
            feed();
        }
    }

    /**
     * One job to each waiting requester, oldest request first, while there are jobs. A request
     * from a member that would not pick this node as a lifeline now was sent while the pool was
     * still forming, and its sender has asked its lifelines again since: it waits, unfed, in case
     * this node's view is the older one. (Fed, on one cluster such requests made a real pool push
     * 1,083 jobs where the simulator, whose members are all there from the start, pushed 675.)
     */
    private void feed() {
        var it = thieves.iterator();
        while (it.hasNext() && port.queueLength() > 0) {
            int thief = it.next();
            if (!holding(thief)) {
                continue;
            }
            if (!port.pushJob(thief)) {
                return;
            }
            it.remove();
            port.note(thief, FED, 0);
        }
    }

    private boolean holding(int thief) {
        return holds.computeIfAbsent(thief, t -> Lifelines.isLifelineOf(t, port.clusterOf(t), port.self(), members));
    }

    /** Whether this node waits on its lifelines (for tests). */
    boolean quiet() {
        return quiet;
    }

    List<Integer> lifelines() {
        return lifelines;
    }

    @Override
    public String name() {
        return "LL";
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("steals", Integer.toString(maxSteals));
        s.put("interval", intervalNanos / 1_000 + "us");
        s.put("victims", victims.name());
        return s;
    }
}
