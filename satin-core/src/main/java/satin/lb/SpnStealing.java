package satin.lb;

/**
 * Spn (Kakulavarapu, Maquelin, Amaral and Gao, section 3): an idle node asks its counter-clockwise
 * neighbour; the request, naming its originator, goes on counter-clockwise until a node with a job
 * answers it, and the job goes to the originator rather than round the ring as in Dual.
 */
public final class SpnStealing extends RingStealing {

    @Override
    public String name() {
        return "SPN";
    }
}
