package satin.lb;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cluster-aware Load-based Stealing (CLS, van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 3.4): random stealing inside the
 * cluster, and one coordinator per cluster (its lowest id) that prefetches work from other
 * clusters. Every node tells the coordinator its load (its queue length) every {@code interval}
 * when it changed, and at once, as zero, when it goes idle. When the cluster's load falls below
 * {@code threshold}, the coordinator sends a steal request to a random node of a random remote
 * cluster, asynchronously, with at most {@code prefetches} in flight; a job it gets waits in its
 * queue, from where the cluster's nodes steal it. With one cluster it is RS.
 */
public final class LoadBasedStealing extends MemberAware {

    /** The kind of note that carries a load. */
    public static final int LOAD = 1;
    public static final long DEFAULT_INTERVAL_NANOS = 10_000_000; // the paper's 10 ms
    public static final int DEFAULT_PREFETCHES = 1;

    private enum Ask { LOCAL, PREFETCH }

    private final int threshold;
    private final int maxPrefetches;
    private final long intervalNanos;
    private final VictimSelector victims;
    private int coordinator = -1;
    private long lastReported = -1;
    private final Map<Integer, Long> loads = new HashMap<>();
    private final Outstanding<Ask> asked = new Outstanding<>();

    public LoadBasedStealing() {
        this(0, DEFAULT_PREFETCHES, DEFAULT_INTERVAL_NANOS, VictimSelector.uniform());
    }

    /** @param threshold the cluster load below which the coordinator prefetches; 0: the cluster's size */
    public LoadBasedStealing(int threshold, int maxPrefetches, long intervalNanos, VictimSelector victims) {
        if (threshold < 0 || maxPrefetches < 1 || intervalNanos <= 0) {
            throw new IllegalArgumentException("CLS needs threshold >= 0, prefetches >= 1 and interval > 0");
        }
        this.threshold = threshold;
        this.maxPrefetches = maxPrefetches;
        this.intervalNanos = intervalNanos;
        this.victims = victims;
    }

    @Override
    public void membersChanged() {
        super.membersChanged();
        int before = coordinator;
        coordinator = members.clusterWithSelf().get(0);
        if (coordinator != before) {
            // loads go to the coordinator of the moment: the new one has heard nothing from this node,
            // and what this node heard as coordinator before has been told to another since
            lastReported = -1;
            loads.clear();
        }
        loads.keySet().retainAll(members.local());
    }

    private boolean coordinating() {
        return coordinator == port.self();
    }

    private boolean severalClusters() {
        return !members.remote().isEmpty();
    }

    @Override
    public long tickNanos() {
        return intervalNanos;
    }

    @Override
    public void tick() {
        if (!severalClusters()) {
            return;
        }
        if (coordinating()) {
            maybePrefetch();
        } else {
            report(port.queueLength());
        }
    }

    private void report(long load) {
        if (load != lastReported) {
            lastReported = load;
            port.note(coordinator, LOAD, load);
        }
    }

    @Override
    public void idle() {
        if (severalClusters()) {
            if (coordinating()) {
                maybePrefetch();
            } else {
                report(0);
            }
        }
        if (!asked.any(Ask.LOCAL) && !members.local().isEmpty()) {
            int victim = victims.pick(members.local(), port);
            asked.sent(victim, Ask.LOCAL);
            port.requestSteal(victim);
        }
    }

    @Override
    public void noted(int from, int kind, long value) {
        if (kind == LOAD && coordinating() && members.local().contains(from)) {
            loads.put(from, value);
            maybePrefetch();
        }
    }

    /** The cluster's load as the coordinator knows it: its own queue and the others' last reports. */
    long clusterLoad() {
        long sum = port.queueLength();
        for (long l : loads.values()) {
            sum += l;
        }
        return sum;
    }

    int effectiveThreshold() {
        return threshold > 0 ? threshold : members.clusterWithSelf().size();
    }

    private void maybePrefetch() {
        // at most one round of requests per call, whatever the port answers and when
        for (int round = 0; round < maxPrefetches && prefetching() < maxPrefetches && severalClusters()
                && clusterLoad() < effectiveThreshold(); round++) {
            List<List<Integer>> clusters = List.copyOf(members.remoteClusters().values());
            int victim = victims.pick(clusters.get(port.random(clusters.size())), port);
            asked.sent(victim, Ask.PREFETCH);
            port.prefetch(victim);
        }
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        asked.answered(victim);
    }

    int prefetching() {
        return asked.count(Ask.PREFETCH);
    }

    @Override
    public String name() {
        return "CLS";
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("threshold", threshold > 0 ? Integer.toString(threshold) : "cluster size");
        s.put("prefetches", Integer.toString(maxPrefetches));
        s.put("interval", intervalNanos / 1_000 + "us");
        s.put("victims", victims.name());
        return s;
    }
}
