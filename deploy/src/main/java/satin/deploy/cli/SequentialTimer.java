package satin.deploy.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import satin.deploy.plan.AppPlan;

/**
 * The sequential program's time on a comparison's input, for the speedups of its report: the
 * application's classes as they were before the build rewrote them (the Maven plugin keeps them;
 * {@code ./satin} passes their directory as {@code -Dsatin.sequentialClasses}), run once in a JVM
 * of their own.
 */
final class SequentialTimer {

    private final Path classes;
    private final Duration timeout;

    SequentialTimer(Path classes, Duration timeout) {
        this.classes = classes;
        this.timeout = timeout;
    }

    /** The timer of this installation, or null when the sequential classes are not at hand. */
    static SequentialTimer ofThisInstallation(Duration timeout) {
        String dir = satin.config.Settings.SEQUENTIAL_CLASSES.raw();
        return dir != null && Files.isDirectory(Path.of(dir)) ? new SequentialTimer(Path.of(dir), timeout) : null;
    }

    /**
     * What the sequential program did on a comparison's input: how long its main took, and what it
     * printed, against which every run of the comparison is checked.
     *
     * @param nanos  empty if it failed or took too long
     * @param stdout null if it failed or took too long
     */
    record Sequential(OptionalLong nanos, String stdout) {
        static final Sequential NONE = new Sequential(OptionalLong.empty(), null);
    }

    /**
     * Runs the sequential main on these arguments. If it fails or takes too long, {@code err} says
     * which, with the top of what it printed: a comparison without speedups must say why, since
     * the parallel runs of the same program may well have worked.
     */
    Sequential measure(AppPlan app, PrintWriter err) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classes + File.pathSeparator + System.getProperty("java.class.path"), TimedMain.class.getName(),
                app.mainClass()));
        command.addAll(app.args());
        String what = "satin: the sequential program of " + app.name() + " " + String.join(" ", app.args());
        Path out = Files.createTempFile("satin-sequential-out", ".txt");
        Path printed = Files.createTempFile("satin-sequential", ".txt");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(printed.toFile()).start();
            try {
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    err.println(what + " did not end within " + timeout.toMillis() + " ms (--timeout): no speedups over it");
                    return Sequential.NONE;
                }
            } finally {
                p.destroyForcibly();
            }
            List<String> lines = Files.readAllLines(printed, StandardCharsets.UTF_8);
            OptionalLong nanos = lines.stream().filter(l -> l.startsWith(TimedMain.MARK))
                    .mapToLong(l -> Long.parseLong(l.substring(TimedMain.MARK.length()).trim())).findFirst();
            if (p.exitValue() != 0 || nanos.isEmpty()) {
                err.println(what + (p.exitValue() != 0 ? " failed (exit code " + p.exitValue() + ")"
                        : " ended without returning from main (System.exit?)") + ": no speedups over it; it printed:");
                lines.stream().limit(LINES_SHOWN).forEach(l -> err.println("  " + l));
                if (lines.size() > LINES_SHOWN) {
                    err.println("  ...");
                }
                return Sequential.NONE;
            }
            return new Sequential(nanos, Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(printed);
        }
    }

    /** How much of a failed sequential program's error output is shown: its message and the top of its trace. */
    private static final int LINES_SHOWN = 12;
}
