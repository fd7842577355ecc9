package satin.config;

import static satin.config.Complaint.expected;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Every {@code satin.*} system property, declared once, whichever module reads it: the agent's and
 * the commands' too, for this module is below every other, so that one list covers them all.
 * {@code docs/configuration.md} is tested against this list, and {@link #checkAll} checks every
 * property set against it as a node or a pool's process starts.
 */
public final class Settings {

    /** The most workers a node may have: each is a thread with a stack of its own. */
    public static final int MAX_WORKERS = 4096;
    /** The smallest stack a worker may have: jobs run on top of the stack of the sync that waits. */
    public static final long MIN_STACK_BYTES = 64 << 10;
    /** The most jobs a worker offers to thieves. */
    public static final int MAX_OFFERED = 1024;
    /**
     * The jobs a worker offers by default: an owner inside a long job offers only what it offered
     * before it went in, and one job starved applications with long leaves (decision 0058).
     */
    public static final int DEFAULT_OFFERED = 4;
    private static final long LONG_MAX = Long.MAX_VALUE;
    private static final long INT_MAX = Integer.MAX_VALUE;

    public static final Setting WORKERS = Setting.of(Scope.NODE, "satin.workers", "1", "1 to " + MAX_WORKERS,
            Syntax.wholeNumber(1, MAX_WORKERS, expected("expected a whole number of workers from 1 to " + MAX_WORKERS),
                    expected("a node needs at least one worker and at most " + MAX_WORKERS)),
            "worker threads per node");
    public static final Setting DEQUE = Setting.of(Scope.NODE, "satin.deque", "split", "split, locked",
            Syntax.OF_ITS_TYPE, "the work deque of each worker (satin.deque.DequeKind)");
    public static final Setting STACK = Setting.of(Scope.NODE, "satin.stack", "512m",
            "bytes, or with a k, m or g suffix; at least 64 KiB",
            Bytes.atLeast(MIN_STACK_BYTES, "64 KiB, the least a worker's stack may have"), "each worker thread's stack size");
    public static final Setting OFFERED = Setting.of(Scope.NODE, "satin.offered", Integer.toString(DEFAULT_OFFERED), "1 to " + MAX_OFFERED,
            Syntax.wholeNumber(1, MAX_OFFERED, expected("expected a number of jobs from 1 to " + MAX_OFFERED)),
            "how many of its oldest jobs a worker keeps offered to thieves")
            .shownAs(DEFAULT_OFFERED + " (64 when satin.stealChunk is not 1)");
    public static final Setting STEAL_CHUNK = Setting.of(Scope.NODE, "satin.stealChunk", "1",
            "1, half, or a number up to 64", Syntax.OF_ITS_TYPE, "how many jobs a steal moves (satin.lb.StealChunk)");
    public static final Setting BY_VALUE = Setting.of(Scope.NODE, "satin.byValue", "stolen", "stolen, always",
            Syntax.oneOf(List.of("always", "stolen"),
                    (name, value) -> expected("'" + value + "' is not when to copy jobs (always or stolen)")
                            .about(name, value)),
            "always: copy every spawn as a stolen one is; stolen: copy only stolen jobs");
    public static final Setting STATS = Setting.of(Scope.NODE, "satin.stats", "false", "switch", Syntax.SWITCH,
            "print the embedded node's statistics when the JVM exits");
    public static final Setting REQUIRE_REWRITTEN = Setting.of(Scope.NODE, "satin.requireRewritten", "false", "switch",
            Syntax.SWITCH, "a spawning class that was never rewritten fails instead of running sequentially");
    public static final Setting DECODE_WORK_PER_BYTE = Setting.of(Scope.NODE, "satin.decodeWorkPerByte", "32",
            "1 to 1048576", Syntax.wholeNumber(1, 1 << 20, (name, value) -> name
                    + " must be a number of steps per byte from 1 to 1048576, not '" + value + "'"),
            "the hashing a received job may cost to rebuild its collections, per byte of it");
    public static final Setting GUARD_WAIT = Setting.of(Scope.NODE, "satin.guardWait", "60", "1 to 86400 seconds",
            Syntax.wholeNumber(1, 86_400, expected("expected a whole number of seconds from 1 to 86400")),
            "how long a job waits for its guard to hold before it fails, naming the guard (satin.shared.Guards)");
    public static final Setting ALLOW = Setting.of(Scope.NODE, "satin.allow", null,
            "classes and packages (a.b.*), separated by commas", Syntax.OF_ITS_TYPE,
            "classes that may travel between nodes besides those allowed anyway (satin.codec.Allowlist)");
    public static final Setting TIMELINE = Setting.of(Scope.NODE, "satin.timeline", "true", "switch", Syntax.SWITCH,
            "record each worker's states and the jobs between nodes, for the run's timeline");
    public static final Setting RECORD = Setting.of(Scope.NODE, "satin.record", "false", "switch", Syntax.SWITCH,
            "record the spawn tree of a run, for replays");
    public static final Setting RECORD_FOLD_MICROS = Setting.of(Scope.NODE, "satin.record.foldMicros", "1000",
            "0 or more (microseconds)", Syntax.wholeNumber(0, LONG_MAX / 1000,
                    expected("expected a number of microseconds, 0 or more")),
            "a recorded call whose whole subtree took less becomes a leaf");
    public static final Setting RECORD_MAX_DEPTH = Setting.of(Scope.NODE, "satin.record.maxDepth", "64", "1 or more",
            Syntax.wholeNumber(1, INT_MAX, expected("expected a depth, 1 or more")),
            "a recorded call deeper than this becomes a leaf");
    public static final Setting RECORD_MAX_CALLS = Setting.of(Scope.NODE, "satin.record.maxCalls", "2000000",
            "1 or more", Syntax.wholeNumber(1, INT_MAX, expected("expected a number of calls, 1 or more")),
            "the most calls a recording keeps after folding");

    public static final Setting CLUSTER = Setting.of(Scope.POOL, "satin.cluster", "local", "a name", Syntax.TEXT,
            "the cluster of the process's nodes");
    public static final Setting TLS = Setting.of(Scope.POOL, "satin.tls", "wan", "wan, all, off", Syntax.OF_ITS_TYPE,
            "which TCP links are TLS (satin.net.TlsPolicy)");
    public static final Setting MAX_UNAUTHENTICATED_PER_HOST = Setting.of(Scope.POOL,
            "satin.maxUnauthenticatedPerHost", "32", "1 or more", connections(),
            "connections from one host held before they proved the pool's secret");
    public static final Setting MAX_UNAUTHENTICATED = Setting.of(Scope.POOL, "satin.maxUnauthenticated", "256",
            "1 or more", connections(), "connections from all hosts held before they proved the pool's secret");
    public static final Setting COALESCE = Setting.of(Scope.POOL, "satin.coalesce", "off", "off, or 1us to 100ms",
            Syntax.OF_ITS_TYPE, "small messages to one peer within this window leave as one frame (satin.net.Coalescer)");
    public static final Setting WRITE_BUDGET = Setting.of(Scope.POOL, "satin.writeBudget", "20000",
            "1 or more a second", Syntax.wholeNumber(1, INT_MAX, expected("expected a whole number of writes a second, 1 or more")),
            "shared-object write requests a second the master takes from one member before it stops reading its link"
                    + " for a while (satin.net.WriteBudget)");
    public static final Setting SAME_JVM_SHORTCUT = Setting.of(Scope.POOL, "satin.sameJvmShortcut", "true", "switch",
            Syntax.SWITCH, "false: nodes of one JVM talk over TCP rather than in-VM");

    public static final Setting AGENT_ON_PROBLEM = Setting.of(Scope.REWRITING, "satin.agent.onProblem", "fail",
            "fail, warn", Syntax.OF_ITS_TYPE,
            "what the agent does with a class it cannot rewrite (satin.rewriter.agent.OnProblem)");
    public static final Setting ORIGINALS_DIRECTORY = Setting.of(Scope.REWRITING, "satin.originalsDirectory", null,
            "a directory", Syntax.TEXT, "Maven property: where the rewriter plugin keeps the classes as written");
    public static final Setting REWRITE_SKIP = Setting.of(Scope.REWRITING, "satin.rewrite.skip", "false", "switch",
            Syntax.SWITCH, "Maven property: the rewriter plugin skips rewriting");

    public static final Setting CDS = Setting.of(Scope.COMMANDS, "satin.cds", "on", "off, or anything else for on",
            Syntax.TEXT, "off: processes start without a class-data archive (on JDK 25, an ahead-of-time cache)");
    public static final Setting CDS_DIR = Setting.of(Scope.COMMANDS, "satin.cds.dir", null, "a directory", Syntax.TEXT,
            "where class-data archives and ahead-of-time caches are kept")
            .shownAs("~/.cache/satin/cds ($XDG_CACHE_HOME/satin/cds when that is set)");
    public static final Setting AGENT_JAR = Setting.of(Scope.COMMANDS, "satin.agentJar", null, "a file", Syntax.TEXT,
            "where satin-agent.jar is, for the processes a run starts").shownAs("set by ./satin");
    public static final Setting SEQUENTIAL_CLASSES = Setting.of(Scope.COMMANDS, "satin.sequentialClasses",
            "apps/target/sequential-classes", "a directory", Syntax.TEXT, "the applications' classes as written")
            .shownAs("set by ./satin and ./bench to apps/target/sequential-classes");
    public static final Setting HOME = Setting.of(Scope.COMMANDS, "satin.home", ".", "a directory", Syntax.TEXT,
            "the project's root, where benchmarks find their scripts and recorded trees").shownAs(".; set by ./bench");

    private static final List<Setting> ALL = List.of(WORKERS, DEQUE, STACK, OFFERED, STEAL_CHUNK, BY_VALUE, STATS,
            REQUIRE_REWRITTEN, DECODE_WORK_PER_BYTE, GUARD_WAIT, ALLOW, TIMELINE, RECORD, RECORD_FOLD_MICROS, RECORD_MAX_DEPTH,
            RECORD_MAX_CALLS, CLUSTER, TLS, MAX_UNAUTHENTICATED_PER_HOST, MAX_UNAUTHENTICATED, COALESCE, WRITE_BUDGET, SAME_JVM_SHORTCUT,
            AGENT_ON_PROBLEM, ORIGINALS_DIRECTORY, REWRITE_SKIP, CDS, CDS_DIR, AGENT_JAR, SEQUENTIAL_CLASSES, HOME);

    private Settings() {
    }

    private static Syntax connections() {
        return Syntax.wholeNumber(1, INT_MAX, expected("expected a whole number of connections, 1 or more"));
    }

    /** Every declared setting, in the order of the documentation's tables. */
    public static List<Setting> all() {
        return ALL;
    }

    /** The setting declared as {@code name}, if any. */
    public static Optional<Setting> named(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /**
     * Checks every declared setting that is set in {@code p}, in the order of {@link #all()}: by
     * its own syntax, or, for one {@link Setting#ofItsType() of its type}, by the syntax {@code typed}
     * gives it (one that {@code typed} leaves out is read, and checked, by a part that this process
     * does not start). Returns a warning for each {@code satin.*} property set that none declares,
     * naming the closest declared one: a typo, or a setting of another version of satin.
     *
     * @throws IllegalArgumentException naming the first bad setting and its value
     */
    public static List<String> checkAll(Properties p, Map<Setting, Syntax> typed) {
        for (Setting s : ALL) {
            String value = s.raw(p);
            Syntax syntax = s.ofItsType() ? typed.get(s) : s.syntax();
            if (value != null && syntax != null) {
                String problem = syntax.problem(s.name(), value);
                if (problem != null) {
                    throw new IllegalArgumentException(problem);
                }
            }
        }
        return unknown(p);
    }

    /** A warning for each {@code satin.*} property set in {@code p} that no setting declares. */
    static List<String> unknown(Properties p) {
        List<String> warnings = new ArrayList<>();
        for (String name : p.stringPropertyNames().stream().sorted().toList()) {
            if (name.startsWith("satin.") && named(name).isEmpty()) {
                warnings.add("-D" + name + " is no satin setting, and is ignored; the closest is "
                        + Closest.among(ALL.stream().map(Setting::name).toList(), name));
            }
        }
        return warnings;
    }
}
