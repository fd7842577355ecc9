package satin.deploy.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import satin.deploy.plan.RunPlan;

/**
 * What a run leaves behind, in a directory of its own under the plan's output directory: what the
 * members printed, why the run ended in words a reader does not have to guess, and {@code
 * result.json}. Written whole once the members are gone, however the run ended, and also when its
 * launch failed, so that no run leaves an empty directory; while the run goes, {@link LiveFiles}
 * grows the same files line by line.
 */
final class RunDirectory {

    private final Path dir;
    private final RunPlan plan;
    private final Instant started;
    /** Where the master writes the pool's statistics; result.json names it. */
    private final Path stats;

    RunDirectory(Path dir, RunPlan plan, Instant started) {
        this.dir = dir;
        this.plan = plan;
        this.started = started;
        this.stats = dir.resolve("stats.json");
    }

    /**
     * How a run ended: its exit code, the master, the member that ended it (the master, or the one
     * that took its place, whose output is the run's), a SLURM job whose failure stopped it, and
     * why it was destroyed, if it was.
     *
     * @param exitedAt where System.exit was called, if that is why this JVM goes down; else null
     * @param interrupted whether this JVM is going down (Ctrl-C, SIGTERM)
     */
    record Ending(int code, Running master, Running ended, Running lostJob, String exitedAt, boolean interrupted) {

        /** How the run ended, in words, for result.json. */
        String words() {
            return words(code, exitedAt, interrupted);
        }

        static String words(int code, String exitedAt, boolean interrupted) {
            if (code == RunOutcome.TIMED_OUT) {
                return "timed out";
            }
            if (code == RunOutcome.DESTROYED) {
                return exitedAt != null ? "exited" : interrupted ? "interrupted" : "destroyed";
            }
            return code == 0 ? "finished" : "failed";
        }
    }

    /** A fresh directory under the plan's output directory, named by the pool and the start time. */
    static Path create(RunPlan plan) throws IOException {
        Files.createDirectories(plan.outputDir());
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
        for (int i = 0;; i++) {
            Path dir = plan.outputDir().resolve(plan.pool() + "-" + stamp + (i == 0 ? "" : "-" + i));
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                // another run started this second: take the next name
            }
        }
    }

    Path dir() {
        return dir;
    }

    Path stats() {
        return stats;
    }

    /**
     * The run directory of a run whose launch failed before it could end (a secret or archive that
     * could not be written, a member that could not be started) says why, as that of a run that
     * failed later does, instead of being left empty.
     */
    Exception recordFailure(Exception e, List<Running> members, long startNanos) {
        StringBuilder err = new StringBuilder();
        members.forEach(r -> err.append(r.err()));
        err.append("satin-launch: the run could not start: ") // a file system exception's message is only its path
                .append(e instanceof FileSystemException ? e.toString() : e.getMessage()).append('\n');
        try {
            Files.writeString(dir.resolve("stderr.txt"), err, StandardCharsets.UTF_8);
            RunRecord.write(dir.resolve("result.json"), plan, started, Duration.ofNanos(System.nanoTime() - startNanos),
                    1, Ending.words(1, null, false), stats.getFileName().toString());
        } catch (IOException | RuntimeException cannotRecord) {
            e.addSuppressed(cannotRecord);
        }
        return e;
    }

    /** Writes the run directory of a run that ended, and returns its outcome. */
    RunOutcome record(Ending end, List<Running> members, Duration wall) throws IOException {
        Running ended = end.ended();
        String err = ended.err();
        if (ended != end.master()) {
            err = tookOver(end) + err;
        }
        err += why(end);
        Files.writeString(dir.resolve("stdout.txt"), ended.out(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("stderr.txt"), err, StandardCharsets.UTF_8);
        for (Running r : members) { // the others' errors, for when a run goes wrong
            if (r != ended) {
                Files.writeString(dir.resolve("stderr-" + r.member.name() + ".txt"), r.err(), StandardCharsets.UTF_8);
            }
        }
        RunRecord.write(dir.resolve("result.json"), plan, started, wall, end.code(), end.words(),
                stats.getFileName().toString());
        return new RunOutcome(end.code(), ended.out(), err, stats, wall, dir);
    }

    /** What the launcher says of the run's end, beyond what its processes said: a takeover, why it ended; or "". */
    static String notes(Ending end) {
        return (end.ended() != end.master() ? tookOver(end) : "") + why(end);
    }

    private static String tookOver(Ending end) {
        return "satin-launch: the master's process (" + end.master().member.name() + ") ended with exit code "
                + end.master().exitCode() + "; " + end.ended().member.name() + " took over and ended the run\n";
    }

    /** The launcher's own line on why the run ended, if it did not end by itself; "" if it did. */
    private static String why(Ending end) {
        int code = end.code();
        Running lostJob = end.lostJob();
        if (lostJob != null) {
            return "satin-launch: the SLURM job of cluster " + lostJob.member.name() + " ended with exit code "
                    + lostJob.exitCode() + " before the run did, and the run was stopped; its errors are in stderr-"
                    + lostJob.member.name() + ".txt\n";
        } else if (code == RunOutcome.TIMED_OUT) {
            return "satin-launch: the run exceeded its timeout and was killed\n";
        } else if (code == RunOutcome.DESTROYED && end.exitedAt() != null) {
            return "satin-launch: the run ended when " + end.exitedAt() + " called System.exit, which ends this JVM,"
                    + " satin's own (its clusters run here, where: jvm), and the run with it; what it printed until"
                    + " then is kept\n";
        } else if (code == RunOutcome.DESTROYED && end.interrupted()) {
            return "satin-launch: the run was interrupted (Ctrl-C, or a signal that ended the launcher) and its "
                    + "processes were stopped; what they printed until then is kept\n";
        } else if (code == RunOutcome.DESTROYED) {
            return "satin-launch: the run was destroyed before it ended\n";
        }
        return "";
    }
}
