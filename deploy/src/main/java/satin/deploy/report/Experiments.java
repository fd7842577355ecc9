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

    /**
     * Refuses runs of more than one invocation, naming each with where its runs are; runs made
     * alone ({@code satin run}) count as one group, since whoever gathered them chose them.
     */
    static void checkOne(List<RunData> runs) {
        Map<String, List<RunData>> by = runs.stream()
                .collect(Collectors.groupingBy(RunData::experiment, LinkedHashMap::new, Collectors.toList()));
        if (by.size() <= 1) {
            return;
        }
        String which = by.entrySet().stream().map(e -> (e.getKey().isEmpty() ? "runs made alone" : e.getKey()) + " ("
                + e.getValue().size() + " run" + (e.getValue().size() == 1 ? "" : "s") + ", e.g. "
                + e.getValue().get(0).directory() + ")").collect(Collectors.joining("; "));
        throw new IllegalArgumentException("the runs come from " + by.size() + " invocations: " + which
                + ". One report would pool them as repetitions of the same cells: report each apart, or give"
                + " --merge to pool them on purpose");
    }
}
