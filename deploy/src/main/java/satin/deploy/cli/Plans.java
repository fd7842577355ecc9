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
            throw new IllegalArgumentException("give a descriptor or --app, not both (the descriptor names its application, and in classpath: its class path)");
        }
        Descriptor d = descriptor != null ? Descriptors.read(descriptor) : new Descriptor(options.plan(), Optional.empty());
        if (options.minNodes == null) {
            return d;
        }
        PlanOptions.atLeastOne("--min-nodes", options.minNodes);
        return new Descriptor(d.plan().withMinNodes(options.minNodes), d.comparison(), d.simulated(), d.simulation());
    }

    /** A run from a descriptor keeps it beside its results, as written, so that it can be run again. */
    static void keepDescriptor(Path descriptor, Path runDir) throws java.io.IOException {
        if (descriptor != null && runDir != null && java.nio.file.Files.isDirectory(runDir)) {
            java.nio.file.Files.copy(descriptor, runDir.resolve("descriptor.yaml"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
