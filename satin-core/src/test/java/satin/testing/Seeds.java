package satin.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The seeds of a fuzz target's corpus: inputs the real encoders write, so that fuzzing starts from
 * messages and files that get deep into the reader rather than from bytes it refuses at once. They
 * live beside the inputs that ever found a bug, in Jazzer's directory for the target
 * ({@code src/test/resources/PACKAGE/CLASSInputs/METHOD/}), each as {@code seed-NAME}, and every
 * test run checks that they are still what the encoders write: a seed of an old format would
 * only test the refusal of old formats.
 */
public final class Seeds {

    /** The switch that writes the seeds anew, after a format changed on purpose. */
    public static final String WRITE = "satin.fuzz.writeSeeds";

    private Seeds() {
    }

    /** Where Jazzer keeps the corpus of {@code test}'s fuzz test {@code method}, from the module's directory. */
    public static Path corpus(Class<?> test, String method) {
        return Path.of("src", "test", "resources").resolve(test.getPackageName().replace('.', '/'))
                .resolve(test.getSimpleName() + "Inputs").resolve(method);
    }

    /**
     * Checks that the corpus of {@code test}'s {@code method} holds exactly these seeds (and any
     * number of other inputs); with {@code -Dsatin.fuzz.writeSeeds=true} writes them instead.
     */
    public static void check(Class<?> test, String method, Map<String, byte[]> seeds) throws IOException {
        Path dir = corpus(test, method);
        if (Boolean.getBoolean(WRITE)) {
            Files.createDirectories(dir);
            try (Stream<Path> old = Files.list(dir)) {
                for (Path p : old.filter(p -> p.getFileName().toString().startsWith("seed-")).toList()) {
                    Files.delete(p);
                }
            }
            for (Map.Entry<String, byte[]> s : seeds.entrySet()) {
                Files.write(dir.resolve("seed-" + s.getKey()), s.getValue());
            }
            return;
        }
        List<String> wrong = new ArrayList<>();
        TreeSet<String> present = new TreeSet<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("seed-")).forEach(present::add);
            }
        }
        for (Map.Entry<String, byte[]> s : seeds.entrySet()) {
            String name = "seed-" + s.getKey();
            if (!present.remove(name)) {
                wrong.add(name + " is missing");
            } else if (!Arrays.equals(Files.readAllBytes(dir.resolve(name)), s.getValue())) {
                wrong.add(name + " is not what the encoder writes now");
            }
        }
        present.forEach(n -> wrong.add(n + " is no seed the test makes"));
        if (!wrong.isEmpty()) {
            throw new AssertionError(dir + ": " + String.join("; ", wrong) + ". After a change of format on purpose,"
                    + " write them anew: mvn -B test -pl MODULE -am -Dtest=" + test.getSimpleName()
                    + " -Dsurefire.failIfNoSpecifiedTests=false -D" + WRITE + "=true");
        }
    }
}
