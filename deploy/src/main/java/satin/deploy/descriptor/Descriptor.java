package satin.deploy.descriptor;

import java.util.Objects;
import java.util.Optional;
import satin.deploy.plan.RunPlan;
import satin.deploy.plan.SimulationPlan;

/**
 * What a descriptor file says: the run, the comparison matrix around it if it has one, and whether
 * and how it is simulated rather than run.
 *
 * @param plan       the run (its origin is the descriptor's path)
 * @param comparison the {@code compare:} section, if any
 * @param simulated  {@code mode: simulate}: {@code satin run} and {@code satin compare} simulate it
 * @param simulation the {@code simulate:} section, or the defaults
 */
public record Descriptor(RunPlan plan, Optional<Comparison> comparison, boolean simulated, SimulationPlan simulation) {

    public Descriptor {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(comparison, "comparison");
        Objects.requireNonNull(simulation, "simulation");
    }

    /** A run that is run, not simulated. */
    public Descriptor(RunPlan plan, Optional<Comparison> comparison) {
        this(plan, comparison, false, SimulationPlan.DEFAULTS);
    }
}
