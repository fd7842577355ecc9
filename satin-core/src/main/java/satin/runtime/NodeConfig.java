package satin.runtime;

import satin.config.SwitchProperty;
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
    private static final long MIN_STACK_BYTES = 64 << 10;

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
     * {@code satin.requireRewritten} and {@code satin.record}.
     *
     * @throws IllegalArgumentException naming the property and the value when one is malformed
     */
    public static NodeConfig fromProperties(Properties p) {
        NodeConfig c = defaults();
        int workers = property(p, "satin.workers", c.workers, NodeConfig::parseWorkers);
        DequeKind deque = property(p, "satin.deque", c.deque, DequeKind::parse);
        long stack = property(p, "satin.stack", c.stackBytes, NodeConfig::parseStack);
        boolean byValue = property(p, "satin.byValue", false, NodeConfig::parseByValue);
        satin.deque.Offered.fromProperties(p);
        for (String name : SWITCHES) {
            SwitchProperty.read(p, name, false);
        }
        return new NodeConfig(c.name, workers, deque, stack, byValue);
    }

    /** The on-or-off settings a node's parts read as they start. */
    private static final java.util.List<String> SWITCHES = java.util.List.of("satin.stats", "satin.requireRewritten",
            "satin.record");

    private static <T> T property(Properties p, String name, T otherwise, java.util.function.Function<String, T> parse) {
        String value = p.getProperty(name);
        if (value == null) {
            return otherwise;
        }
        try {
            return parse.apply(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + name + "=" + value + ": " + e.getMessage(), e);
        }
    }

    private static int parseWorkers(String text) {
        int n;
        try {
            n = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a whole number of workers from 1 to " + MAX_WORKERS);
        }
        if (n < 1 || n > MAX_WORKERS) {
            throw new IllegalArgumentException("a node needs at least one worker and at most " + MAX_WORKERS);
        }
        return n;
    }

    private static long parseStack(String text) {
        long bytes = parseBytes(text);
        if (bytes < MIN_STACK_BYTES) {
            throw new IllegalArgumentException(bytes + " bytes is below 64 KiB, the least a worker's stack may have");
        }
        return bytes;
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
