package satin.lb;

import java.util.List;

/**
 * Random Stealing (RS, seed 004 section 3.1): an idle node sends a steal request to a member chosen
 * uniformly at random, and waits for the reply before it asks again; the reply either brings a job
 * or says there is none, and then the next idle moment picks another random victim. Cluster
 * boundaries play no part.
 */
public final class RandomStealing implements LoadBalancer {

    private BalancerPort port;
    private boolean waiting;

    @Override
    public void attach(BalancerPort port) {
        this.port = port;
    }

    @Override
    public void idle() {
        if (waiting) {
            return;
        }
        List<Integer> others = port.others();
        if (others.isEmpty()) {
            return;
        }
        waiting = true;
        port.requestSteal(others.get(port.random(others.size())));
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        waiting = false;
    }

    @Override
    public void membersChanged() {
        // a victim that left answers no more: its reply is given up by the node (stealReplied)
    }

    @Override
    public String name() {
        return "RS";
    }
}
