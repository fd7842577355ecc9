package satin.deploy.sim;

import satin.apps.uts.TreeNodes;
import satin.sim.Workload;

/**
 * A UTS tree as the project's UTS code generates it ({@link TreeNodes}), one job per tree node: a
 * node costs {@code nodeNanos} plus {@code hashNanos} per SHA-1 evaluation of its children (the
 * application's {@code -g} per child), then spawns its children. A job is the node's 24-byte entry
 * in three longs; its children's states are computed when it spawns them, with the JDK's SHA-1.
 */
final class UtsWorkload implements Workload {

    /** Measured on this machine (docs/benchmarks.md): a SHA-1 digest about 62 ns, a node's bookkeeping about 35 ns. */
    static final long HASH_NANOS = 62;
    static final long NODE_NANOS = 35;
    /** A stolen node's call (its 24-byte entry and the codec's record) and its result (four counts). */
    static final int JOB_BYTES = 64;
    static final int RESULT_BYTES = 48;

    private final TreeNodes nodes;
    private final long nodeNanos;
    private final long hashNanos;
    private final String args;
    private final byte[] parent = new byte[TreeNodes.ENTRY];
    private final byte[] kid = new byte[TreeNodes.ENTRY];

    /**
     * @param args     the UTS application's arguments (a sample such as T1L, options such as -g 2)
     * @param nodeCost the cost of every node, overriding the model of bookkeeping and hashing; -1 for the model
     */
    UtsWorkload(java.util.List<String> args, long nodeCost) {
        this.nodes = new TreeNodes(args.toArray(new String[0]));
        this.args = String.join(" ", args);
        this.nodeNanos = nodeCost >= 0 ? nodeCost : NODE_NANOS;
        this.hashNanos = nodeCost >= 0 ? 0 : HASH_NANOS * nodes.granularity();
    }

    @Override
    public int words() {
        return 3;
    }

    @Override
    public void root(long[] out, int off) {
        fromBytes(nodes.root(), out, off);
    }

    @Override
    public long cost(long[] job, int off, int children) {
        return nodeNanos + hashNanos * children;
    }

    @Override
    public int children(long[] job, int off) {
        toBytes(job, off, parent);
        return nodes.children(parent, 0);
    }

    @Override
    public void child(long[] job, int off, int index, long[] out, int outOff) {
        toBytes(job, off, parent);
        nodes.child(parent, 0, index, kid, 0);
        fromBytes(kid, out, outOff);
    }

    private static void toBytes(long[] words, int off, byte[] out) {
        for (int w = 0; w < 3; w++) {
            long v = words[off + w];
            for (int b = 0; b < 8; b++) {
                out[w * 8 + b] = (byte) (v >>> (56 - 8 * b));
            }
        }
    }

    private static void fromBytes(byte[] in, long[] out, int off) {
        for (int w = 0; w < 3; w++) {
            long v = 0;
            for (int b = 0; b < 8; b++) {
                v = v << 8 | (in[w * 8 + b] & 0xFF);
            }
            out[off + w] = v;
        }
    }

    @Override
    public int jobBytes() {
        return JOB_BYTES;
    }

    @Override
    public int resultBytes() {
        return RESULT_BYTES;
    }

    @Override
    public long size() {
        return nodes.publishedSize();
    }

    @Override
    public String describe() {
        return "UTS " + args + " (" + nodes.describe() + "), " + (hashNanos == 0 ? nodeNanos + " ns a node"
                : nodeNanos + " ns a node + " + hashNanos + " ns per child");
    }
}
