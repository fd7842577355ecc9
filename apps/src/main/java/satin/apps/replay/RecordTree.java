package satin.apps.replay;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import satin.apps.Apps;
import satin.config.Settings;
import satin.record.SpawnTree;
import satin.record.TreeFile;
import satin.record.TreeRecorder;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * Records an application's spawn tree: runs it on this JVM's node with one worker, every spawn
 * copied through the codec and recorded ({@link TreeRecorder}), after {@code --warmup} runs that
 * are not recorded (so that the times are of compiled code), and writes the tree.
 *
 * <p>Arguments: APP [ARGS...] --out FILE [--warmup K] [--fold-us T] [--max-depth D].
 */
public final class RecordTree {

    private RecordTree() {
    }

    public static void main(String[] args) throws IOException {
        List<String> appArgs = new ArrayList<>();
        Path out = null;
        int warmup = 1;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(value(args, ++i));
                case "--warmup" -> warmup = Integer.parseInt(value(args, ++i));
                case "--fold-us" -> System.setProperty(Settings.RECORD_FOLD_MICROS.name(), value(args, ++i));
                case "--max-depth" -> System.setProperty(Settings.RECORD_MAX_DEPTH.name(), value(args, ++i));
                default -> appArgs.add(args[i]);
            }
        }
        if (args.length == 0 || out == null) {
            throw new IllegalArgumentException("usage: RecordTree APP [ARGS...] --out FILE [--warmup K] [--fold-us T] [--max-depth D]");
        }
        SpawnTree tree = record(args[0], appArgs, warmup);
        Files.createDirectories(out.toAbsolutePath().getParent());
        TreeFile.write(tree, out);
        System.out.println("recorded " + tree.description() + ": " + tree.summary() + " -> " + out + " (" + Files.size(out) + " bytes)");
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    /**
     * The application's time on a node of one worker that does not record (the spawn fast path):
     * the recorded tree's total is brought to it, so that what recording cost beyond the calibration
     * (garbage collection of the copies, above all) is not replayed. The last of {@code warmup + 1} runs.
     */
    static double plainRunSeconds(Method run, List<String> args, int warmup) {
        try (Node plain = Node.start(NodeConfig.defaults().withWorkers(1).withName("plain"))) {
            double seconds = Double.MAX_VALUE;
            for (int i = 0; i <= warmup; i++) {
                long start = System.nanoTime();
                plain.call(() -> Apps.run(run, args));
                seconds = Math.min(seconds, (System.nanoTime() - start) / 1e9);
            }
            return seconds;
        } catch (Exception e) {
            throw new IllegalStateException("the plain run of " + String.join(" ", args) + " failed: " + e, e);
        }
    }

    /**
     * What recording costs a call that does nothing: the mean own time of the calls of a tree
     * that only spawns, recorded unfolded after the same warm-up the application had.
     */
    static long overheadPerCall(TreeRecorder recorder, int warmup) {
        long perCall = 0;
        for (int i = 0; i <= warmup; i++) {
            recorder.reset();
            new Calibration().calls(CALIBRATION_DEPTH);
            SpawnTree noop = recorder.tree("calibration");
            perCall = (noop.totalNanos() - noop.ownNanos(0)) / Math.max(1, recorder.spawns());
        }
        return perCall;
    }

    /** 2^13 calls: enough to time, quick to record. */
    private static final int CALIBRATION_DEPTH = 13;

    /**
     * Runs the application {@code warmup + 1} times on one worker in recording mode and returns
     * the tree of the last run. Must run before this JVM's node starts, which it configures.
     */
    public static SpawnTree record(String app, List<String> args, int warmup) {
        System.setProperty(Settings.WORKERS.name(), "1");
        System.setProperty(Settings.BY_VALUE.name(), "always");
        System.setProperty(Settings.RECORD.name(), "true");
        var run = Apps.runMethod(app, RecordTree.class.getClassLoader());
        satin.runtime.Node.embedded(); // starts the node, and with it the recorder, as the properties say
        TreeRecorder recorder = TreeRecorder.active();
        if (recorder == null) {
            throw new IllegalStateException("this JVM's node had started before recording was set: record in a JVM of its own");
        }
        for (int i = 0; i < warmup; i++) {
            Apps.run(run, args);
        }
        long overhead = overheadPerCall(recorder, warmup);
        recorder.reset(overhead);
        recorder.begin();
        Apps.run(run, args);
        recorder.end();
        String folding = "folded below " + Settings.RECORD_FOLD_MICROS.longValue() + " us, depth "
                + Settings.RECORD_MAX_DEPTH.intValue();
        SpawnTree recorded = recorder.tree(app + " " + String.join(" ", args));
        double seconds = plainRunSeconds(run, args, warmup);
        double factor = seconds * 1e9 / recorded.totalNanos();
        return recorded.scaled(factor, String.format(java.util.Locale.ROOT,
                "%s %s (%s; %d ns a call of recording taken off, then times x%.3f to the %.3f s of a plain run on one worker)",
                app, String.join(" ", args), folding, overhead, factor, seconds));
    }
}
