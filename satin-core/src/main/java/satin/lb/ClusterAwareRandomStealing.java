package satin.lb;

import java.util.Map;

/**
 * Cluster-aware Random Stealing (CRS, seed 004 section 3.5, Figure 3). An idle node first sends a
 * steal request to a random node of a remote cluster, asynchronously, unless one is already in
 * flight: at most one wide-area steal per node at a time. Without waiting for its reply it steals
 * synchronously inside its own cluster, again and again, until it finds work. A wide-area reply
 * only clears the flag (a job it brings is queued by the node). No parameters; with one cluster it
 * is RS.
 */
public final class ClusterAwareRandomStealing extends MemberAware {

    private final VictimSelector victims;
    private boolean stealingRemotely;
    private boolean stealingLocally;

    public ClusterAwareRandomStealing() {
        this(VictimSelector.uniform());
    }

    public ClusterAwareRandomStealing(VictimSelector victims) {
        this.victims = victims;
    }

    @Override
    public void idle() {
        if (!stealingRemotely && !members.remote().isEmpty()) {
            stealingRemotely = true; // no wide-area message in transit from now until its reply
            port.requestSteal(victims.pick(members.remote(), port));
        }
        if (!stealingLocally && !members.local().isEmpty()) {
            stealingLocally = true;
            port.requestSteal(victims.pick(members.local(), port));
        }
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        if (members.isRemote(victim)) {
            stealingRemotely = false;
        } else {
            stealingLocally = false;
        }
    }

    /** Whether a wide-area steal request is in flight (for tests). */
    boolean stealingRemotely() {
        return stealingRemotely;
    }

    @Override
    public String name() {
        return "CRS";
    }

    @Override
    public Map<String, String> settings() {
        return Map.of("victims", victims.name());
    }
}
