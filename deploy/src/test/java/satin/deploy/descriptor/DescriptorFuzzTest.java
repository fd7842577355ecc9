package satin.deploy.descriptor;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import satin.testing.Seeds;
import satin.testing.UntrustedInput;

/**
 * Fuzz target for the descriptor reader, given a file's bytes as {@code satin run} reads them: a
 * descriptor, or a {@link DescriptorException} listing what is wrong and where; never another
 * throwable, a hang (YAML's aliases can make a small file a large tree) or memory out of
 * proportion to the file.
 */
@Tag("fuzz")
class DescriptorFuzzTest {

    /** SnakeYAML's reader and its nodes, and the plan built from them. */
    private static final UntrustedInput.Bound BOUND = new UntrustedInput.Bound(32 << 20, 4_096);
    private static Path dir;

    @FuzzTest
    void descriptor(byte[] file) throws Throwable {
        Path f = file();
        Files.write(f, file);
        UntrustedInput.read(file.length, BOUND, () -> Descriptors.read(f), DescriptorException.class);
    }

    private static synchronized Path file() throws IOException {
        if (dir == null) {
            dir = Files.createTempDirectory("satin-fuzz-descriptor");
        }
        return dir.resolve("fuzzed.yaml");
    }

    @AfterAll
    static void removeTheFile() throws IOException {
        if (dir != null) {
            Files.deleteIfExists(dir.resolve("fuzzed.yaml"));
            Files.deleteIfExists(dir);
        }
    }

    /** The seeds: the examples the documentation gives, each a descriptor a user would write. */
    @Test
    void theSeedsAreTheExamples() throws IOException {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        try (Stream<Path> examples = Files.list(Path.of("examples"))) {
            for (Path p : examples.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                seeds.put(p.getFileName().toString(), Files.readAllBytes(p));
            }
        }
        Seeds.check(DescriptorFuzzTest.class, "descriptor", seeds);
    }
}
