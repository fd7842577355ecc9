package satin.lb;

/** The part every balancer here shares: its port, and its view of the members, refreshed when they change. */
abstract class MemberAware implements LoadBalancer {

    BalancerPort port;
    Membership members;

    @Override
    public void attach(BalancerPort port) {
        this.port = port;
        this.members = new Membership(port);
        membersChanged();
    }

    @Override
    public void membersChanged() {
        members.refresh(); // a victim that left answers no more: the node gives its request up
    }
}
