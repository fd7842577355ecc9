package satin.deploy.descriptor;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A descriptor that cannot become a plan, with every problem found in it rather than the first,
 * so that one edit can fix them all. The message is one problem per line.
 */
public final class DescriptorException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient List<Problem> problems;

    public DescriptorException(List<Problem> problems) {
        super(problems.stream().map(Problem::toString).collect(Collectors.joining("\n")));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a descriptor exception needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    /** The problems, in the order they appear in the file. */
    public List<Problem> problems() {
        return problems;
    }
}
