package satin.deploy.cli;

import java.util.function.Supplier;
import picocli.CommandLine.Option;
import satin.deploy.plan.SimulationPlan;
import satin.sim.Interconnect;

/** The options of how a run is simulated; each one given overrides the descriptor's {@code simulate:} section. */
final class SimulationOptions {

    @Option(names = "--lan", paramLabel = "L",
            description = "inside clusters: myrinet, infiniband, emulated or LATENCY/BANDWIDTH[/JITTER] (default: myrinet)")
    String lan;

    @Option(names = "--seed", paramLabel = "S", description = "the first run's seed (default: 1)")
    Long seed;

    @Option(names = "--node-cost", paramLabel = "DURATION",
            description = "UTS: what every tree node costs, 2us (default: 35ns + 62ns per SHA-1)")
    String nodeCost;

    @Option(names = "--offered", paramLabel = "N", description = "jobs a worker offers to thieves, as satin.offered (default: " + satin.config.Settings.DEFAULT_OFFERED + ")")
    Integer offered;

    @Option(names = "--max-time", paramLabel = "DURATION", description = "simulated time a run may take (default: 1h)")
    String maxTime;

    /** {@code given} with what these options say instead, each option named if it is wrong. */
    SimulationPlan over(SimulationPlan given) {
        if (lan != null) {
            named("--lan", () -> Interconnect.parse(lan));
        }
        long cost = nodeCost == null ? given.nodeCostNanos() : named("--node-cost", () -> SimulationPlan.nanos(nodeCost));
        long max = maxTime == null ? given.maxSimulatedNanos() : named("--max-time", () -> SimulationPlan.nanos(maxTime));
        if (max <= 0) {
            throw new IllegalArgumentException("--max-time must be above 0, not '" + maxTime + "'");
        }
        if (offered != null) {
            PlanOptions.atLeastOne("--offered", offered);
        }
        return new SimulationPlan(lan != null ? lan : given.lan(), seed != null ? seed : given.seed(), cost,
                offered != null ? offered : given.offered(), max);
    }

    private static <T> T named(String option, Supplier<T> read) {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }
}
