package satin.deploy.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Which invocations of {@code satin compare} or {@code simulate} a set of runs comes from. Runs of
 * two invocations with the same workload, balancer and configuration would land in one cell as
 * repetitions of each other, though they may have run on another day, another build or another
 * machine; so a report pools them only when asked.
 */
final class Experiments {

    private Experiments() {
    }

    /** How many invocations a refusal names; the rest are counted. */
    private static final int NAMED = 8;

    /**
     * Refuses runs of more than one invocation, naming each with where its runs are. A run made
     * alone ({@code satin run}, or statistics of {@code satin pool}) carries no mark and is an
     * invocation of its own: two of them are as apart as two comparisons.
     */
    static void checkOne(List<RunData> runs) {
        Map<String, List<RunData>> by = runs.stream()
                .collect(Collectors.groupingBy(Experiments::invocation, LinkedHashMap::new, Collectors.toList()));
        if (by.size() <= 1) {
            return;
        }
        String which = by.values().stream().limit(NAMED).map(Experiments::describe).collect(Collectors.joining("; "))
                + (by.size() > NAMED ? "; and " + (by.size() - NAMED) + " more" : "");
        throw new IllegalArgumentException("the runs come from " + by.size() + " invocations: " + which
                + ". One report would pool them as repetitions of the same cells: report each apart, or give"
                + " --merge to pool them on purpose");
    }

    private static String invocation(RunData run) {
        return run.experiment().isEmpty() ? "alone " + run.directory() : run.experiment();
    }

    private static String describe(List<RunData> group) {
        RunData first = group.get(0);
        if (first.experiment().isEmpty()) {
            return "a run made alone in " + first.directory();
        }
        return first.experiment() + " (" + group.size() + " run" + (group.size() == 1 ? "" : "s") + ", e.g. "
                + first.directory() + ")";
    }
}
