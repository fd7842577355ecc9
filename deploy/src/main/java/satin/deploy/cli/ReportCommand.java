package satin.deploy.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import satin.deploy.report.Reports;

/** {@code satin report RUN-DIR...}: tables and charts from the files runs left. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Turns run directories (or directories holding them) into results.csv, results.md and charts.",
            "The charts show run time, WAN messages and occupancy per run, as PNG and SVG; trace.json (trace-RUN.json",
            "each for several runs) shows every node's and worker's running, stealing and idle spans, the jobs",
            "between nodes as arrows and messages per interval, in Perfetto or chrome://tracing.",
            "A RUN-DIR holds stats.json and/or result.json, or runs below it. Runs of several invocations",
            "(a compare or simulate and all its runs; each run alone) are refused unless --merge;",
            "a report never replaces one of other runs.",
            "Example: satin report satin-results/latest"})
final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RUN-DIR")
    List<Path> runs;

    @Option(names = {"--out", "-o"}, paramLabel = "DIR", description = "where the report goes (default: RUN-DIR/report for one directory)")
    Path out;

    @Option(names = "--merge", description = "pool runs of several invocations (compare, simulate, run) as repetitions of one matrix")
    boolean merge;

    @Spec
    CommandSpec spec;

    /** Where the timelines are, and what opens them. */
    private static String timelines(List<Path> files, Path target) {
        List<Path> traces = files.stream().filter(f -> f.getFileName().toString().startsWith("trace")).toList();
        String where = traces.size() == 1 ? "timeline " + traces.get(0) : "timelines " + target.resolve("trace-*.json");
        return where + " (open in https://ui.perfetto.dev or chrome://tracing)";
    }

    @Override
    public Integer call() {
        if (out == null && runs.size() > 1) {
            throw new IllegalArgumentException("several run directories need --out");
        }
        Path target = out != null ? out : runs.get(0).resolve("report");
        try {
            List<Path> files = Reports.write(runs, target, merge);
            spec.commandLine().getOut().println("satin report: " + files.size() + " files written to " + target + "; "
                    + timelines(files, target));
            return 0;
        } catch (IOException e) {
            spec.commandLine().getErr().println("satin report: " + FileProblems.describe(e));
            return 1;
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("satin report: " + e.getMessage()); // runs it cannot read
            return 1;
        }
    }
}
