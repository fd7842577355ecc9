package satin.deploy.cli;

import java.io.File;
import java.io.IOException;
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
        String dir = System.getProperty("satin.sequentialClasses");
        return dir != null && Files.isDirectory(Path.of(dir)) ? new SequentialTimer(Path.of(dir), timeout) : null;
    }

    /** Nanoseconds of the sequential main on these arguments; empty if it failed or took too long. */
    OptionalLong measure(AppPlan app) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classes + File.pathSeparator + System.getProperty("java.class.path"), TimedMain.class.getName(),
                app.mainClass()));
        command.addAll(app.args());
        Path err = Files.createTempFile("satin-sequential", ".txt");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(err.toFile()).start();
            try {
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
                    return OptionalLong.empty();
                }
            } finally {
                p.destroyForcibly();
            }
            return Files.readAllLines(err, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith(TimedMain.MARK))
                    .mapToLong(l -> Long.parseLong(l.substring(TimedMain.MARK.length()).trim())).findFirst();
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
