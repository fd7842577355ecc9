package satin.deploy.descriptor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;

/**
 * The matrix of a comparison run: every application with every balancer under every WAN setting,
 * each repeated. A WAN setting is {@code satin.net.WanLinks} text, {@code none}, or
 * {@link #SINGLE_CLUSTER}: the same nodes as one cluster, the baseline van Nieuwpoort, Kielmann and Bal (PPoPP 2001) compares against.
 *
 * @param apps        the applications, at least one
 * @param balancers   the balancers in {@code satin.lb.Balancers} syntax, at least one
 * @param wans        the WAN settings, at least one
 * @param repetitions how often each cell runs, at least 1
 */
public record Comparison(List<AppPlan> apps, List<String> balancers, List<String> wans, int repetitions) {

    /** The WAN setting that puts every node into one cluster with no emulated links. */
    public static final String SINGLE_CLUSTER = "single-cluster";

    /** The name of the one cluster of {@link #SINGLE_CLUSTER}. */
    public static final String SINGLE_CLUSTER_NAME = "all";

    public Comparison {
        apps = List.copyOf(apps);
        balancers = List.copyOf(balancers);
        wans = List.copyOf(wans);
        if (apps.isEmpty() || balancers.isEmpty() || wans.isEmpty() || repetitions < 1) {
            throw new IllegalArgumentException("a comparison needs an application, a balancer, a WAN setting and a repetition");
        }
        balancers.forEach(Comparison::checkBalancer);
        wans.forEach(Comparison::checkWan);
        once("balancer", balancers, b -> {
            satin.lb.LoadBalancer made = satin.lb.Balancers.parse(b).get();
            return made.name() + " " + satin.lb.Balancers.describe(made);
        });
        once("WAN setting", wans, w -> w.equals(SINGLE_CLUSTER) ? w : satin.net.WanLinks.parse(w).toString());
        once("application", apps.stream().map(a -> a.name() + " " + a.args()).toList(), a -> a);
    }

    /**
     * Refuses a matrix that names one of its dimensions' values twice, however spelt: the report
     * would make one cell of both, with twice the repetitions asked for.
     */
    private static void once(String what, List<String> given, java.util.function.Function<String, String> meaning) {
        java.util.Map<String, String> seen = new java.util.HashMap<>();
        for (String g : given) {
            String before = seen.putIfAbsent(meaning.apply(g), g);
            if (before != null) {
                throw new IllegalArgumentException(what + " '" + g + "' is the same as '" + before + "', given before: a"
                        + " matrix names each " + what + " once");
            }
        }
    }

    /** Every cell's balancer is checked before the first run starts, so that a typo costs no run. */
    private static void checkBalancer(String balancer) {
        try {
            satin.lb.Balancers.parse(balancer);
        } catch (IllegalArgumentException e) {
            String hint = balancer.contains(",") && !balancer.contains(":")
                    ? "; separate the balancers of a comparison with ';' ('RS;CRS')" : "";
            throw new IllegalArgumentException("balancer '" + balancer + "': " + e.getMessage() + hint, e);
        }
    }

    private static void checkWan(String wan) {
        if (wan.equals(SINGLE_CLUSTER)) {
            return;
        }
        try {
            satin.net.WanLinks.parse(wan);
        } catch (IllegalArgumentException e) {
            String hint = wan.contains(",") ? "; separate the WAN settings of a comparison with ';'" : "";
            throw new IllegalArgumentException("WAN setting '" + wan + "': " + e.getMessage() + hint, e);
        }
    }

    /** One run of the matrix, with its plan (its own output directory under the base plan's). */
    public record Cell(int index, AppPlan app, String balancer, String wan, int repetition, RunPlan plan) {
    }

    /** Every run, applications outermost and repetitions innermost, so that repeats sit together. */
    public List<Cell> cells(RunPlan base) {
        List<Cell> cells = new ArrayList<>();
        for (AppPlan app : apps) {
            for (String balancer : balancers) {
                for (int w = 0; w < wans.size(); w++) {
                    for (int r = 1; r <= repetitions; r++) {
                        int index = cells.size();
                        Path dir = base.outputDir().resolve(String.format(Locale.ROOT, "%03d-%s-%s-wan%d-rep%d", index + 1,
                                safe(app.name()), safe(balancer), w + 1, r));
                        cells.add(new Cell(index, app, balancer, wans.get(w), r, plan(base, app, balancer, wans.get(w), dir)));
                    }
                }
            }
        }
        return cells;
    }

    private static RunPlan plan(RunPlan base, AppPlan app, String balancer, String wan, Path dir) {
        List<ClusterPlan> clusters = base.clusters();
        String links = wan;
        if (wan.equals(SINGLE_CLUSTER)) {
            clusters = List.of(singleCluster(clusters));
            links = "none";
        }
        return new RunPlan(base.pool(), base.secret(), clusters, links, app, balancer, dir, base.origin(),
                base.minNodes());
    }

    /**
     * All nodes in one cluster placed as the first; the reader has checked that the clusters agree
     * on workers and placement, so nothing but the names and links changes.
     */
    static ClusterPlan singleCluster(List<ClusterPlan> clusters) {
        ClusterPlan first = clusters.get(0);
        List<String> hosts = new ArrayList<>();
        java.util.Map<String, String> addresses = new java.util.HashMap<>();
        clusters.forEach(c -> c.hosts().stream().filter(h -> !hosts.contains(h)).forEach(hosts::add));
        clusters.forEach(c -> c.addresses().forEach(addresses::putIfAbsent));
        java.util.Map<String, String> lines = new java.util.HashMap<>();
        clusters.forEach(c -> c.hostLines().forEach(lines::putIfAbsent));
        int nodes = clusters.stream().mapToInt(ClusterPlan::nodes).sum();
        return new ClusterPlan(SINGLE_CLUSTER_NAME, nodes, first.workers(), first.placement(), hosts, first.jvmOptions(),
                addresses, first.sshOptions(), first.slurm(), lines);
    }

    private static String safe(String text) {
        return text.replaceAll("[^A-Za-z0-9._=-]+", "_");
    }
}
