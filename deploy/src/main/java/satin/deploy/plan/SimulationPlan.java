package satin.deploy.plan;

import java.util.Objects;

/**
 * How a run is simulated rather than run (the {@code simulate:} section of a descriptor, or the
 * options of {@code satin simulate}): the network inside the clusters, the seed, what UTS's tree
 * nodes cost, how many jobs a worker offers to thieves, and how much simulated time a run may take.
 *
 * @param lan               a preset of {@code satin.sim.Interconnect} (myrinet, infiniband,
 *                          emulated) or LATENCY/BANDWIDTH[/JITTER]
 * @param seed              the first repetition's seed; repetition r has seed + r - 1
 * @param nodeCostNanos     for UTS, the cost of every tree node; -1 for the model of hashing
 * @param offered           jobs a worker keeps offered to thieves, as {@code satin.offered}
 * @param maxSimulatedNanos a run not done by then is stopped and reported as failed
 */
public record SimulationPlan(String lan, long seed, long nodeCostNanos, int offered, long maxSimulatedNanos) {

    /** Myrinet (van Nieuwpoort et al.'s clusters), seed 1, the model of hashing, the runtime's jobs offered, an hour. */
    public static final SimulationPlan DEFAULTS = new SimulationPlan("myrinet", 1, -1, satin.config.Settings.DEFAULT_OFFERED,
            3_600_000_000_000L);

    /** What a duration in {@link #nanos} is written as. */
    public static final String DURATION_EXPECTED = satin.runtime.Durations.EXPECTED;

    public SimulationPlan {
        Objects.requireNonNull(lan, "lan");
        if (offered < 1 || maxSimulatedNanos <= 0) {
            throw new IllegalArgumentException("a simulation offers at least one job and has a positive time limit");
        }
    }

    /**
     * A duration as people type them for simulations, from nanoseconds to hours: 250ns, 1.5us, 90s, 1h.
     *
     * @throws IllegalArgumentException saying what was expected
     */
    public static long nanos(String text) {
        return satin.runtime.Durations.nanos(text);
    }
}
