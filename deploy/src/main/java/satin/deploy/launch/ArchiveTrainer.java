package satin.deploy.launch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Trains the class-data archive in a JVM of its own, on this machine, when no member of the run can:
 * a run whose master runs over ssh (or under SLURM) has no process here to write it, so every run
 * of such a pool started every JVM cold, TLS and all. The trainer is a small pool of two nodes in
 * two clusters on loopback, with TLS on every link, running {@code fib}: it loads what a member
 * loads. It runs beside the run; its archive is put in place if it ended well by the run's end.
 */
final class ArchiveTrainer {

    /** What the trainer runs: a program of the apps, which a launcher's class path holds. */
    static final String PROGRAM = "satin.apps.fib.Fib";
    /**
     * How long the run's end waits for the trainer. On JDK 25 a second JVM creates the cache after
     * the trainer's pool has run (JEP 514): 20 s was too short for both at a load of 25 on 2 cores.
     */
    private static final long GRACE_SECONDS = 60;

    private final Process process;

    private ArchiveTrainer(Process process) {
        this.process = process;
    }

    /** Starts the trainer if this run trains the archive and no member of it does; null otherwise. */
    static ArchiveTrainer startIfNeeded(CommandBuilder commands, ClassDataArchive archive, Path secretFile)
            throws IOException {
        if (!archive.training() || CommandBuilder.trainsArchive(commands.members().get(0)) || !onClassPath()) {
            return null;
        }
        List<String> command = commands.satinJava(CommandBuilder.POOL_MAIN);
        command.addAll(1, archive.options(true));
        command.addAll(List.of("--pool", "satin-cds-training-" + ProcessHandle.current().pid(), "--secret-file",
                secretFile.toString(), "--nodes", "2", "--clusters", "2", "--tls", "all", "--stats", "-",
                "--exit-with-parent", PROGRAM, "20"));
        return new ArchiveTrainer(new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
    }

    private static boolean onClassPath() {
        try {
            Class.forName(PROGRAM, false, ArchiveTrainer.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Whether it ended well, waiting a little for it; one still running by then is stopped and has not. */
    boolean endedWell() throws InterruptedException {
        if (!process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return false;
        }
        return process.exitValue() == 0;
    }

    void destroy() {
        process.destroyForcibly();
    }
}
