package satin.lb;

/**
 * Shis (Kakulavarapu, Maquelin, Amaral and Gao, section 3): Spn with a memory. The node that answers
 * a request makes itself known to the thief, and the thief asks that node first next time; if it
 * has nothing, the request goes on along the ring from there, and it is forgotten. Here each
 * member a request is passed to is named to the thief in a note as the request reaches it, so the
 * last one named before a job comes is the one that had it (decision 0047).
 */
public final class ShisStealing extends RingStealing {

    /** The kind of note that names the member a thief's request was passed to. */
    public static final int PASSED_TO = 3;

    private int rich = -1;
    private int lastPassedTo = -1;

    @Override
    int firstVictim() {
        return rich >= 0 && members.others().contains(rich) ? rich : super.firstVictim();
    }

    @Override
    public int passOn(int thief, int tried) {
        int next = super.passOn(thief, tried);
        if (next >= 0) {
            port.note(thief, PASSED_TO, next);
        }
        return next;
    }

    @Override
    public void noted(int from, int kind, long value) {
        if (kind == PASSED_TO) {
            lastPassedTo = (int) value;
        }
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        super.stealReplied(victim, gotJob);
        if (gotJob) {
            rich = lastPassedTo >= 0 ? lastPassedTo : victim;
        } else if (victim == rich) {
            rich = -1;
        }
        lastPassedTo = -1;
    }

    /** The member this node will ask first, or -1 for its counter-clockwise neighbour. */
    int remembered() {
        return rich;
    }

    @Override
    public String name() {
        return "SHIS";
    }
}
