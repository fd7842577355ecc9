package satin.apps.ida;

/**
 * What a search throws when it reaches the goal: the moves from the start, which end the search at
 * the first solution in move order. Public, with a constructor of its message alone, so that it
 * crosses nodes as itself (a failure travels as its class, message and stack, and is rebuilt only
 * so); it may because {@link IdaFirst}, the receiver of every job, declares a field of it. Not
 * final, so that the codec writes that field, null while the search runs, without looking into
 * what a Throwable holds.
 */
public class Solved extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param moves the moves of the blank (U, L, R, D) from the start to the goal */
    public Solved(String moves) {
        super(moves, null, false, false); // thrown as an answer, not a fault: no stack trace to fill
    }

    /** The moves of the blank from the start to the goal. */
    public String moves() {
        return getMessage();
    }
}
