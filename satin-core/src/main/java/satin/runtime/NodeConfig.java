package satin.runtime;

import java.util.List;
import java.util.Properties;
import satin.config.Bytes;
import satin.config.Setting;
import satin.config.Settings;
import satin.config.Syntax;
import satin.deque.DequeKind;

/**
 * How a node is set up.
 *
 * @param name       the node's name in logs and statistics
 * @param workers    worker threads, each with its own deque; the paper's node is one CPU, so 1
 * @param deque      the deque implementation
 * @param stackBytes the stack size of each worker thread: jobs run on top of the stack of the
 *                   sync that waits, so a deep spawn tree needs a deep stack
 * @param byValue    whether every spawn's arguments and result are copied as if another node had
 *                   stolen it, even when it runs here ({@code satin.byValue=always}): a program
 *                   that relies on sharing them then fails on one node as it would on many
 */
public record NodeConfig(String name, int workers, DequeKind deque, long stackBytes, boolean byValue) {

    public static final int DEFAULT_WORKERS = Settings.WORKERS.defaultInt();
    public static final long DEFAULT_STACK_BYTES = Bytes.parse(Settings.STACK.defaultValue());
    /**
     * The most workers a node may have. Each is a thread with a stack of its own: satin.workers=100000
     * made the JVM create threads until it could not, and the node never started nor failed.
     */
    public static final int MAX_WORKERS = Settings.MAX_WORKERS;
    private static final long MIN_STACK_BYTES = Settings.MIN_STACK_BYTES;

    public NodeConfig(String name, int workers, DequeKind deque, long stackBytes) {
        this(name, workers, deque, stackBytes, false);
    }

    public NodeConfig {
        if (workers < 1 || workers > MAX_WORKERS) {
            throw new IllegalArgumentException("a node needs at least one worker and at most " + MAX_WORKERS + ", not "
                    + workers);
        }
        if (stackBytes < MIN_STACK_BYTES) {
            throw new IllegalArgumentException("worker stack of " + stackBytes + " bytes is below 64 KiB");
        }
    }

    public static NodeConfig defaults() {
        return new NodeConfig("node0", DEFAULT_WORKERS, DequeKind.SPLIT, DEFAULT_STACK_BYTES);
    }

    public NodeConfig withWorkers(int n) {
        return new NodeConfig(name, n, deque, stackBytes, byValue);
    }

    public NodeConfig withDeque(DequeKind kind) {
        return new NodeConfig(name, workers, kind, stackBytes, byValue);
    }

    public NodeConfig withName(String newName) {
        return new NodeConfig(newName, workers, deque, stackBytes, byValue);
    }

    /** With worker stacks of {@code bytes}: many nodes of shallow programs in one JVM need less. */
    public NodeConfig withStackBytes(long bytes) {
        return new NodeConfig(name, workers, deque, bytes, byValue);
    }

    /** With every spawn copied as a stolen one is (true), or shared as usual (false). */
    public NodeConfig withByValue(boolean copied) {
        return new NodeConfig(name, workers, deque, stackBytes, copied);
    }

    /**
     * The defaults, overridden by {@code satin.workers}, {@code satin.deque},
     * {@code satin.stack} (bytes, or with a k, m or g suffix) and {@code satin.byValue}
     * ({@code always}, or {@code stolen}: only stolen jobs are copied, the default). The other
     * settings a node reads as it starts are checked here too, so that a bad one is refused before
     * anything runs: {@code satin.offered} and the switches {@code satin.stats},
     * {@code satin.requireRewritten}, {@code satin.timeline} and {@code satin.record}.
     *
     * @throws IllegalArgumentException naming the property and the value when one is malformed
     */
    public static NodeConfig fromProperties(Properties p) {
        int workers = Settings.WORKERS.intValue(p);
        DequeKind deque = Settings.DEQUE.parsed(p, DequeKind::parse);
        long stack = Bytes.parse(Settings.STACK.text(p));
        boolean byValue = Settings.BY_VALUE.text(p).trim().equalsIgnoreCase("always");
        satin.deque.Offered.fromProperties(p);
        for (Setting s : SWITCHES) {
            s.isOn(p);
        }
        return new NodeConfig(defaults().name, workers, deque, stack, byValue);
    }

    /** {@code satin.deque}'s syntax, which is its type's: for the start-up check of every setting. */
    public static final Syntax DEQUE_SYNTAX = Syntax.parsedBy(DequeKind::parse);

    /** The on-or-off settings a node's parts read as they start. */
    private static final List<Setting> SWITCHES = List.of(Settings.STATS, Settings.REQUIRE_REWRITTEN,
            Settings.TIMELINE, Settings.RECORD);
}
