package satin.apps.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;
import satin.record.SpawnTree;
import satin.record.TreeFile;

/**
 * Replays a recorded spawn tree: every call waits its recorded own time (times {@code scale}),
 * segment by segment between its spawns and syncs, spawns its recorded children with payloads of
 * their recorded argument sizes, and returns a result of its recorded size. The result carries the
 * tree's checksum, which the recording wrote into the file: equal only if every call ran once
 * and every result came back. With {@code --no-wait} nothing waits (the sequential check).
 *
 * <p>The tree itself never travels: the receiver names its file, and every JVM reads it once.
 */
public class Replay extends SatinObject {

    /** What the codec writes for a replayed job besides its payload and the file's name; measured in ReplayTest. */
    static final int JOB_OVERHEAD = 77;
    /** What the codec writes for a replayed result besides its bytes; measured in ReplayTest. */
    static final int RESULT_OVERHEAD = 6;
    /** A result holds at least its checksum. */
    private static final int CHECKSUM_BYTES = Long.BYTES;

    private static final Map<String, SpawnTree> TREES = new ConcurrentHashMap<>();
    /** Per thread, by how many nanoseconds its earlier waits overran; see {@link #work}. */
    private static final ThreadLocal<long[]> LATE = ThreadLocal.withInitial(() -> new long[1]);

    private final String file;
    private final double scale;
    private final boolean waiting;
    private transient SpawnTree tree;

    public Replay(String file, double scale, boolean waiting) {
        this.file = file;
        this.scale = scale;
        this.waiting = waiting;
    }

    /** The tree of that file, read once per JVM. */
    public static SpawnTree tree(String file) {
        return TREES.computeIfAbsent(file, f -> {
            try {
                return TreeFile.read(Path.of(f));
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        });
    }

    private SpawnTree tree() {
        if (tree == null) {
            tree = tree(file);
        }
        return tree;
    }

    /** The checksum of the whole replay: the root's own work around the calls it spawns. */
    public long replay() {
        return checksum(call(0, new byte[0]));
    }

    @Spawnable
    public byte[] call(int id, byte[] payload) {
        SpawnTree t = tree();
        byte[][] results = new byte[t.childCount(id)][];
        int k = 0;
        int s = 0;
        for (int g = 0; g < t.groupCount(id); g++) {
            for (; k < results.length && t.group(t.child(id, k)) == g; k++) {
                work(t.segment(id, s++));
                int c = t.child(id, k);
                results[k] = call(c, payload(c));
            }
            work(t.segment(id, s++));
            sync();
        }
        work(t.segment(id, s));
        long sum = t.hash(id);
        for (byte[] r : results) {
            sum += checksum(r);
        }
        byte[] result = new byte[Math.max(CHECKSUM_BYTES, t.resultBytes(id) - RESULT_OVERHEAD)];
        ByteBuffer.wrap(result).putLong(sum);
        return result;
    }

    private byte[] payload(int call) {
        return new byte[Math.max(0, tree().argBytes(call) - JOB_OVERHEAD - file.length())];
    }

    private static long checksum(byte[] result) {
        return ByteBuffer.wrap(result).getLong();
    }

    /**
     * Waits a segment's recorded time without using a core, so that 64 replaying nodes fit on two.
     * A park ends tens of microseconds after it was asked to (the kernel's timer slack, more
     * under load): over the thousand calls of a tree of 1 ms leaves that made a replay 1.2-1.55x
     * its program at 2 workers. So each worker thread carries how late its last waits ended and
     * waits that much less next: its waits together last what was recorded.
     */
    private void work(long nanos) {
        if (!waiting || nanos <= 0) {
            return;
        }
        long[] late = LATE.get();
        long wait = (long) (nanos * scale) - late[0];
        if (wait <= 0) {
            late[0] = -wait;
            return;
        }
        long until = System.nanoTime() + wait;
        long now;
        while ((now = System.nanoTime()) < until) {
            LockSupport.parkNanos(until - now);
        }
        late[0] = now - until;
    }

    /**
     * Arguments: FILE [SCALE] [--no-wait]: the recorded tree, and a factor on every wait (1 by
     * default; 10 makes a tenth of a second of recorded work a second of replay). Returns the tree,
     * the checksum, and whether it is the recorded one.
     */
    public static String run(String... args) {
        List<String> a = List.of(args).stream().filter(s -> !s.equals("--no-wait")).toList();
        if (a.isEmpty() || a.size() > 2) {
            throw new IllegalArgumentException("expected FILE [SCALE] [--no-wait], not " + List.of(args));
        }
        double scale = a.size() > 1 ? AppArguments.number(a.get(1), "SCALE", 0, 1e6) : 1;
        SpawnTree t = tree(a.get(0));
        long sum = new Replay(a.get(0), scale, a.size() == args.length).replay();
        if (sum != t.checksum()) {
            throw new IllegalStateException("replay of " + a.get(0) + ": checksum " + Long.toHexString(sum)
                    + ", the recording's is " + Long.toHexString(t.checksum()) + " (a call lost or run twice)");
        }
        return "replay of " + t.description() + ": " + t.summary() + ", checksum " + Long.toHexString(sum) + " as recorded";
    }

    /** Refuses arguments {@link #run} would refuse, reading the tree (and so checking its file). */
    public static void checkArguments(String... args) {
        List<String> a = List.of(args).stream().filter(s -> !s.equals("--no-wait")).toList();
        if (a.isEmpty() || a.size() > 2) {
            throw new IllegalArgumentException("expected FILE [SCALE] [--no-wait], not " + List.of(args));
        }
        if (a.size() > 1) {
            AppArguments.number(a.get(1), "SCALE", 0, 1e6);
        }
        try {
            tree(a.get(0));
        } catch (UncheckedIOException e) { // the file is an argument like any other: named, not thrown as a trace
            throw new IllegalArgumentException("FILE " + describe(e.getCause()), e);
        }
    }

    /** What is wrong with a tree file, in words: its path and the reason. */
    private static String describe(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException missing) {
            return missing.getFile() + ": no such file";
        }
        return e.getMessage();
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
