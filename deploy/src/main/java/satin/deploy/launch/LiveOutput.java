package satin.deploy.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.regex.Pattern;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.launch.PoolMain;

/**
 * Every line the members of a run print, as it comes: into the run directory's files
 * ({@link LiveFiles}), to the run's {@link RunWatcher}, and, for the statistics a member sends on
 * its stderr ({@link PoolMain#STATS_ON_STDERR}), into {@code stats.json}. It also knows whose
 * stdout is the run's main output: the master's, or, once the master is gone, that of the member
 * that said it took its place.
 */
final class LiveOutput implements Running.Lines {

    static final Pattern REGISTRY = Pattern.compile("satin: registry of pool \\S+ at (\\S+)");
    /** What a member's process says when the pool made it the master in place of a dead one ({@code PoolMain}). */
    static final Pattern TOOK_OVER = Pattern.compile("satin: the master is gone; node \\S+ is the master now");
    /** What the master says when it runs main, with every node or with {@code --min-nodes} of them. */
    private static final Pattern MAIN_STARTS = Pattern.compile("satin: (\\d+ nodes joined; running|only .* with them)");

    private final RunWatcher watcher;
    private final LiveFiles files;
    private final Path dir;
    private final Path stats;
    /** The member that took the master's place, whose stdout is now the main output; null while the master lives. */
    private volatile Running successor;

    LiveOutput(RunWatcher watcher, Path dir, Path stats) {
        this.watcher = watcher;
        this.files = new LiveFiles(dir);
        this.dir = dir;
        this.stats = stats;
    }

    RunWatcher watcher() {
        return watcher;
    }

    @Override
    public String line(Running who, boolean stdout, String line) {
        CommandBuilder.Member m = who == null ? null : who.member;
        if (!stdout && line.startsWith(PoolMain.STATS_FRAME)) {
            line = statistics(line.substring(PoolMain.STATS_FRAME.length()));
        }
        files.append(LiveFiles.fileOf(m, stdout), line);
        boolean main = successor == null ? m == null || m.master() : who == successor;
        if (stdout && main) {
            watcher.mainOutput(line);
        } else {
            watcher.memberLine(label(m), line);
        }
        if (!stdout && TOOK_OVER.matcher(line).find()) {
            successor = who;
            watcher.progress("satin-launch: the master is gone; " + label(m) + " took its place and runs main again");
        } else if (!stdout && main && MAIN_STARTS.matcher(line).find()) {
            watcher.progress("satin-launch: main started");
        }
        return line;
    }

    /** The run has ended and its directory is written: statistics that come now are too late. */
    private boolean closed;

    /** The run's registry is at {@code address}: {@code registry.txt} says so while the run lives, and the watcher hears it. */
    void registry(String address) {
        Path file = CommandBuilder.registryFile(stats);
        try {
            if (!Files.exists(file)) { // a master that SLURM tasks join writes it itself
                Path partial = dir.resolve(".registry.txt.partial");
                Files.writeString(partial, address + "\n", StandardCharsets.UTF_8);
                Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            watcher.progress("satin-launch: cannot write " + file + ": " + e.getMessage());
        }
        watcher.progress("satin-launch: registry at " + address + " (in " + file + " while the run lives)");
    }

    /**
     * Tells the watcher, at the end, what a member whose lines were not heard as they came printed:
     * a SLURM cluster, whose tasks write files of their own that nothing here reads as they grow.
     */
    void replay(Running r) {
        if (r instanceof Running.OfSlurm) {
            r.out().lines().forEach(watcher::mainOutput);
            r.err().lines().forEach(line -> watcher.memberLine(label(r.member), line));
        }
    }

    /** The run has ended: the files stop growing, and the run directory is written whole. */
    synchronized void close() {
        closed = true;
        files.close();
    }

    /**
     * Writes the statistics a member sent (Base64 JSON) to stats.json; the line its text keeps
     * instead. Synchronized, with a file of its own for each write: the master and a member that
     * took its place may both send them, each on its own reader thread.
     */
    private synchronized String statistics(String base64) {
        if (closed) {
            return "satin-launch: statistics sent after the run ended were not written";
        }
        try {
            byte[] json = Base64.getDecoder().decode(base64.strip());
            Path partial = Files.createTempFile(stats.toAbsolutePath().getParent(), ".stats.json.", ".partial");
            Files.write(partial, json);
            Files.move(partial, stats, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return "satin: statistics written to " + stats.toAbsolutePath() + " (sent on stderr to the launcher)";
        } catch (IOException | IllegalArgumentException e) {
            return "satin-launch: the statistics this process sent could not be written to " + stats + ": " + e;
        }
    }

    /** {@code cluster@host}: the host ssh reaches, this machine's processes, or this JVM. */
    static String label(CommandBuilder.Member m) {
        if (m == null) {
            return "main";
        }
        String host = m.sshHost() != null ? m.sshHost().substring(m.sshHost().indexOf('@') + 1)
                : m.placement() == Placement.IN_JVM ? "jvm" : m.placement() == Placement.SLURM ? "slurm" : "local";
        return m.cluster().name() + "@" + host;
    }
}
