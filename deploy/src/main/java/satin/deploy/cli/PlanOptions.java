package satin.deploy.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.security.SecureRandom;
import picocli.CommandLine.Option;
import satin.apps.Apps;
import satin.deploy.launch.ProgramClassPath;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;

/** The options that describe a run without a descriptor: {@code --app fib --args 40 --nodes 4 ...}. */
final class PlanOptions {

    @Option(names = "--app", paramLabel = "NAME", description = "an application (apps/README.md), synthetic, replay (FILE [SCALE]: a recorded tree), or a main class")
    String app;

    @Option(names = "--args", paramLabel = "ARG", arity = "1..*", description = "its arguments, or a preset: small, medium, large")
    List<String> args = new ArrayList<>();

    @Option(names = "--classpath", paramLabel = "PATH",
            description = "where the program's classes are: directories and jars separated by ':'; classes not rewritten at build time are rewritten as they load")
    String classPath;

    @Option(names = "--nodes", paramLabel = "N", description = "nodes in all (default: ${DEFAULT-VALUE})", defaultValue = "4")
    int nodes;

    @Option(names = "--clusters", paramLabel = "C", description = "clusters, the nodes split evenly (default: ${DEFAULT-VALUE})",
            defaultValue = "1")
    int clusters;

    @Option(names = "--workers", paramLabel = "W", description = "workers per node (default: ${DEFAULT-VALUE})", defaultValue = "1")
    int workers;

    @Option(names = "--where", paramLabel = "jvm|processes", description = "where the nodes run (default: ${DEFAULT-VALUE})",
            defaultValue = "jvm")
    String where;

    @Option(names = "--balancer", paramLabel = "B", description = "RS, RP, CHS, CLS, CRS or LL, with settings: RP:threshold=8 (default: ${DEFAULT-VALUE})",
            defaultValue = "RS")
    String balancer;

    @Option(names = "--wan", paramLabel = "LINKS", description = "emulated links between clusters: 100ms/100KB/s (default: ${DEFAULT-VALUE})",
            defaultValue = "none")
    String wan;

    @Option(names = "--pool", paramLabel = "NAME", description = "the pool's name (default: ${DEFAULT-VALUE})", defaultValue = "satin")
    String pool;

    @Option(names = "--output", paramLabel = "DIR", description = "where results go (default: ${DEFAULT-VALUE})",
            defaultValue = "satin-results")
    Path output;

    @Option(names = "--min-nodes", paramLabel = "M",
            description = "run main once M nodes have joined, if the others have not in time (default: every node; a pool short of its plan fails); overrides a descriptor's minNodes:")
    Integer minNodes;

    boolean given() {
        return app != null || classPath != null;
    }

    /** The plan these options describe; every mistake named with its option. */
    RunPlan plan() {
        if (app == null) {
            throw new IllegalArgumentException("give a descriptor or --app");
        }
        atLeastOne("--nodes", nodes);
        atLeastOne("--clusters", clusters);
        if (workers < 1 || workers > satin.runtime.NodeConfig.MAX_WORKERS) {
            throw new IllegalArgumentException("--workers must be from 1 to " + satin.runtime.NodeConfig.MAX_WORKERS
                    + ", not " + workers);
        }
        if (!RunPlan.NAME.matcher(pool).matches()) {
            throw new IllegalArgumentException("--pool: found '" + pool + "'; expected " + RunPlan.NAME_EXPECTED);
        }
        if (nodes % clusters != 0) {
            throw new IllegalArgumentException("--nodes " + nodes + " do not split evenly into --clusters " + clusters);
        }
        ClusterPlan.Placement placement = switch (where) {
            case "jvm" -> ClusterPlan.Placement.IN_JVM;
            case "processes" -> ClusterPlan.Placement.PROCESSES;
            default -> throw new IllegalArgumentException("--where must be jvm or processes, not '" + where
                    + "' (ssh runs need a descriptor with hosts)");
        };
        List<ClusterPlan> cs = new ArrayList<>();
        for (int k = 0; k < clusters; k++) {
            String name = clusters == 1 ? "local" : "grid-" + k;
            cs.add(new ClusterPlan(name, nodes / clusters, workers, placement, List.of(), List.of()));
        }
        satin.net.WanLinks.parse(wan); // refused here, named, before anything starts
        satin.lb.Balancers.parse(balancer);
        return new RunPlan(pool, secret(), cs, wan, app(app, args, ProgramClassPath.parse("--classpath", classPath)),
                balancer, output, "command line");
    }

    static void atLeastOne(String option, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(option + " must be at least 1, not " + value);
        }
    }

    static AppPlan app(String name, List<String> args, List<Path> classPath) {
        String mainClass;
        try {
            mainClass = name.contains(".") ? name : Apps.mainClass(name);
        } catch (IllegalArgumentException e) {
            List<String> known = new ArrayList<>(Apps.names());
            known.add("synthetic");
            known.add("replay");
            String suggestion = satin.deploy.descriptor.Suggestions.didYouMean(name, known);
            throw new IllegalArgumentException(suggestion.isEmpty() ? e.getMessage()
                    : "no application called '" + name + "';" + suggestion + " There are " + Apps.names()
                    + ", the workloads synthetic and replay (a recorded tree), or a main class by its full name", e);
        }
        return new AppPlan(name, mainClass, args, classPath);
    }

    /** A secret for this run alone: only the processes this command starts learn it. */
    static String secret() {
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
