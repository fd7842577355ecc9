package satin.system;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the project is: the tests run in src/test, two levels below the root with the satin script. */
final class Project {

    private Project() {
    }

    static Path root() {
        Path root = Path.of("").toAbsolutePath().getParent().getParent();
        if (!Files.isRegularFile(root.resolve("satin")) || !Files.isRegularFile(root.resolve("pom.xml"))) {
            throw new IllegalStateException("the tests run in src/test of the project, not in " + Path.of("").toAbsolutePath());
        }
        return root;
    }

    /** The agent jar as the build leaves it, the one file users put after -javaagent:. */
    static Path agentJar() {
        Path jar = root().resolve("satin-agent/target/satin-agent.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no " + jar + ": the reactor builds satin-agent before these tests");
        }
        return jar;
    }
}
