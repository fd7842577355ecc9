package satin.bench.paper;

import java.util.List;

/**
 * Every figure and table of the five papers that this project makes, by name. What is not here
 * cannot be made yet; docs/reproductions.md says which and why. The minutes are those of a full run
 * on this project's 2-core machine, rounded up.
 */
public final class Catalogue {

    private static final String REPLAYED = "recorded application trees replayed on emulated nodes in this JVM";
    private static final String SIMULATED = "the simulator: the real balancers on a virtual clock";

    /**
     * Figures 4 and 5 of the wide-area paper, as measured on 2026-12-07 (docs/benchmarks.md): 45 min
     * for fib to binomial, 39 for ida to raytracer, 4.5 for tsp, about 40 for matmul (32 s a run)
     * and 8 to record the trees a fresh clone lacks.
     */
    private static final int FIGURE_4_MINUTES = 140;

    private static final List<Reproduction> ALL = List.of(
            new Reproduction("wide-area-fig4", Paper.WIDE_AREA, "Figure 4",
                    "speedups of the twelve applications, five balancers, 1 cluster of 64 and 4 of 16 at four WAN settings",
                    REPLAYED + "; made with Figure 5 from the same runs", FIGURE_4_MINUTES, WideAreaFigures::figures),
            new Reproduction("wide-area-fig5", Paper.WIDE_AREA, "Figure 5",
                    "WAN messages per second for the same runs", REPLAYED + "; made with Figure 4 from the same runs",
                    FIGURE_4_MINUTES, WideAreaFigures::figures),
            new Reproduction("wide-area-jobs", Paper.WIDE_AREA, "section 4.2.3",
                    "jobs CHS moves against RS on set covering, one cluster of 64", REPLAYED, 3,
                    WideAreaFigures::jobCounts),
            new Reproduction("earth-table2", Paper.EARTH, "Table 2",
                    "elapsed times of eight balancers on 32 nodes", REPLAYED
                            + "; closest benchmarks of ours; made with Table 3 from the same runs", 35,
                    EarthTables::tables2And3),
            new Reproduction("earth-table3", Paper.EARTH, "Table 3",
                    "Table 2 over the fastest balancer's time", REPLAYED + "; made with Table 2 from the same runs", 35,
                    EarthTables::tables2And3),
            new Reproduction("earth-table4", Paper.EARTH, "Table 4",
                    "Spn, Snd, His and Rand against the static Minima", REPLAYED, 21, EarthTables::table4),
            new Reproduction("earth-table5", Paper.EARTH, "Table 5",
                    "absolute and relative speedups and the USE factor of His and Rand",
                    REPLAYED + "; the USE factor from the real applications on one worker", 8, EarthTables::table5),
            new Reproduction("uts-speedup", Paper.UTS, "speedup curve",
                    "speedup against processors up to 1,024 on UTS", SIMULATED, 10, Simulated::utsSpeedup),
            new Reproduction("uts-chunks", Paper.UTS, "Figure 4", "speedup by chunk size on 256 processors",
                    SIMULATED, 10, Simulated::utsChunks),
            new Reproduction("skew-latencies", Paper.SKEWED_VICTIMS, "Figures 4, 5, 12 and 13",
                    "starting and ending latencies SL(x), EL(x) at 128 and 8,192 processes", SIMULATED
                            + "; T1L stands in for T3XXL and T3WL", 30, Simulated::skewLatencies),
            new Reproduction("skew-allocations", Paper.SKEWED_VICTIMS, "Figure 2",
                    "the round-robin reference's efficiency from 8 to 128 processes, placed 1/N, 8RR or 8G", SIMULATED
                            + "; T1L stands in for T3XXL", 25, Simulated::skewAllocations),
            new Reproduction("skew-speedup", Paper.SKEWED_VICTIMS, "Figures 3, 6, 9 and 11",
                    "speedups from 1,024 to 8,192 processes by victim selection and steal size", SIMULATED
                            + "; T1L stands in for T3WL", 80, Simulated::skewSpeedup),
            new Reproduction("skew-granularity", Paper.SKEWED_VICTIMS, "Figure 16",
                    "run time saved by random and skewed victims over the round-robin reference, by work per tree node",
                    SIMULATED + " on 2,048 processes; T1L stands in for T3WL", 40, Simulated::skewGranularity),
            new Reproduction("queues-coalescing", Paper.UPC_QUEUES, "message coalescing",
                    "RS and CRS on 4 x 16 with and without coalescing: WAN frames and run time",
                    "real runs of the synthetic tree on emulated nodes in this JVM", 5, Coalescing::table));

    private Catalogue() {
    }

    public static List<Reproduction> all() {
        return ALL;
    }

    /** The reproduction of that name, or null. */
    public static Reproduction named(String name) {
        return ALL.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }
}
