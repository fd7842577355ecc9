package satin.deploy.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One run of an application on a pool.
 *
 * @param pool      the pool's name
 * @param secret    the pool's secret (every process proves it)
 * @param clusters  the clusters, at least one; node names are {@code CLUSTER-k}
 * @param wan       the emulated wide-area links in {@code satin.net.WanLinks} syntax
 *                  ({@code 10ms/100KB/s}, {@code A>B=...,*=...}), or {@code none}
 * @param app       what the master runs
 * @param balancer  the load balancer in {@code satin.lb.Balancers} syntax ({@code CRS},
 *                  {@code RP:threshold=8})
 * @param outputDir where the run's result files go
 * @param origin    where this plan came from, for messages: a descriptor's path, or
 *                  {@code command line}
 * @param minNodes  how many nodes must join for main to run; the run fails with fewer (0: every
 *                  node, the default: a pool short of its plan is no success)
 */
public record RunPlan(String pool, String secret, List<ClusterPlan> clusters, String wan, AppPlan app, String balancer,
        Path outputDir, String origin, int minNodes) {

    public RunPlan(String pool, String secret, List<ClusterPlan> clusters, String wan, AppPlan app, String balancer,
            Path outputDir, String origin) {
        this(pool, secret, clusters, wan, app, balancer, outputDir, origin, 0);
    }

    /**
     * What a pool may be called: its name becomes part of its run directory's, of in-JVM addresses
     * and of node names, so a name that is a path (../x) or holds spaces is none.
     */
    public static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    public static final String NAME_EXPECTED = "a name of letters, digits, '_', '.' or '-' that starts with a letter or digit";

    public RunPlan {
        Objects.requireNonNull(pool, "pool");
        if (!NAME.matcher(pool).matches()) {
            throw new IllegalArgumentException(origin + ": the pool's name '" + pool + "' is not " + NAME_EXPECTED);
        }
        Objects.requireNonNull(secret, "secret");
        clusters = List.copyOf(clusters);
        if (clusters.isEmpty()) {
            throw new IllegalArgumentException(origin + ": a run needs at least one cluster");
        }
        Objects.requireNonNull(wan, "wan");
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(balancer, "balancer");
        Objects.requireNonNull(outputDir, "outputDir");
        int planned = clusters.stream().mapToInt(ClusterPlan::nodes).sum();
        if (minNodes < 0 || minNodes > planned) {
            throw new IllegalArgumentException(origin + ": minNodes " + minNodes + " is not between 1 and the "
                    + planned + " nodes of the run");
        }
    }

    /** The nodes that must join for main to run: {@link #minNodes}, or every node. */
    public int requiredNodes() {
        return minNodes == 0 ? nodes() : minNodes;
    }

    /** The same run, which runs main once {@code required} of its nodes have joined. */
    public RunPlan withMinNodes(int required) {
        return new RunPlan(pool, secret, clusters, wan, app, balancer, outputDir, origin, required);
    }

    /** Every node of every cluster. */
    public int nodes() {
        return clusters.stream().mapToInt(ClusterPlan::nodes).sum();
    }

    /** The same run with another balancer and WAN setting (a cell of a comparison). */
    public RunPlan with(String otherBalancer, String otherWan, Path otherOutputDir) {
        return new RunPlan(pool, secret, clusters, otherWan, app, otherBalancer, otherOutputDir, origin, minNodes);
    }
}
