package satin.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import satin.lb.Balancers;
import satin.lb.LoadBalancer;
import satin.net.Advertised;
import satin.net.WanLinks;

/** The command line of {@link PoolMain}, checked: every mistake is named with the option it concerns. */
record LaunchOptions(String pool, String secret, boolean secretMadeUp, String registry, String registryListen,
        String registryFile, boolean registryOnly, int nodes, int workers, String cluster, int clusters, List<String> layout, String host,
        String advertise, satin.relay.Relays relays, String registryCluster, String namePrefix,
        String statsFile, boolean exitWithParent, int parentPid, boolean wantsMaster, int waitFor, int minNodes, int waitSeconds,
        Supplier<LoadBalancer> balancer, WanLinks wan, satin.net.TlsPolicy tls, String coalesce, int maxFrameMib, int failureTimeoutMillis, String mainClass,
        List<String> mainArgs, List<String> warnings) {

    /** Why --secret is not the way to give a secret, said whenever it is used. */
    static final String SECRET_ON_COMMAND_LINE = "--secret puts the pool's secret on the command line, where every user"
            + " of this host can read it (ps); give it with --secret-file FILE (readable by you alone) or in the"
            + " environment variable SATIN_SECRET";

    static final String USAGE = """
            usage: satin.launch.PoolMain [options] MAIN-CLASS [ARGS...]      (./satin pool [options] ...)
                   satin.launch.PoolMain --registry-only --registry-listen tcp://HOST:PORT [--pool P] [--secret-file F]
            Starts nodes of a pool in this JVM. The node the registry elects master runs MAIN-CLASS's main;
            when it returns, every node stops and the master prints and writes the run's statistics.
              --pool NAME            the pool's name (default: satin)
              --secret-file F        read the pool's secret from file F (default: $SATIN_SECRET)
              --secret S             the pool's secret itself: visible to every user of the host (ps), avoid
              --registry ADDR        join the pool whose registry is at ADDR (default: this process embeds it);
                                     file:PATH: at the address written in file PATH (waited for)
              --registry-file PATH   the process that embeds the registry writes its address there
              --rank-from VAR        this process is one of several started at once (srun: SLURM_PROCID):
                                     its rank is $VAR, its nodes are PREFIX-RANK-0, ..., and a rank
                                     above 0 joins the registry of --registry-file instead of embedding it
              --registry-listen ADDR where the embedded registry listens (default: tcp://127.0.0.1:0)
              --registry-only        be a standalone registry, for runs over several hosts
              --nodes N              nodes in this process (default: 1)
              --workers W            workers per node (default: 1)
              --cluster NAME         the cluster of this process's nodes (default: $satin.cluster, else local)
              --clusters C           split this process's nodes into C clusters, NAME-0 ... NAME-(C-1)
              --cluster-layout L     this process's nodes by cluster: A:16,B:16 (sets --nodes)
              --balancer B           RS, RP, CHS, CLS, CRS or LL, with settings: RP:threshold=8,inFlight=4
                                     (default RS; any balancer takes victims=uniform|distance)
              --wan LINKS            emulate wide-area links between clusters: 10ms/100KB/s for every
                                     pair, or A>B=10ms/100KB/s,B>A=...,*=... (default: none)
              --max-frame MIB        the longest message a node sends or accepts, in MiB (default: 16); a job
                                     too big to send runs where it is
              --tls wan|all|off      which TCP links are TLS: between clusters and to the registry
                                     (wan, the default), all, or none (sets -Dsatin.tls; decision 0023)
              --coalesce WINDOW      small messages to one peer within WINDOW (1us to 100ms) leave as one
                                     frame (default: off; sets -Dsatin.coalesce; decision 0048)
              --failure-timeout MS   a node silent for MS milliseconds (plus its link's round trip) is
                                     declared dead and its jobs run again elsewhere (default: 5000)
              --host HOST            the interface the nodes listen on (default: 127.0.0.1);
                                     "local": in-VM channels only, for a pool inside one JVM;
                                     0.0.0.0: every interface (see --advertise)
              --advertise HOST       the name or address other processes reach this one's nodes (and
                                     registry) at (default: the --host interface; with 0.0.0.0, this
                                     machine's address on the way to the registry, or its name when
                                     this process embeds the registry)
              --relays R             links to and from clusters behind front-ends go through their relays:
                                     CLUSTER=tcp://INSIDE:PORT,tcp://OUTSIDE:PORT;... (a launcher's)
              --registry-cluster C   the cluster of the node that keeps the registry (for --relays)
              --name PREFIX          the nodes are called PREFIX-0, PREFIX-1, ... (default: host name and pid);
                                     with several clusters, CLUSTER-0, CLUSTER-1, ... in each
              --wait-for N           the master runs main once N nodes have joined (default: at once)
              --wait-seconds S       how long the master waits for them (default: 60); if fewer than
                                     --min-nodes have joined by then, the run fails without running main
              --min-nodes M          with --wait-for N: run main with M to N nodes after --wait-seconds
                                     (default: N, so a pool short of its plan fails)
              --stats FILE           the master writes the statistics there (default: satin-stats.json;
                                     - for none; stderr: as one line on stderr, for a launcher)
              --no-master            this process's nodes never run main
              --exit-with-parent     exit when the process that started this one exits
              --parent PID           with --exit-with-parent: exit when process PID exits, and at once if
                                     it is gone already (default: this process's parent)
            """;

    static LaunchOptions parse(String[] args, Map<String, String> env) {
        Parser p = new Parser(args);
        String pool = "satin";
        String secret = env.get("SATIN_SECRET");
        String registry = null;
        String registryListen = "tcp://127.0.0.1:0";
        String registryFile = null;
        String rankFrom = null;
        boolean registryOnly = false;
        int nodes = 1;
        int workers = satin.runtime.NodeConfig.fromProperties(System.getProperties()).workers(); // -Dsatin.workers, else 1
        String cluster = satin.config.Settings.CLUSTER.text();
        int clusters = 1;
        List<String> layout = List.of();
        Supplier<LoadBalancer> balancer = Balancers.parse("RS");
        WanLinks wan = WanLinks.none();
        satin.net.TlsPolicy tls = null;
        String coalesce = null;
        String host = "127.0.0.1";
        String advertise = null;
        satin.relay.Relays relays = satin.relay.Relays.none();
        String registryCluster = null;
        String namePrefix = defaultName();
        String stats = "satin-stats.json";
        boolean exitWithParent = false;
        int parentPid = 0;
        boolean wantsMaster = true;
        int waitFor = 0;
        int minNodes = 0;
        int waitSeconds = 60;
        int maxFrameMib = satin.net.FrameFormat.DEFAULT_MAX_FRAME >> 20;
        int failureTimeout = 5_000;
        String mainClass = null;
        List<String> warnings = new ArrayList<>();
        while (p.more()) {
            String option = p.next();
            switch (option) {
                case "--pool" -> pool = p.value(option);
                case "--secret" -> {
                    secret = p.value(option);
                    warnings.add(SECRET_ON_COMMAND_LINE);
                }
                case "--secret-file" -> secret = readSecret(p.value(option));
                case "--registry" -> registry = p.value(option);
                case "--registry-listen" -> registryListen = p.value(option);
                case "--registry-file" -> registryFile = p.value(option);
                case "--rank-from" -> rankFrom = p.value(option);
                case "--registry-only" -> registryOnly = true;
                case "--nodes" -> nodes = p.number(option, 1, PoolMain.MAX_NODES);
                case "--workers" -> workers = p.number(option, 1, satin.runtime.NodeConfig.MAX_WORKERS);
                case "--cluster" -> cluster = p.value(option);
                case "--clusters" -> clusters = p.number(option, 1, PoolMain.MAX_NODES);
                case "--cluster-layout" -> layout = layout(p.value(option));
                case "--balancer" -> balancer = Balancers.parse(p.value(option));
                case "--wan" -> wan = WanLinks.parse(p.value(option));
                case "--tls" -> tls = satin.net.TlsPolicy.parse(p.value(option), "--tls");
                case "--coalesce" -> {
                    coalesce = p.value(option).trim();
                    satin.net.Coalescer.parseWindow(coalesce, "--coalesce");
                }
                case "--max-frame" -> maxFrameMib = p.number(option, 1, 1024);
                case "--failure-timeout" -> failureTimeout = p.number(option, 10, 3_600_000);
                case "--host" -> host = p.value(option);
                case "--advertise" -> advertise = p.value(option);
                case "--relays" -> relays = relays(p.value(option));
                case "--registry-cluster" -> registryCluster = p.value(option);
                case "--name" -> namePrefix = p.value(option);
                case "--wait-for" -> waitFor = p.number(option, 1, 1 << 20);
                case "--min-nodes" -> minNodes = p.number(option, 1, 1 << 20);
                case "--wait-seconds" -> waitSeconds = p.number(option, 1, 86_400);
                case "--stats" -> stats = p.value(option);
                case "--no-master" -> wantsMaster = false;
                case "--exit-with-parent" -> exitWithParent = true;
                case "--parent" -> parentPid = p.number(option, 1, Integer.MAX_VALUE);
                default -> {
                    if (option.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option " + option);
                    }
                    mainClass = option;
                }
            }
            if (mainClass != null) {
                break;
            }
        }
        if (rankFrom != null) {
            int rank = rank(rankFrom, env);
            namePrefix = namePrefix + "-" + rank;
            if (rank > 0 && registry == null && !registryOnly) {
                if (registryFile == null) {
                    throw new IllegalArgumentException("--rank-from needs --registry-file, where rank 0 writes the "
                            + "registry's address for the other ranks");
                }
                registry = "file:" + registryFile;
            }
        }
        if (minNodes > 0 && (waitFor == 0 || minNodes > waitFor)) {
            throw new IllegalArgumentException(waitFor == 0 ? "--min-nodes " + minNodes + " needs --wait-for, the "
                    + "nodes the master waits for" : "--min-nodes " + minNodes + " is more than --wait-for " + waitFor);
        }
        if (registryOnly && registry != null) {
            throw new IllegalArgumentException("--registry-only serves a registry; it cannot join one (--registry)");
        }
        checkLateValues(pool, registry, registryListen, stats);
        if (!registryOnly && mainClass == null) {
            throw new IllegalArgumentException("no main class given");
        }
        if (registryOnly && mainClass != null) {
            throw new IllegalArgumentException("--registry-only runs no main class, but " + mainClass + " was given");
        }
        boolean madeUp = false;
        if (secret == null || secret.isEmpty()) {
            if (registry != null || registryOnly) {
                throw new IllegalArgumentException("a pool shared with other processes needs a secret: give "
                        + "--secret-file FILE or SATIN_SECRET");
            }
            secret = java.util.HexFormat.of().formatHex(satin.net.PoolIdentity.nonce());
            madeUp = true;
        }
        if (!layout.isEmpty()) {
            if (clusters != 1) {
                throw new IllegalArgumentException("--cluster-layout names the clusters; it cannot go with --clusters");
            }
            nodes = layout.size();
        }
        return new LaunchOptions(pool, secret, madeUp, registry, registryListen, registryFile, registryOnly, nodes, workers,
                cluster, clusters, layout, host, advertise, relays, registryCluster, namePrefix, stats, exitWithParent, parentPid, wantsMaster, waitFor,
                minNodes > 0 ? minNodes : waitFor, waitSeconds, balancer,
                wan, tls, coalesce, maxFrameMib, failureTimeout, mainClass, p.rest(), List.copyOf(warnings));
    }

    /**
     * Values a pool would find wrong only after main started on the master (the pool forms while
     * it runs), or that would lose the run's statistics at its end.
     */
    private static void checkLateValues(String pool, String registry, String registryListen, String stats) {
        if (pool.isBlank() || pool.chars().anyMatch(ch -> Character.isWhitespace(ch) || ch == '/')) {
            throw new IllegalArgumentException("--pool needs a name without spaces or '/', not '" + pool + "'");
        }
        address("--registry", registry);
        address("--registry-listen", registryListen);
        if (!stats.equals("-")) {
            java.nio.file.Path file = java.nio.file.Path.of(stats).toAbsolutePath();
            if (java.nio.file.Files.isDirectory(file)) {
                throw new IllegalArgumentException("--stats " + stats + " is a directory; expected a file to write the"
                        + " statistics to");
            }
            if (!java.nio.file.Files.isDirectory(file.getParent())) {
                throw new IllegalArgumentException("--stats " + stats + ": there is no directory " + file.getParent());
            }
        }
    }

    private static void address(String option, String address) {
        if (address != null && !RegistryFile.names(address)) {
            try {
                satin.net.Transport.checkAddress(address);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
            }
        }
    }

    /** This process's rank among those started at once, from the environment variable {@code var}. */
    private static int rank(String var, Map<String, String> env) {
        String value = env.get(var);
        if (value == null) {
            throw new IllegalArgumentException("--rank-from " + var + ": the environment has no " + var
                    + " (srun sets SLURM_PROCID for each task it starts)");
        }
        try {
            int rank = Integer.parseInt(value.trim());
            if (rank >= 0) {
                return rank;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException("--rank-from " + var + ": " + var + " is '" + value
                + "', not a rank (a whole number >= 0)");
    }

    /**
     * The name of node {@code i} of this process. Where the process holds several clusters, a
     * node is named after its own cluster and numbered within it (D-0, not A-60 in cluster D);
     * otherwise after the process's name.
     */
    String nodeName(int i) {
        if (layout.isEmpty() && clusters == 1) {
            return namePrefix + "-" + i;
        }
        String own = clusterOf(i);
        int first = i;
        while (first > 0 && clusterOf(first - 1).equals(own)) {
            first--;
        }
        return own + "-" + (i - first);
    }

    /** The cluster of node {@code i} of this process. */
    String clusterOf(int i) {
        if (!layout.isEmpty()) {
            return layout.get(i);
        }
        return clusters == 1 ? cluster : cluster + "-" + (i * clusters / nodes);
    }

    /** {@code A:2,B:1} as the cluster of each node: A, A, B. */
    private static List<String> layout(String text) {
        List<String> perNode = new ArrayList<>();
        for (String part : text.split(",")) {
            String[] nameAndCount = part.trim().split(":");
            int count;
            try {
                count = nameAndCount.length == 2 ? Integer.parseInt(nameAndCount[1].trim()) : -1;
            } catch (NumberFormatException e) {
                count = -1;
            }
            if (count < 1 || nameAndCount[0].isBlank() || perNode.contains(nameAndCount[0].trim())) {
                throw new IllegalArgumentException("--cluster-layout needs distinct NAME:NODES pairs like A:16,B:16, not '"
                        + part.trim() + "' in '" + text + "'");
            }
            for (int k = 0; k < count; k++) {
                perNode.add(nameAndCount[0].trim());
            }
        }
        return List.copyOf(perNode);
    }

    /** Where node {@code i} of this process listens. */
    String listenAddress(int i) {
        return inVmOnly() ? "local://" + pool + "/" + namePrefix + "-" + i : "tcp://" + host + ":0";
    }

    /** Whether the nodes listen on every interface, and so must be announced at a host (see {@link Advertised}). */
    boolean listensEverywhere() {
        return Advertised.isWildcard(host);
    }

    boolean inVmOnly() {
        return host.equals("local");
    }

    private static satin.relay.Relays relays(String text) {
        try {
            return satin.relay.Relays.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--relays: " + e.getMessage());
        }
    }

    static String readSecret(String file) {
        try {
            return Files.readString(Path.of(file), StandardCharsets.UTF_8).strip();
        } catch (java.nio.file.NoSuchFileException e) {
            throw new FileProblem("cannot read the secret file " + file + ": there is no such file");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new FileProblem("cannot read the secret file " + file + ": permission denied");
        } catch (IOException e) {
            throw new FileProblem("cannot read the secret file " + file + ": " + e);
        }
    }

    /** The options were right but a file they name is not: named alone, without the usage text. */
    static final class FileProblem extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        FileProblem(String message) {
            super(message);
        }
    }

    private static String defaultName() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "node";
        }
        int dot = host.indexOf('.');
        return (dot > 0 ? host.substring(0, dot) : host) + "-" + ProcessHandle.current().pid();
    }

    /** Walks the arguments; what follows the main class belongs to the main class. */
    private static final class Parser {
        private final List<String> args;
        private int next;
        /** The options read so far: one given twice is a mistake, not "the last one wins". */
        private final java.util.Set<String> seen = new java.util.HashSet<>();

        Parser(String[] args) {
            this.args = new ArrayList<>(Arrays.asList(args));
        }

        boolean more() {
            return next < args.size();
        }

        String next() {
            String word = args.get(next++);
            if (word.startsWith("--") && !seen.add(word)) {
                throw new IllegalArgumentException(word + " is given twice; give each option once");
            }
            return word;
        }

        String value(String option) {
            if (!more() || args.get(next).startsWith("--")) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return next();
        }

        int number(String option, int min, int max) {
            String text = value(option);
            try {
                int v = Integer.parseInt(text.trim());
                if (v < min || v > max) {
                    throw new IllegalArgumentException(option + " must be between " + min + " and " + max + ", not " + v);
                }
                return v;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " needs a number, not '" + text + "'");
            }
        }

        List<String> rest() {
            return List.copyOf(args.subList(next, args.size()));
        }
    }
}
