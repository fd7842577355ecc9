package satin.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import satin.codec.Allowlist;
import satin.codec.HashWork;
import satin.config.Setting;
import satin.config.Settings;
import satin.config.Syntax;
import satin.lb.StealChunk;
import satin.net.Advertised;
import satin.net.Liveness;
import satin.net.Message;
import satin.net.TlsPolicy;
import satin.pool.PoolConfig;
import satin.pool.PoolNode;
import satin.registry.Registry;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.stats.report.PoolSummary;
import satin.stats.report.RunFields;

/**
 * The main of a process that is one or more nodes of a pool. Every process of a run gets the same
 * main class; the registry elects one node master, and only that one runs the main class's
 * {@code main}, with its calls to spawning methods running on the master node. When {@code main}
 * returns, every node stops, and the master prints a table of everyone's statistics and writes
 * them as JSON. By default the process embeds the registry and prints where it is, so that more
 * processes can join with {@code --registry}.
 */
public final class PoolMain {

    /** The exit codes: the run went well, it failed (main threw, the pool was lost), or the command line was wrong. */
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    /** The most nodes one process holds: each has its own workers, deques, listener and connections to the rest. */
    public static final int MAX_NODES = 4096;
    /**
     * The {@code --stats} value that sends the statistics on stderr instead of into a file: a
     * launcher that started this process on another host (over ssh) has no path there of its
     * own, but it reads this stream, whichever process ends the run as master.
     */
    public static final String STATS_ON_STDERR = "stderr:";
    /** What starts the one stderr line that carries the statistics' JSON, Base64 (UTF-8), with {@link #STATS_ON_STDERR}. */
    public static final String STATS_FRAME = "satin-stats-json-base64: ";

    private PoolMain() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(args, System.out, System.err);
        } catch (InterruptedException e) {
            code = FAILED;
        }
        System.exit(code);
    }

    public static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
            out.print(LaunchOptions.USAGE);
            return OK;
        }
        try {
            checkProperties().forEach(w -> err.println("satin: warning: " + w));
        } catch (IllegalArgumentException e) {
            err.println("satin: " + e.getMessage());
            return USAGE;
        }
        LaunchOptions o;
        try {
            o = LaunchOptions.parse(args, System.getenv());
        } catch (IllegalArgumentException e) {
            err.println("satin: " + e.getMessage());
            if (!(e instanceof LaunchOptions.FileProblem)) {
                err.print(LaunchOptions.USAGE);
            }
            return USAGE;
        }
        o.warnings().forEach(w -> err.println("satin: warning: " + w));
        if (o.tls() != null) { // one pool per process: every link this process makes follows it
            System.setProperty(satin.net.TlsPolicy.PROPERTY, o.tls().toString());
        }
        if (o.coalesce() != null) { // read by each link's pipeline as it is made
            System.setProperty(satin.net.Coalescer.PROPERTY, o.coalesce());
        }
        if (o.exitWithParent()) {
            exitWithParent(o.parentPid(), err);
        }
        MethodHandle main = null;
        if (!o.registryOnly()) {
            try {
                main = findMain(o.mainClass());
            } catch (IllegalArgumentException e) {
                err.println("satin: " + e.getMessage());
                return USAGE;
            }
        }
        return new Run(o, main, err).start();
    }

    /**
     * Every setting a node, its links and its codec read as they start, checked before anything
     * starts: the pool used to form and the master to run main before a node's join found
     * {@code -Dsatin.decodeWorkPerByte=-1} wrong (on a thread of its own, leaving main's thread an
     * index out of bounds), and nodes ignored {@code satin.deque}, {@code satin.stack} and
     * {@code satin.byValue} without a word. Every declared setting is checked, those of a type
     * by that type's parser; a {@code satin.*} property that none declares is a warning.
     *
     * @return the warnings
     * @throws IllegalArgumentException naming the property and its value
     */
    static List<String> checkProperties() {
        List<String> warnings = Settings.checkAll(System.getProperties(), TYPED);
        HashWork.checkSetting(); // read as its class loaded, perhaps before a caller set the property
        return warnings;
    }

    /** The parsers of the settings whose values are a type's: every such setting a node or a pool's process reads. */
    static final Map<Setting, Syntax> TYPED = Map.of(Settings.DEQUE, NodeConfig.DEQUE_SYNTAX,
            Settings.STEAL_CHUNK, StealChunk.SYNTAX, Settings.ALLOW, Allowlist.SYNTAX, Settings.TLS, TlsPolicy.SYNTAX,
            Settings.COALESCE, satin.net.Coalescer.SYNTAX);

    private static MethodHandle findMain(String name) {
        Class<?> c;
        try {
            c = Class.forName(name, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("cannot load the main class " + name + ": " + e);
        }
        try {
            return MethodHandles.publicLookup().findStatic(c, "main",
                    MethodType.methodType(void.class, String[].class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalArgumentException(name + " has no public static void main(String[])");
        }
    }

    /**
     * A process whose parent dies takes its nodes with it: a launcher's crash leaves nothing behind.
     * A parent named by pid ({@code --parent}, which a launcher's remote shell gives as its own
     * parent) may be gone before this JVM got here: then this process exits at once, where its
     * own parent, by then another process (init), would keep it alive.
     */
    static void exitWithParent(int parentPid, PrintStream err) {
        java.util.Optional<ProcessHandle> parent = parentPid > 0 ? ProcessHandle.of(parentPid)
                : ProcessHandle.current().parent();
        if (parent.isEmpty() || !parent.get().isAlive()) {
            err.println("satin: the process that started this one is gone already; exiting");
            Runtime.getRuntime().halt(FAILED);
        }
        parent.get().onExit().thenRun(() -> {
            System.err.println("satin: the process that started this one is gone; exiting");
            Runtime.getRuntime().halt(FAILED);
        });
    }

    /** One run of this process: its registry (if it embeds one), its nodes, and, on the master, main. */
    private static final class Run {
        private final LaunchOptions o;
        private final MethodHandle main;
        private final PrintStream err;
        private final long start = System.nanoTime();
        private final NodeConfig nodeConfig;
        /** Written by the thread that forms the pool; read after joining it. */
        private volatile Registry registry;
        private final List<PoolNode> nodes = new java.util.concurrent.CopyOnWriteArrayList<>();
        private Node firstNode;

        Run(LaunchOptions o, MethodHandle main, PrintStream err) {
            this.o = o;
            this.main = main;
            this.err = err;
            this.nodeConfig = NodeConfig.fromProperties(System.getProperties()).withWorkers(o.workers());
        }

        int start() throws InterruptedException {
            if (!o.registryOnly()) {
                Fence.start(TimeUnit.MILLISECONDS.toNanos(o.failureTimeoutMillis()), err, this::holdsMaster);
            }
            try {
                if (o.registryOnly()) {
                    startRegistry(null);
                    registry.awaitFinished(Long.MAX_VALUE, TimeUnit.DAYS);
                    return OK;
                }
                if (o.registry() == null && o.wantsMaster()) {
                    return masterAtOnce();
                }
                firstNode = Node.start(nodeConfig.withName(name(0)));
                formPool();
                leaveOnTerm();
                PoolNode first = nodes.get(0);
                return first.isMaster() ? master(first) : follower(first);
            } catch (PoolNode.RunOver e) {
                err.println("satin: " + e.getMessage());
                return OK;
            } catch (IllegalStateException | IllegalArgumentException e) {
                err.println("satin: " + e.getMessage());
                return FAILED;
            } finally {
                nodes.forEach(PoolNode::close);
                if (nodes.isEmpty() && firstNode != null) {
                    firstNode.close();
                }
                if (registry != null) {
                    registry.close();
                }
                PoolNode.closeTransport();
            }
        }

        /**
         * SIGTERM (or Ctrl-C) asks a process that is not the master to leave: its nodes hand back
         * the jobs they hold (their owners run them again), the registry hears a goodbye rather
         * than a death, and the process exits 0.
         */
        private void leaveOnTerm() {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                if (nodes.stream().anyMatch(PoolNode::isMaster) || nodes.stream().allMatch(PoolNode::closing)) {
                    return; // the master's end is the run's end; a finished run has nothing to hand back
                }
                err.println("satin: asked to leave; handing back the jobs of " + nodes.size() + " node(s)");
                for (PoolNode p : nodes) {
                    p.leave();
                }
                err.flush();
                Runtime.getRuntime().halt(OK);
            }, "satin-leave"));
        }

        /** Whether this process's nodes include the master: from the start if it embeds the registry and asks to be. */
        private boolean holdsMaster() {
            return (o.registry() == null && o.wantsMaster()) || nodes.stream().anyMatch(PoolNode::isMaster);
        }

        private String name(int i) {
            return o.nodeName(i);
        }

        /**
         * This process embeds the registry, which keeps the master's place for this process's first
         * node; so main starts at once, and the pool forms while it runs (a cold JVM needs a few
         * hundred milliseconds for the network, time the master spends computing). If the pool
         * cannot form, the process says why and exits at once rather than compute alone.
         */
        private int masterAtOnce() throws InterruptedException {
            firstNode = Node.start(nodeConfig.withName(name(0)));
            Node.setEmbedded(firstNode);
            Thread forming = new Thread(() -> {
                try {
                    formPool();
                } catch (RuntimeException | InterruptedException e) {
                    // whatever it is: main's thread would otherwise find no node when main returns
                    err.println("satin: the pool cannot form: " + e.getMessage());
                    System.exit(FAILED);
                }
            }, "satin-pool-forming");
            forming.start();
            if (o.waitFor() > 0) {
                forming.join();
            }
            int code;
            try {
                // without --wait-for, main starts while the pool forms: its first node may not be there yet
                code = o.waitFor() > 0 && !waitForMembers(nodes.get(0)) ? FAILED : runMain();
            } finally {
                forming.join();
            }
            return finish(nodes.get(0), code);
        }

        /** Starts the registry if this process embeds it, then joins with every node of this process. */
        private void formPool() throws InterruptedException {
            String joined = RegistryFile.names(o.registry()) ? RegistryFile.await(o.registry(), o.waitSeconds())
                    : o.registry();
            String registryAddress = joined != null ? joined : startRegistry(o.wantsMaster() ? name(0) : null);
            String advertise = Advertised.host(o.advertise(), o.listensEverywhere(), joined);
            for (int i = 0; i < o.nodes(); i++) {
                PoolConfig config = PoolConfig.of(o.pool(), o.secret(), name(i), o.clusterOf(i), o.listenAddress(i),
                        registryAddress, o.wantsMaster() && i == 0).withWan(o.wan()).withMaxFrame(o.maxFrameMib() << 20)
                        .withFailureTimeout(o.failureTimeoutMillis()).withAdvertise(advertise)
                        .withRelays(o.relays(), o.registryCluster());
                Node node = i == 0 ? firstNode : Node.start(nodeConfig.withName(name(i)));
                nodes.add(PoolNode.join(config, node, o.balancer().get(), Allowlist.forProgram()));
            }
        }

        private String startRegistry(String reservedMaster) throws InterruptedException {
            String where = o.inVmOnly() && o.registryListen().startsWith("tcp://")
                    ? "local://" + o.pool() + "/registry" : o.registryListen();
            try {
                registry = Registry.start(PoolNode.transport(), o.pool(), o.secret(), where, reservedMaster,
                        Liveness.Settings.of(TimeUnit.MILLISECONDS.toNanos(o.failureTimeoutMillis())));
            } catch (RuntimeException e) {
                throw new IllegalStateException("cannot start the registry at " + where + ": "
                        + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName())); // an unknown host has no message
            }
            // a registry on every interface is announced at a host the other processes can reach
            String announced = Advertised.at(registry.address(), Advertised.registryHost(o.advertise(), where));
            if (o.registryFile() != null) {
                RegistryFile.write(Path.of(o.registryFile()), announced);
            }
            err.println("satin: registry of pool " + o.pool() + " at " + announced
                    + (o.secretMadeUp() ? " (made-up secret: only this process's nodes can join)" : ""));
            return registry.address();
        }

        private int master(PoolNode master) throws InterruptedException {
            if (!waitForMembers(master)) {
                return finish(master, FAILED);
            }
            Node.setEmbedded(master.node());
            return finish(master, runMain());
        }

        /** Main has returned: the run ends everywhere, and the master reports. */
        private int finish(PoolNode master, int code) throws InterruptedException {
            long wall = System.nanoTime() - start;
            master.endRun();
            List<String> reports = master.gatherReports(30, TimeUnit.SECONDS);
            report(master, reports, wall);
            return code;
        }

        /**
         * Waits until the planned nodes have joined, or the deadline; whether main may run. A pool
         * that forms short of its plan is no success: it fails, naming who did join, unless the
         * user chose to run degraded ({@code --min-nodes}).
         */
        private boolean waitForMembers(PoolNode master) throws InterruptedException {
            if (o.waitFor() == 0) {
                return true;
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(o.waitSeconds());
            int told = 0;
            for (int n; (n = master.members().size()) < o.waitFor() && System.nanoTime() < deadline; told = n) {
                if (n > told) { // a user or launcher watching a slow or stuck deployment sees it form
                    err.println("satin: " + n + " of " + o.waitFor() + " nodes joined");
                }
                Thread.sleep(5);
            }
            List<Message.Member> joined = master.members();
            if (joined.size() >= o.waitFor()) {
                err.println("satin: " + o.waitFor() + " nodes joined; running " + o.mainClass());
                return true;
            }
            String who = String.join(", ", joined.stream().map(Message.Member::name).toList());
            if (joined.size() >= o.minNodes()) {
                err.println("satin: only " + joined.size() + " of " + o.waitFor() + " nodes joined within "
                        + o.waitSeconds() + " s (" + who + "); running " + o.mainClass() + " with them (--min-nodes "
                        + o.minNodes() + ")");
                return true;
            }
            err.println("satin: the pool did not form: only " + joined.size() + " of " + o.waitFor() + " nodes joined "
                    + "within " + o.waitSeconds() + " s (" + who + "); main does not run. To run with fewer, give "
                    + "--min-nodes (minNodes: in a descriptor)");
            return false;
        }

        private int runMain() {
            try {
                main.invokeExact(o.mainArgs().toArray(new String[0]));
                return OK;
            } catch (Throwable t) {
                String initializer = InitializerFailure.describe(t); // its trace's first line names neither cause nor place
                err.println("satin: " + o.mainClass() + ".main failed:" + (initializer == null ? "" : " " + initializer));
                t.printStackTrace(err);
                return FAILED;
            }
        }

        /**
         * A node that is not the master waits for the end of the run; if the master dies, the pool
         * may elect this node, which then runs main again and ends the run itself.
         */
        private int follower(PoolNode node) throws InterruptedException {
            while (!node.awaitStop(50, TimeUnit.MILLISECONDS)) {
                if (node.isMaster()) {
                    err.println("satin: the master is gone; node " + node.config().name() + " is the master now and runs "
                            + o.mainClass() + " again");
                    Node.setEmbedded(node.node());
                    return finish(node, runMain());
                }
            }
            for (PoolNode other : nodes) {
                other.awaitStop(10, TimeUnit.SECONDS); // each sends its statistics before this process ends
            }
            String lost = nodes.stream().map(PoolNode::lostReason).filter(r -> r != null).findFirst().orElse(null);
            if (lost != null) {
                err.println("satin: the run is lost: " + lost);
                return FAILED;
            }
            if (registry != null) {
                registry.awaitFinished(30, TimeUnit.SECONDS); // the others still report through it
            }
            for (PoolNode other : nodes) {
                if (other.hostedRegistry() != null) {
                    other.hostedRegistry().awaitFinished(30, TimeUnit.SECONDS);
                }
            }
            return OK;
        }

        private void report(PoolNode master, List<String> reports, long wallNanos) {
            PoolSummary summary = new PoolSummary(reports);
            int expected = master.membersAtStop();
            String settings = master.balancerSettings();
            String title = String.format(Locale.ROOT, "pool %s: %d node%s in %d cluster%s, balancer %s%s, WAN %s;"
                    + " %.3f s from start to the end of main; %.1f WAN messages/s", o.pool(), summary.nodes(),
                    summary.nodes() == 1 ? "" : "s", summary.clusters(), summary.clusters() == 1 ? "" : "s",
                    master.balancerName(), settings.isEmpty() ? "" : " (" + settings + ")", o.wan(), wallNanos / 1e9,
                    summary.wanMessagesPerSecond(wallNanos));
            err.print(summary.table(title));
            if (reports.size() < expected) {
                err.println("satin: the statistics of " + (expected - reports.size()) + " of " + expected
                        + " nodes did not arrive");
            }
            if (o.statsFile().equals(STATS_ON_STDERR)) { // one line: other threads' lines cannot split it
                String json = summary.json(runFields(master, summary, settings, wallNanos));
                err.println(STATS_FRAME + java.util.Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8)));
            } else if (!o.statsFile().equals("-")) {
                Path file = Path.of(o.statsFile());
                try {
                    Files.writeString(file, summary.json(runFields(master, summary, settings, wallNanos)),
                            StandardCharsets.UTF_8);
                    err.println("satin: statistics written to " + file.toAbsolutePath());
                } catch (IOException e) {
                    err.println("satin: cannot write the statistics to " + file + ": " + e.getMessage());
                }
            }
        }

        /** The run's own fields of the statistics' JSON, beside every node's. */
        private RunFields runFields(PoolNode master, PoolSummary summary, String settings, long wallNanos) {
            return new RunFields(o.pool(), o.mainClass(), null, master.balancerName(), settings,
                    o.wan().toString(), null, summary.clusters(), wallNanos, summary.wanMessagesPerSecond(wallNanos), Map.of());
        }
    }
}
