package satin.apps.ida;

/**
 * What the search of one subtree within one bound returns: none of it depends on the order in
 * which the subtrees were searched or where. {@code path} is the first solution in move order
 * (blank moves U, L, R, D) from the subtree's root, or null.
 */
public final class Result {

    public long solutions;
    public long nodes;
    /** The smallest f = g + h above the bound met in the subtree: the next iteration's bound. */
    public int nextBound = Integer.MAX_VALUE;
    public String path;

    /** Adds a child's result, reached by the move named c. */
    public void add(Result child, char c) {
        solutions += child.solutions;
        nodes += child.nodes;
        nextBound = Math.min(nextBound, child.nextBound);
        if (path == null && child.path != null) {
            path = c + child.path;
        }
    }
}
