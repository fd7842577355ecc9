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

    /** Arguments for a recording of about a second of work: those of ./bench replay where it has them, else the medium preset. */
    /** Spawn-per-call fib, which {@code ./bench replay} does not record, at a size whose tree a file holds. */
    private static final List<String> FIB_ARGS = List.of("36");

    private Recordings() {
    }

    /** The tree of {@code app}, recorded now if its file is missing; tiny ones from the small preset. */
    static Path tree(String app, boolean tiny) throws IOException, InterruptedException {
        Path dir = Path.of(Settings.HOME.text(), "benchmarks", "target", tiny ? "trees-tiny" : "trees");
        Path file = dir.resolve(app + ".tree");
        if (Files.isRegularFile(file)) {
            return file;
        }
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of("satin.apps.replay.RecordTree", app));
        cmd.addAll(arguments(app, tiny));
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
        double scale = idealSeconds * nodes / (t.totalNanos() / 1e9);
        return new Grid.Workload(name, BenchTree.replay(nodes, file + "," + scale), t.totalNanos() * scale / 1e9);
    }
}
