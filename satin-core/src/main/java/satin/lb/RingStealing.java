package satin.lb;

/**
 * Stealing along the EARTH ring (Kakulavarapu, Maquelin, Amaral and Gao, section 3): an idle node
 * asks one member and waits for the reply; a member with nothing passes the request on,
 * counter-clockwise, until a node with a job answers or the request has been round the ring. The
 * request names its originator, which the job reaches through the member first asked (decision
 * 0047). What differs between Spn, Shis, Range and Catapult is whom the request goes to first and
 * what a node does with what a request tells it.
 */
abstract class RingStealing extends MemberAware {

    Ring ring;
    private boolean waiting;

    @Override
    public void membersChanged() {
        super.membersChanged();
        ring = new Ring(port.self(), members.others());
    }

    /** Whom an idle node asks first. */
    int firstVictim() {
        return ring.step(port.self(), -1);
    }

    @Override
    public void idle() {
        if (waiting || members.others().isEmpty()) {
            return;
        }
        waiting = true;
        port.requestSteal(firstVictim());
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        waiting = false;
    }

    @Override
    public boolean passesRequestsOn() {
        return true;
    }

    @Override
    public boolean passesOnPassedRequests() {
        return false; // the member first asked walks the ring; those it asks answer from their own queues
    }

    @Override
    public int passOn(int thief, int tried) {
        return ring.walk(port.self(), thief, tried);
    }
}
