package satin.deploy.descriptor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.RunPlan;
import satin.deploy.plan.SimulationPlan;

/**
 * Reads the top of a composed descriptor into a {@link Descriptor}. Every section is read even
 * after one failed, so that the exception lists every problem; the plan is only built when there
 * are none.
 */
final class DescriptorReader {

    static final List<String> KEYS = List.of("pool", "secret", "secretFile", "clusters", "minNodes", "wan", "app", "balancer", "output",
            "compare", "mode", "simulate");
    static final List<String> MODES = List.of("run", "simulate");
    static final List<String> COMPARE_KEYS = List.of("apps", "balancers", "wan", "repetitions");

    static final String DEFAULT_POOL = "satin";
    static final String DEFAULT_BALANCER = "RS";
    static final String DEFAULT_OUTPUT = "satin-results";

    private final Problems problems;
    private final Map<String, String> env;
    private final Path baseDir;

    DescriptorReader(Problems problems, Map<String, String> env, Path baseDir) {
        this.problems = problems;
        this.env = env;
        this.baseDir = baseDir;
    }

    Descriptor read(Node root) {
        if (root == null) {
            problems.at((Node) null, "", "found an empty document; expected a mapping with clusters and app");
            problems.throwIfAny();
        }
        Section top = Section.of(root, "", problems, KEYS);
        if (top == null) {
            problems.throwIfAny();
        }
        String pool = top.has("pool") ? top.text("pool", "the pool's name", true) : DEFAULT_POOL;
        if (pool != null && !RunPlan.NAME.matcher(pool).matches()) {
            problems.at(top.value("pool"), "pool", "found '" + pool + "'; expected " + RunPlan.NAME_EXPECTED);
            pool = null;
        }
        List<ClusterPlan> clusters = ClusterReader.read(top);
        String mode = top.has("mode") ? mode(top) : "run";
        String secret = secret(top, clusters, "simulate".equals(mode));
        Set<String> names = new LinkedHashSet<>();
        if (clusters != null) {
            clusters.forEach(c -> names.add(c.name()));
        }
        String wan = top.has("wan") ? WanReader.read(top.value("wan"), "wan", names, problems) : "none";
        AppPlan app = top.has("app") ? AppReader.read(top.value("app"), "app", problems, baseDir) : null;
        if (!top.has("app")) {
            top.missing("app", "a mapping with name (or mainClass) and args");
        }
        String balancer = top.has("balancer") ? BalancerReader.read(top.value("balancer"), "balancer", problems)
                : DEFAULT_BALANCER;
        Path output = output(top);
        Integer minNodes = minNodes(top, clusters);
        Function<RunPlan, Comparison> comparison = top.has("compare") ? comparison(top, clusters) : null;
        SimulationPlan simulation = top.has("simulate") ? SimulationReader.read(top.value("simulate"), "simulate", problems)
                : SimulationPlan.DEFAULTS;
        problems.throwIfAny();
        RunPlan plan = new RunPlan(pool, secret, clusters, wan, app, balancer, output, problems.origin(), minNodes);
        Optional<Comparison> matrix;
        try {
            matrix = Optional.ofNullable(comparison).map(c -> c.apply(plan));
        } catch (IllegalArgumentException e) { // the matrix as a whole: its entries were checked one by one above
            problems.at(top.value("compare"), "compare", e.getMessage());
            problems.throwIfAny();
            throw e;
        }
        return new Descriptor(plan, matrix, "simulate".equals(mode), simulation);
    }

    /**
     * {@code minNodes:}, the nodes that must join for main to run: a pool short of its plan fails
     * unless the descriptor says it may run degraded. 0 (every node) when absent; null if wrong.
     */
    private Integer minNodes(Section top, List<ClusterPlan> clusters) {
        if (!top.has("minNodes")) {
            return 0;
        }
        Integer min = top.positive("minNodes", "the number of nodes that must join for main to run", null);
        int planned = clusters == null ? Integer.MAX_VALUE : clusters.stream().mapToInt(ClusterPlan::nodes).sum();
        if (min != null && min > planned) {
            problems.at(top.value("minNodes"), "minNodes", "found " + min + "; expected at most the " + planned
                    + " nodes of the clusters");
            return null;
        }
        return min;
    }

    /** {@code run} (the default) or {@code simulate}: whether satin run and satin compare run the pool or simulate it. */
    private String mode(Section top) {
        String mode = top.text("mode", "run or simulate", true);
        if (mode != null && !MODES.contains(mode)) {
            problems.at(top.value("mode"), "mode", "found '" + mode + "'; expected run or simulate");
            return null;
        }
        return mode;
    }

    /**
     * {@code secret:}, else {@code secretFile:} (relative to the descriptor), else SATIN_SECRET;
     * a pool that stays in this JVM (or is only simulated) proves nothing to anyone, so it may go
     * without and gets a random one.
     */
    private String secret(Section top, List<ClusterPlan> clusters, boolean simulated) {
        if (top.has("secret") && top.has("secretFile")) {
            problems.at(top.keyNode("secretFile"), "secretFile", "found both secret and secretFile; expected one of them");
            return null;
        }
        if (top.has("secret")) {
            return top.text("secret", "the pool's secret", true);
        }
        if (top.has("secretFile")) {
            return secretFile(top);
        }
        String fromEnv = env.get("SATIN_SECRET");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        boolean leavesJvm = !simulated && clusters != null && clusters.stream().anyMatch(c -> c.placement() != Placement.IN_JVM);
        if (leavesJvm) {
            top.missing("secret", "secret:, secretFile: or the environment variable SATIN_SECRET (nodes outside this JVM "
                    + "must prove the pool's secret)");
            return null;
        }
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    private String secretFile(Section top) {
        String name = top.text("secretFile", "the path of a file holding the pool's secret", true);
        if (name == null) {
            return null;
        }
        Node at = top.value("secretFile");
        try {
            String secret = Files.readString(baseDir.resolve(name), StandardCharsets.UTF_8).strip();
            if (!secret.isEmpty()) {
                return secret;
            }
            problems.at(at, "secretFile", "found an empty file '" + name + "'; expected a file holding the pool's secret");
        } catch (IOException | InvalidPathException e) {
            problems.at(at, "secretFile", "cannot read '" + name + "' (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + "); expected a readable file holding the pool's secret, relative to the descriptor");
        }
        return null;
    }

    private Path output(Section top) {
        if (!top.has("output")) {
            return Path.of(DEFAULT_OUTPUT);
        }
        String dir = top.text("output", "a directory for the run's results", true);
        try {
            return dir == null ? null : Path.of(dir);
        } catch (InvalidPathException e) {
            problems.at(top.value("output"), "output", "found '" + dir + "'; expected a directory path (" + e.getMessage() + ")");
            return null;
        }
    }

    /**
     * The {@code compare:} section, completed by the plan once there is one: what it leaves out is
     * the run's own application, balancer or WAN.
     */
    private Function<RunPlan, Comparison> comparison(Section top, List<ClusterPlan> clusters) {
        Section s = Section.of(top.value("compare"), "compare", problems, COMPARE_KEYS);
        if (s == null) {
            return null;
        }
        Set<String> names = new LinkedHashSet<>();
        if (clusters != null) {
            clusters.forEach(c -> names.add(c.name()));
        }
        List<AppPlan> apps = list(s, "apps", "applications, each with name (or mainClass) and args",
                (n, p) -> AppReader.read(n, p, problems, baseDir));
        List<String> balancers = list(s, "balancers", "balancers like CRS or {name: RP, settings: {threshold: 8}}",
                (n, p) -> BalancerReader.read(n, p, problems));
        List<String> wans = list(s, "wan", "WAN settings: none, single-cluster, WanLinks text or a mapping like wan:",
                (n, p) -> compareWan(n, p, names, clusters));
        // three: the fewest whose median and range say anything (decision 0021)
        Integer repetitions = s.positive("repetitions", "how often each run repeats", 3);
        if (apps == null || balancers == null || wans == null || repetitions == null) {
            return null;
        }
        return plan -> new Comparison(apps.isEmpty() ? List.of(plan.app()) : apps,
                balancers.isEmpty() ? List.of(plan.balancer()) : balancers, wans.isEmpty() ? List.of(plan.wan()) : wans,
                repetitions);
    }

    private String compareWan(Node node, String path, Set<String> names, List<ClusterPlan> clusters) {
        if (!(node instanceof ScalarNode s) || !s.getValue().equals(Comparison.SINGLE_CLUSTER)) {
            return WanReader.read(node, path, names, problems);
        }
        if (clusters != null && clusters.stream().anyMatch(c -> c.workers() != clusters.get(0).workers()
                || c.placement() != clusters.get(0).placement())) {
            problems.at(node, path, "found single-cluster for clusters that differ in workers or where; expected "
                    + "clusters that differ only in name and nodes, so that one cluster can stand for them");
            return null;
        }
        return Comparison.SINGLE_CLUSTER;
    }

    /** A list of items read one by one: empty if absent, null if any is wrong (all reported). */
    private <T> List<T> list(Section s, String key, String expected, BiFunction<Node, String, T> item) {
        if (!s.has(key)) {
            return List.of();
        }
        List<Node> nodes = Section.items(s.value(key), s.child(key), expected, problems);
        if (nodes == null) {
            return null;
        }
        if (nodes.isEmpty()) {
            problems.at(s.value(key), s.child(key), "found an empty list; expected at least one of " + expected);
            return null;
        }
        List<T> out = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < nodes.size(); i++) {
            T t = item.apply(nodes.get(i), s.child(key) + "[" + i + "]");
            ok &= t != null;
            out.add(t);
        }
        return ok ? out : null;
    }
}
