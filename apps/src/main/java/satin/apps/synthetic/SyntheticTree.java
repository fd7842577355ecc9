package satin.apps.synthetic;

import java.util.concurrent.locks.LockSupport;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * The synthetic workload: a tree of spawns with {@code fanOut} children per
 * node and {@code depth} levels, whose leaves wait instead of compute, so that 64 nodes on a small
 * machine behave like 64 CPUs and what is measured is the load balancer and the network.
 *
 * <p>A leaf waits {@code leafMicros}, varied by up to {@code irregularity} (0 to 1) either way,
 * reproducibly from its place in the tree; every spawn carries {@code payloadBytes} bytes, so that
 * a stolen job costs bandwidth. Each leaf returns a number drawn from its place; the tree returns
 * their sum, which does not depend on where the leaves ran. With {@code waiting} off the leaves
 * return at once: the sequential program then gives the same sum in no time.
 */
public class SyntheticTree extends SatinObject {

    private final int fanOut;
    private final int depth;
    private final long leafMicros;
    private final double irregularity;
    private final boolean waiting;

    public SyntheticTree(int fanOut, int depth, long leafMicros, double irregularity, boolean waiting) {
        if (fanOut < 1 || depth < 0 || leafMicros < 0 || leafMicros > MAX_LEAF_MICROS || irregularity < 0
                || irregularity > 1) {
            throw new IllegalArgumentException("a tree needs fan-out >= 1, depth >= 0, leaf time from 0 to "
                    + MAX_LEAF_MICROS + " us and irregularity in [0, 1]");
        }
        this.fanOut = fanOut;
        this.depth = depth;
        this.leafMicros = leafMicros;
        this.irregularity = irregularity;
        this.waiting = waiting;
    }

    /** The sum over the whole tree. */
    public long run(int payloadBytes) {
        byte[] payload = new byte[payloadBytes];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) i;
        }
        return node(0, 0, payload);
    }

    @Spawnable
    public long node(int level, long path, byte[] payload) {
        if (level == depth) {
            return leaf(path, payload);
        }
        long[] children = new long[fanOut];
        for (int i = 0; i < fanOut; i++) {
            children[i] = node(level + 1, path * fanOut + i, payload);
        }
        sync();
        long sum = 0;
        for (long c : children) {
            sum += c;
        }
        return sum;
    }

    private long leaf(long path, byte[] payload) {
        long h = mix(path);
        if (waiting && leafMicros > 0) {
            long until = System.nanoTime() + leafNanos(path);
            for (long left; (left = until - System.nanoTime()) > 0;) {
                LockSupport.parkNanos(left);
            }
        }
        return (h & 0xFFFF) + (payload.length == 0 ? 0 : payload[(int) (path % payload.length)]);
    }

    /**
     * How long the leaf at {@code path} waits: the leaf time varied by the irregularity, from the
     * leaf's place alone (the simulator, satin.sim, gives its leaves the same times).
     */
    public long leafNanos(long path) {
        double variation = irregularity * (2 * ((mix(path) >>> 11) * 0x1.0p-53) - 1);
        return (long) (leafMicros * 1_000 * (1 + variation));
    }

    public int fanOut() {
        return fanOut;
    }

    public int depth() {
        return depth;
    }

    /** A well-mixed number from a leaf's place (SplitMix64's finalizer, as recorded trees use it). */
    static long mix(long x) {
        return satin.record.SpawnTree.mix(x);
    }

    /** The leaves of a tree, and so the total wait: fanOut^depth. */
    public long leaves() {
        long n = 1;
        for (int i = 0; i < depth; i++) {
            n *= fanOut;
        }
        return n;
    }

    /** The longest a leaf may wait: an hour, far below where its time in nanoseconds would overflow. */
    static final long MAX_LEAF_MICROS = 3_600_000_000L;
    /** A job's payload travels in one frame, whose default limit is 16 MiB. */
    static final int MAX_PAYLOAD_BYTES = 16 << 20;

    /** What the command line asks for: the tree and every job's payload. */
    private record Arguments(SyntheticTree tree, int payloadBytes) {
    }

    /**
     * Arguments: FAN-OUT DEPTH LEAF-MICROS [IRREGULARITY [PAYLOAD-BYTES]] [--no-wait]. Prints the
     * sum, which the sequential program (with --no-wait, at once) prints too.
     */
    public static void main(String[] args) {
        Arguments a = arguments(args);
        System.out.println("tree(" + a.tree().fanOut + "^" + a.tree().depth + " leaves) = " + a.tree().run(a.payloadBytes()));
    }

    /** Refuses, naming the parameter and its value, what main would refuse (or take for a tree that never ends). */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    private static Arguments arguments(String... args) {
        boolean waiting = !java.util.Arrays.asList(args).contains("--no-wait");
        java.util.List<String> a = java.util.Arrays.stream(args).filter(s -> !s.equals("--no-wait")).toList();
        if (a.size() > 5) {
            throw new IllegalArgumentException("expected FAN-OUT DEPTH LEAF-MICROS [IRREGULARITY [PAYLOAD-BYTES]] [--no-wait],"
                    + " not " + java.util.List.of(args));
        }
        int fanOut = a.size() > 0 ? AppArguments.integer(a.get(0), "FAN-OUT", 1, Integer.MAX_VALUE) : 4;
        int depth = a.size() > 1 ? AppArguments.integer(a.get(1), "DEPTH", 0, Integer.MAX_VALUE) : 6;
        long leafMicros = a.size() > 2 ? AppArguments.integer(a.get(2), "LEAF-MICROS", 0, MAX_LEAF_MICROS) : 1_000;
        double irregularity = a.size() > 3 ? AppArguments.number(a.get(3), "IRREGULARITY", 0, 1) : 0.5;
        int payload = a.size() > 4 ? AppArguments.integer(a.get(4), "PAYLOAD-BYTES", 0, MAX_PAYLOAD_BYTES) : 100;
        if (Math.pow(fanOut, depth) >= 0x1p62) {
            throw new IllegalArgumentException("a tree of " + fanOut + "^" + depth
                    + " leaves is too large to number its leaves (FAN-OUT^DEPTH must be below 2^62)");
        }
        return new Arguments(new SyntheticTree(fanOut, depth, leafMicros, irregularity, waiting), payload);
    }
}
