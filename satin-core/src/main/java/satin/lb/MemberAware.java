package satin.lb;

/** The part every balancer here shares: its port, and its view of the members, refreshed when they change. */
abstract class MemberAware implements LoadBalancer {

    BalancerPort port;
    Membership members;
    /** Set once by {@link Balancers} before the balancer is attached. */
    StealChunk chunk = StealChunk.ONE;

    @Override
    public StealChunk stealChunk() {
        return chunk;
    }

    @Override
    public void attach(BalancerPort port) {
        this.port = port;
        this.members = new Membership(port);
        membersChanged();
    }

    @Override
    public void membersChanged() {
        // What is out to a member that left stays out: the node still answers it, as "no job".
        members.refresh();
    }
}
