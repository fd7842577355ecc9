package satin.lb;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Minima (Kakulavarapu, Maquelin, Amaral and Gao, section 5.3): a static distribution. The first
 * node to have jobs queued pushes one to each other member, telling each in a note beforehand,
 * and then stops; a node told never distributes. Nobody steals. A queue that stands still is
 * pushed from still, to a member at random ({@link StillQueue}): not balancing, but without it a
 * run whose jobs wait under a sync would never end (decision 0047).
 */
public final class MinimaBalancing extends MemberAware {

    /** The kind of note that says another node distributes. */
    public static final int DISTRIBUTING = 7;
    public static final long DEFAULT_INTERVAL_NANOS = 1_000_000;

    private final long intervalNanos;
    private final StillQueue still = new StillQueue();
    private final Set<Integer> given = new HashSet<>();
    private boolean off;
    private int inFlight;

    public MinimaBalancing() {
        this(DEFAULT_INTERVAL_NANOS);
    }

    public MinimaBalancing(long intervalNanos) {
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("MINIMA needs interval > 0");
        }
        this.intervalNanos = intervalNanos;
    }

    @Override
    public void tick() {
        boolean stuck = still.stuck(port.queueLength());
        if (!off) {
            distribute();
        } else if (stuck && inFlight == 0 && !members.others().isEmpty()
                && port.pushJob(members.others().get(port.random(members.others().size())))) {
            inFlight++;
            still.moved();
        }
    }

    private void distribute() {
        for (int m : members.others()) {
            if (port.queueLength() == 0) {
                return;
            }
            if (given.add(m)) {
                port.note(m, DISTRIBUTING, 0);
                if (!port.pushJob(m)) {
                    given.remove(m); // its note stopped it from distributing; a job may reach it later
                    return;
                }
                inFlight++;
            }
        }
        off = !given.isEmpty();
    }

    @Override
    public void noted(int from, int kind, long value) {
        if (kind == DISTRIBUTING) {
            off = true;
        }
    }

    @Override
    public long tickNanos() {
        return intervalNanos;
    }

    @Override
    public void idle() {
        // nobody steals: the distribution is static
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        // Minima never asks
    }

    @Override
    public void pushDelivered(int target) {
        inFlight--;
    }

    boolean off() {
        return off;
    }

    @Override
    public String name() {
        return "MINIMA";
    }

    @Override
    public Map<String, String> settings() {
        return Map.of("interval", intervalNanos / 1_000 + "us");
    }
}
