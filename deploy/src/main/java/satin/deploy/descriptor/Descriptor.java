package satin.deploy.descriptor;

import java.util.Objects;
import java.util.Optional;
import satin.deploy.plan.RunPlan;

/**
 * What a descriptor file says: the run, and the comparison matrix around it if it has one.
 *
 * @param plan       the run (its origin is the descriptor's path)
 * @param comparison the {@code compare:} section, if any
 */
public record Descriptor(RunPlan plan, Optional<Comparison> comparison) {

    public Descriptor {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(comparison, "comparison");
    }
}
