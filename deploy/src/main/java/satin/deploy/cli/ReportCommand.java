package satin.deploy.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import satin.deploy.report.Reports;

/** {@code satin report RUN-DIR...}: tables and charts from the files runs left. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Turns run directories (or directories holding them) into results.csv, results.md and charts",
            "(runtime, WAN messages, occupancy per run; PNG and SVG)."})
final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RUN-DIR")
    List<Path> runs;

    @Option(names = "--out", paramLabel = "DIR", description = "where the report goes (default: RUN-DIR/report for one directory)")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>();
        if (out != null) {
            args.add("--out");
            args.add(out.toString());
        }
        runs.forEach(r -> args.add(r.toString()));
        var o = new java.io.PrintStream(new WriterStream(spec.commandLine().getOut()), true);
        var e = new java.io.PrintStream(new WriterStream(spec.commandLine().getErr()), true);
        return Reports.run(args.toArray(new String[0]), o, e);
    }

    /** Reports writes to streams, picocli to writers. */
    private static final class WriterStream extends java.io.OutputStream {
        private final java.io.PrintWriter w;

        WriterStream(java.io.PrintWriter w) {
            this.w = w;
        }

        @Override
        public void write(int b) {
            w.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            w.write(new String(b, off, len, java.nio.charset.StandardCharsets.UTF_8));
        }

        @Override
        public void flush() {
            w.flush();
        }
    }
}
