package satin.bench;

import java.util.concurrent.Callable;
import satin.apps.replay.Replay;
import satin.apps.synthetic.SyntheticTree;
import satin.record.SpawnTree;

/**
 * What the balancers' benchmark runs on 64 nodes: the synthetic tree, or a recorded application
 * tree replayed ({@code --replay FILE[,SCALE]}). Both wait instead of compute; both return a number
 * known before the run, which every run is checked against.
 *
 * @param description the header line's account of the tree
 * @param expected what the root call must return
 * @param idealSeconds the work spread evenly over the nodes
 * @param root the root call, to run on the master node
 */
public record BenchTree(String description, long expected, double idealSeconds, Callable<Long> root) {

    public static BenchTree synthetic(int nodes, int fanOut, int depth, long leafMicros, double irregularity, int payload) {
        SyntheticTree oracle = new SyntheticTree(fanOut, depth, leafMicros, irregularity, false);
        SyntheticTree tree = new SyntheticTree(fanOut, depth, leafMicros, irregularity, true);
        String text = String.format(java.util.Locale.ROOT, "tree %d^%d = %d leaves of %d us (irregularity %.2f, %d-byte payload)",
                fanOut, depth, oracle.leaves(), leafMicros, irregularity, payload);
        return new BenchTree(text, oracle.run(payload), oracle.leaves() * leafMicros / 1e6 / nodes, () -> tree.run(payload));
    }

    /** FILE[,SCALE]: a recorded tree, every wait times SCALE (1 if left out). */
    public static BenchTree replay(int nodes, String spec) {
        String[] p = spec.split(",");
        double scale = p.length > 1 ? Double.parseDouble(p[1]) : 1;
        SpawnTree t = Replay.tree(p[0]);
        String text = "replay of " + t.description() + (scale == 1 ? "" : " x" + scale) + ": " + t.summary();
        Replay replay = new Replay(p[0], scale, true);
        return new BenchTree(text, t.checksum(), t.totalNanos() * scale / 1e9 / nodes, replay::replay);
    }
}
