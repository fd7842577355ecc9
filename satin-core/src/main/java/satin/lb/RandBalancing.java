package satin.lb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rand (Kakulavarapu, Maquelin, Amaral and Gao, section 3.1): hybrid and randomised, after the
 * supermarket model, on a fully connected pool. A node probes d = N/10 + 1 members at random (N the
 * nodes of the pool) and each answers with its queue length: an idle node (receiver mode) then
 * steals from the most loaded, and a node with more than 2d jobs queued (sender mode) pushes its
 * oldest job to the least loaded, if that one has at most 2d itself. A probe unanswered after two
 * ticks is taken as coming from a busy node: an idle node steals from one of those at random, a
 * sender does not push to it (decision 0047). One round of probes at a time.
 */
public final class RandBalancing extends MemberAware {

    /** The kinds of note: a probe, and its answer carrying a queue length. */
    public static final int PROBE = 8;
    public static final int LOAD = 9;
    public static final long DEFAULT_INTERVAL_NANOS = 1_000_000;
    public static final int DEFAULT_IN_FLIGHT = 2;

    private final int maxInFlight;
    private final long intervalNanos;
    /** The members probed in this round, and their answers (-1: none yet). */
    private final Map<Integer, Long> probed = new HashMap<>();
    private boolean sending;
    private int ticksInRound;
    private boolean waiting;
    private int inFlight;

    public RandBalancing() {
        this(DEFAULT_IN_FLIGHT, DEFAULT_INTERVAL_NANOS);
    }

    public RandBalancing(int maxInFlight, long intervalNanos) {
        if (maxInFlight < 1 || intervalNanos <= 0) {
            throw new IllegalArgumentException("RAND needs inFlight >= 1 and interval > 0");
        }
        this.maxInFlight = maxInFlight;
        this.intervalNanos = intervalNanos;
    }

    /** The paper's d, for the pool as it is now: N/10 + 1, N counting this node. */
    int probes() {
        return Math.min((members.others().size() + 1) / 10 + 1, members.others().size());
    }

    @Override
    public void membersChanged() {
        super.membersChanged();
        probed.keySet().retainAll(members.others());
        if (probed.isEmpty()) {
            ticksInRound = 0;
        }
    }

    @Override
    public void idle() {
        if (!waiting && probed.isEmpty() && !members.others().isEmpty()) {
            startRound(false);
        }
    }

    @Override
    public void tick() {
        if (!probed.isEmpty() && ++ticksInRound >= 2) {
            endRound();
        } else if (probed.isEmpty() && inFlight < maxInFlight && !members.others().isEmpty()
                && port.queueLength() > 2L * probes()) {
            startRound(true);
        }
    }

    private void startRound(boolean sender) {
        sending = sender;
        ticksInRound = 0;
        List<Integer> pool = new ArrayList<>(members.others());
        for (int i = probes(); i > 0; i--) {
            int m = pool.remove(port.random(pool.size()));
            probed.put(m, -1L);
            port.note(m, PROBE, 0);
        }
    }

    @Override
    public void noted(int from, int kind, long value) {
        if (kind == PROBE) {
            port.note(from, LOAD, port.queueLength());
        } else if (kind == LOAD && probed.containsKey(from)) {
            probed.put(from, value);
            if (!probed.containsValue(-1L)) {
                endRound();
            }
        }
    }

    private void endRound() {
        int target = sending ? leastLoaded() : mostLoaded();
        boolean sender = sending;
        probed.clear();
        if (target < 0) {
            return;
        }
        if (sender) {
            if (port.queueLength() > 2L * probes() && port.pushJob(target)) {
                inFlight++;
            }
        } else if (!waiting) {
            waiting = true;
            port.requestSteal(target);
        }
    }

    private int leastLoaded() {
        int best = -1;
        for (Map.Entry<Integer, Long> e : probed.entrySet()) {
            long load = e.getValue();
            if (load >= 0 && load <= 2L * probes() && (best < 0 || load < probed.get(best))) {
                best = e.getKey();
            }
        }
        return best;
    }

    /** The most loaded that answered with work, else one that did not answer, else none. */
    private int mostLoaded() {
        int best = -1;
        List<Integer> silent = new ArrayList<>();
        for (Map.Entry<Integer, Long> e : probed.entrySet()) {
            if (e.getValue() < 0) {
                silent.add(e.getKey());
            } else if (e.getValue() > 0 && (best < 0 || e.getValue() > probed.get(best))) {
                best = e.getKey();
            }
        }
        if (best < 0 && !silent.isEmpty()) {
            silent.sort(null);
            best = silent.get(port.random(silent.size()));
        }
        return best;
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        waiting = false;
    }

    @Override
    public void pushDelivered(int target) {
        inFlight--;
    }

    @Override
    public long tickNanos() {
        return intervalNanos;
    }

    int inFlight() {
        return inFlight;
    }

    @Override
    public String name() {
        return "RAND";
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("probes", "N/10+1");
        s.put("inFlight", Integer.toString(maxInFlight));
        s.put("interval", intervalNanos / 1_000 + "us");
        return s;
    }
}
