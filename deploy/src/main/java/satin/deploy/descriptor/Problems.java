package satin.deploy.descriptor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.Node;

/** Collects the problems of one descriptor while it is read, so that all are reported at once. */
final class Problems {

    private final String origin;
    private final List<Problem> found = new ArrayList<>();

    Problems(String origin) {
        this.origin = origin;
    }

    String origin() {
        return origin;
    }

    void at(Node node, String path, String message) {
        at(node == null ? null : node.getStartMark(), path, message);
    }

    void at(Mark mark, String path, String message) {
        int line = mark == null ? 1 : mark.getLine() + 1;
        int column = mark == null ? 1 : mark.getColumn() + 1;
        found.add(new Problem(origin, line, column, path, message));
    }

    boolean any() {
        return !found.isEmpty();
    }

    /** Throws if anything was found, ordered as in the file (a stable sort keeps a line's own order). */
    void throwIfAny() {
        if (any()) {
            List<Problem> sorted = new ArrayList<>(found);
            sorted.sort(Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column));
            throw new DescriptorException(sorted);
        }
    }
}
