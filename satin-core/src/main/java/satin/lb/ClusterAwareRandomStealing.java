package satin.lb;

import java.util.List;
import java.util.Map;

/**
 * Cluster-aware Random Stealing (CRS, van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 3.5, Figure 3). An idle node first sends a
 * steal request to a random node of a remote cluster, asynchronously, unless one is already in
 * flight: at most one wide-area steal per node at a time. Without waiting for its reply it steals
 * synchronously inside its own cluster, again and again, until it finds work. A wide-area reply
 * only lets the next wide-area request go (a job it brings is queued by the node). A reply is of the
 * kind its request was sent as: its sender may have left the pool since, and a member that left
 * has no cluster. No parameters; with one cluster it is RS.
 */
public final class ClusterAwareRandomStealing extends MemberAware {

    private enum Ask { LOCAL, WIDE_AREA }

    private final VictimSelector victims;
    private final Outstanding<Ask> asked = new Outstanding<>();

    public ClusterAwareRandomStealing() {
        this(VictimSelector.uniform());
    }

    public ClusterAwareRandomStealing(VictimSelector victims) {
        this.victims = victims;
    }

    @Override
    public void idle() {
        if (!asked.any(Ask.WIDE_AREA) && !members.remote().isEmpty()) {
            ask(members.remote(), Ask.WIDE_AREA); // no wide-area message in transit from now until its reply
        }
        if (!asked.any(Ask.LOCAL) && !members.local().isEmpty()) {
            ask(members.local(), Ask.LOCAL);
        }
    }

    private void ask(List<Integer> candidates, Ask kind) {
        int victim = victims.pick(candidates, port);
        asked.sent(victim, kind);
        port.requestSteal(victim);
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        asked.answered(victim);
    }

    /** Whether a wide-area steal request is in flight (for tests). */
    boolean stealingRemotely() {
        return asked.any(Ask.WIDE_AREA);
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
