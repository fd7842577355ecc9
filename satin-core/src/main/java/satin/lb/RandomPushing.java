package satin.lb;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Random Pushing (RP, van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 3.2): whenever this node's queue is longer than a threshold,
 * a job from its tail (the oldest, largest, of those spawned here: a job pushed here runs here, see
 * decision 0017) is pushed to a random node, as long as fewer than a
 * limit of pushed jobs are in transit (sent, not yet received: the flow control that keeps the
 * communication buffers bounded, which the paper adds to RP). Idle nodes do not
 * steal: they wait for pushed work. A queue that stands still, however short, is pushed from too
 * ({@link #STUCK_TICKS}): without thieves, nothing else would ever run it. The paper checks after every spawn; the spawn path here stays
 * free of calls out, so the queue is checked every {@code interval} instead.
 */
public final class RandomPushing extends MemberAware {

    /** The defaults: the paper tuned them per application; these suit trees of fan-out 4 (./bench balancers). */
    public static final int DEFAULT_THRESHOLD = 4;
    public static final int DEFAULT_IN_FLIGHT = 4;
    public static final long DEFAULT_INTERVAL_NANOS = 1_000_000;

    private final int threshold;
    private final int maxInFlight;
    private final long intervalNanos;
    private final VictimSelector victims;
    private int inFlight;
    private final StillQueue still = new StillQueue();

    /** Below the threshold, a queue still for this many ticks is pushed from ({@link StillQueue}). */
    static final int STUCK_TICKS = StillQueue.TICKS;

    public RandomPushing() {
        this(DEFAULT_THRESHOLD, DEFAULT_IN_FLIGHT, DEFAULT_INTERVAL_NANOS, VictimSelector.uniform());
    }

    public RandomPushing(int threshold, int maxInFlight, long intervalNanos, VictimSelector victims) {
        if (threshold < 0 || maxInFlight < 1 || intervalNanos <= 0) {
            throw new IllegalArgumentException("RP needs threshold >= 0, inFlight >= 1 and interval > 0");
        }
        this.threshold = threshold;
        this.maxInFlight = maxInFlight;
        this.intervalNanos = intervalNanos;
        this.victims = victims;
    }

    @Override
    public void tick() {
        boolean stuck = still.stuck(port.queueLength());
        while (inFlight < maxInFlight && !members.others().isEmpty() && (port.queueLength() > threshold || stuck)) {
            if (!port.pushJob(victims.pick(members.others(), port))) {
                return;
            }
            inFlight++;
            stuck = false;
            still.moved();
        }
    }

    @Override
    public long tickNanos() {
        return intervalNanos;
    }

    @Override
    public void idle() {
        // an idle node waits for pushed work
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        // RP never asks
    }

    @Override
    public void pushDelivered(int target) {
        inFlight--;
    }

    int inFlight() {
        return inFlight;
    }

    @Override
    public String name() {
        return "RP";
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("threshold", Integer.toString(threshold));
        s.put("inFlight", Integer.toString(maxInFlight));
        s.put("interval", intervalNanos / 1_000 + "us");
        s.put("victims", victims.name());
        return s;
    }
}
