package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.rewriter.random.Runner;

/**
 * The random-program tester in the build (decision 0042): every kept regression program, then
 * {@value #DEFAULT_COUNT} generated programs from seed 1, each as written and rewritten on one
 * and two workers with every spawn stolen, outputs compared. More, or other seeds, with
 * {@code -Dsatin.randomPrograms.count=N -Dsatin.randomPrograms.seed=S} (docs/testing.md); a
 * failing program is shrunk and written to {@code target/random-programs/}, to be kept among the
 * regressions once its bug is fixed.
 */
class RandomProgramsTest {

    static final int DEFAULT_COUNT = 100;
    private static final String REGRESSIONS = "/satin/rewriter/random/regressions";

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyKeptRegressionProgramRunsAsWritten() throws IOException, URISyntaxException {
        List<Path> kept;
        try (Stream<Path> files = Files.list(Path.of(getClass().getResource(REGRESSIONS).toURI()))) {
            kept = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
        assertFalse(kept.isEmpty(), "no regression programs under " + REGRESSIONS);
        try (Runner runner = new Runner()) {
            for (Path f : kept) {
                String source = Files.readString(f);
                boolean refused = source.lines().anyMatch(l -> l.equals("// expect: refused"));
                Runner.Outcome o = runner.run(source, refused);
                assertEquals(refused ? Runner.Kind.REFUSED : Runner.Kind.SAME, o.kind(), f.getFileName() + ": " + o.detail());
            }
        }
    }

    /**
     * Bounded by the count asked for: a program takes a tenth of a second or so, so a second each
     * (and a minute to start) stops a hang without stopping the 10,000 of {@code ./bench fuzz --programs}.
     */
    @Test
    void generatedProgramsRunAsWrittenOrAreRefusedWithADiagnostic() {
        int count = Integer.getInteger("satin.randomPrograms.count", DEFAULT_COUNT);
        long seed = Long.getLong("satin.randomPrograms.seed", 1L);
        RandomPrograms.Summary s = assertTimeoutPreemptively(Duration.ofSeconds(60L + count),
                () -> RandomPrograms.run(count, seed, Path.of("target", "random-programs"), System.out));
        System.out.println(s);
        assertTrue(s.failures().isEmpty(), s.toString());
        if (count >= 50) { // a share says nothing of a handful of programs (./bench fuzz --programs 3 in its test)
            assertTrue(s.byKind().getOrDefault(Runner.Kind.SAME, 0) > count / 2, "most programs are valid and accepted: " + s);
        }
    }
}
