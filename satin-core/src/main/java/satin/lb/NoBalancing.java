package satin.lb;

/**
 * No load balancing: a node never asks for work nor sends any, and others may still steal from
 * it. The baseline of "one node computes", and what tools use when they steal by hand.
 */
public final class NoBalancing implements LoadBalancer {

    @Override
    public void attach(BalancerPort port) {
    }

    @Override
    public void idle() {
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
    }

    @Override
    public String name() {
        return "none";
    }
}
