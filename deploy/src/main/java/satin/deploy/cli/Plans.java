package satin.deploy.cli;

import java.nio.file.Path;
import java.util.Optional;
import satin.deploy.descriptor.Descriptor;
import satin.deploy.descriptor.Descriptors;

/** A descriptor's plan, or the plan of the options: one of the two, never both. */
final class Plans {

    private Plans() {
    }

    static Descriptor of(Path descriptor, PlanOptions options) {
        if (descriptor != null && options.given()) {
            throw new IllegalArgumentException("give a descriptor or --app, not both (the descriptor names its application)");
        }
        if (descriptor != null) {
            return Descriptors.read(descriptor);
        }
        return new Descriptor(options.plan(), Optional.empty());
    }
}
