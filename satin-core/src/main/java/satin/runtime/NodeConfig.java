package satin.runtime;

import java.util.Locale;
import java.util.Properties;
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

    public static final int DEFAULT_WORKERS = 1;
    public static final long DEFAULT_STACK_BYTES = 512L << 20;
    /**
     * The most workers a node may have. Each is a thread with a stack of its own: satin.workers=100000
     * made the JVM create threads until it could not, and the node never started nor failed.
     */
    public static final int MAX_WORKERS = 4096;

    public NodeConfig(String name, int workers, DequeKind deque, long stackBytes) {
        this(name, workers, deque, stackBytes, false);
    }

    public NodeConfig {
        if (workers < 1 || workers > MAX_WORKERS) {
            throw new IllegalArgumentException("a node needs at least one worker and at most " + MAX_WORKERS + ", not "
                    + workers);
        }
        if (stackBytes < 64 << 10) {
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
     * ({@code always}, or {@code stolen}: only stolen jobs are copied, the default).
     *
     * @throws IllegalArgumentException naming the property and the value when one is malformed
     */
    public static NodeConfig fromProperties(Properties p) {
        NodeConfig c = defaults();
        String workers = p.getProperty("satin.workers");
        String deque = p.getProperty("satin.deque");
        String stack = p.getProperty("satin.stack");
        String byValue = p.getProperty("satin.byValue");
        try {
            return new NodeConfig(c.name,
                    workers == null ? c.workers : Integer.parseInt(workers.trim()),
                    deque == null ? c.deque : DequeKind.parse(deque),
                    stack == null ? c.stackBytes : parseBytes(stack),
                    byValue != null && parseByValue(byValue));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad satin.* system property (satin.workers=" + workers
                    + ", satin.deque=" + deque + ", satin.stack=" + stack + ", satin.byValue=" + byValue + "): "
                    + e.getMessage(), e);
        }
    }

    static boolean parseByValue(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "always" -> true;
            case "stolen" -> false;
            default -> throw new IllegalArgumentException("'" + text + "' is not when to copy jobs (always or stolen)");
        };
    }

    static long parseBytes(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("k") || t.endsWith("m") || t.endsWith("g")) {
            unit = switch (t.charAt(t.length() - 1)) {
                case 'k' -> 1L << 10;
                case 'm' -> 1L << 20;
                default -> 1L << 30;
            };
            t = t.substring(0, t.length() - 1);
        }
        try {
            return Math.multiplyExact(Long.parseLong(t), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is not a size in bytes (such as 512m)");
        }
    }
}
