package satin.bench.paper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import satin.apps.Apps;
import satin.apps.replay.Replay;
import satin.bench.BenchTree;
import satin.bench.ReplayBench;
import satin.config.Settings;
import satin.record.SpawnTree;

/**
 * Recorded spawn trees of the applications, made when missing (each in a JVM of its own, as
 * {@code ./bench replay --record-only} makes them) and replayed so that a run on N emulated nodes
 * lasts about as long as asked: the waits are scaled to the tree's work.
 */
final class Recordings {

    /** Spawn-per-call fib, which {@code ./bench replay} does not record, at a size whose tree a file holds. */
    private static final List<String> FIB_ARGS = List.of("36");

    private Recordings() {
    }

    /**
     * The tree of {@code app} recorded with the arguments of {@code ./bench replay} (about a second of
     * work) or, for those it does not record, the medium preset; tiny ones from the small preset.
     * Recorded now if its file is missing.
     */
    static Path tree(String app, boolean tiny) throws IOException, InterruptedException {
        return record(app, arguments(app, tiny), directory(tiny).resolve(app + ".tree"), tiny);
    }

    /** The tree of {@code app} with these arguments, in a file of its own, recorded now if missing. */
    static Path tree(String app, List<String> args) throws IOException, InterruptedException {
        String slug = String.join("-", args).replaceAll("[^A-Za-z0-9.-]", "_");
        return record(app, args, directory(false).resolve(app + "-" + slug + ".tree"), false);
    }

    private static Path directory(boolean tiny) {
        return Path.of(Settings.HOME.text(), "benchmarks", "target", tiny ? "trees-tiny" : "trees");
    }

    private static Path record(String app, List<String> args, Path file, boolean tiny)
            throws IOException, InterruptedException {
        if (Files.isRegularFile(file)) {
            return file;
        }
        Files.createDirectories(file.getParent());
        List<String> cmd = new ArrayList<>(List.of("satin.apps.replay.RecordTree", app));
        cmd.addAll(args);
        cmd.addAll(List.of("--out", file.toString(), "--warmup", tiny ? "0" : "1", "--fold-us", "1000"));
        System.err.println(ReplayBench.Child.run(List.of(), cmd).trim());
        return file;
    }

    private static List<String> arguments(String app, boolean tiny) {
        if (!tiny) {
            if (app.equals("fib")) {
                return FIB_ARGS;
            }
            Optional<List<String>> replayed = ReplayBench.recordedArguments(app);
            if (replayed.isPresent()) {
                return replayed.get();
            }
        }
        List<String> preset = Apps.presets(app, Recordings.class.getClassLoader()).get(tiny ? "small" : "medium");
        if (preset == null) {
            throw new IllegalStateException(app + " has no " + (tiny ? "small" : "medium") + " preset to record");
        }
        return preset;
    }

    /**
     * {@code app}'s tree replayed on {@code nodes} nodes with its waits scaled so that the work
     * spread evenly takes {@code idealSeconds}; its sequential time is the scaled work.
     */
    static Grid.Workload replayed(String name, String app, boolean tiny, int nodes, double idealSeconds)
            throws IOException, InterruptedException {
        Path file = tree(app, tiny);
        SpawnTree t = Replay.tree(file.toString());
        return scaled(name, file, t, idealSeconds * nodes / (t.totalNanos() / 1e9), nodes);
    }

    /**
     * The tree in {@code file} replayed as {@link #replayed} does, but a tree whose critical path is
     * longer than its work spread evenly is scaled so that its critical path takes {@code seconds}: a
     * run of an application with little parallelism (tsp's tree has 1.4) then lasts about as long as
     * the others, not 40 times longer.
     */
    static Grid.Workload replayedWithin(String name, Path file, int nodes, double seconds) {
        SpawnTree t = Replay.tree(file.toString());
        double longest = Math.max(t.totalNanos() / (double) nodes, t.criticalPathNanos()) / 1e9;
        return scaled(name, file, t, seconds / longest, nodes);
    }

    private static Grid.Workload scaled(String name, Path file, SpawnTree t, double scale, int nodes) {
        return new Grid.Workload(name, BenchTree.replay(nodes, file + "," + scale), t.totalNanos() * scale / 1e9);
    }
}
