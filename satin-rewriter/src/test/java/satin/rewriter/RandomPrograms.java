package satin.rewriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import satin.rewriter.random.Generator;
import satin.rewriter.random.Program;
import satin.rewriter.random.Runner;
import satin.rewriter.random.Shrinker;

/**
 * The random-program tester (decision 0042): generates {@code count} programs from consecutive
 * seeds, runs each as written and rewritten ({@link Runner}), and shrinks each failing one to a
 * small program that fails the same way, which it prints and, given a directory, keeps there as a
 * regression case for {@code RandomProgramsTest} to replay.
 *
 * <p>{@code java -cp <test class path> satin.rewriter.RandomPrograms COUNT [FIRST_SEED] [KEEP_DIR]};
 * {@code RandomProgramsTest} runs it as {@code mvn verify} does, and longer on request
 * (docs/testing.md).
 */
public final class RandomPrograms {

    /** What a run of the tester found. */
    public record Summary(int programs, Map<Runner.Kind, Integer> byKind, List<String> failures, long millis) {
        @Override
        public String toString() {
            return programs + " programs in " + millis / 1000.0 + " s: " + byKind + (failures.isEmpty() ? ", no failure"
                    : ", " + failures.size() + " failure(s):\n" + String.join("\n", failures));
        }
    }

    /** With -Dsatin.randomPrograms.verbose=true, every program that is not SAME is named, with why. */
    private static final boolean VERBOSE = Boolean.getBoolean("satin.randomPrograms.verbose");

    private RandomPrograms() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 3) {
            System.err.println("usage: RandomPrograms COUNT [FIRST_SEED] [KEEP_DIR]");
            System.exit(2);
        }
        int count = Integer.parseInt(args[0]);
        long first = args.length > 1 ? Long.parseLong(args[1]) : 1;
        Path keep = args.length > 2 ? Path.of(args[2]) : null;
        Summary s = run(count, first, keep, System.out);
        System.out.println(s);
        System.exit(s.failures().isEmpty() ? 0 : 1);
    }

    /** Runs {@code count} programs from seed {@code first} on, reporting progress to {@code log}. */
    public static Summary run(int count, long first, Path keep, PrintStream log) throws IOException {
        long start = System.nanoTime();
        Map<Runner.Kind, Integer> byKind = new EnumMap<>(Runner.Kind.class);
        List<String> failures = new ArrayList<>();
        try (Runner runner = new Runner()) {
            for (long seed = first; seed < first + count; seed++) {
                Program p = Generator.generate(seed);
                Runner.Outcome o = runner.run(p);
                byKind.merge(o.kind(), 1, Integer::sum);
                if (VERBOSE && o.kind() != Runner.Kind.SAME) {
                    log.println("seed " + seed + ": " + o.kind() + ": " + o.detail());
                }
                if (o.failed()) {
                    Program small = Shrinker.shrink(p, q -> runner.again(q, o).kind() == o.kind(), 300);
                    Runner.Outcome again = runner.run(small);
                    // the first run's detail too: a failure that depends on timing may not come again when shrunk
                    String report = "seed " + seed + ": " + o.kind() + ": " + o.detail()
                            + (again.kind() == o.kind() ? "; shrunk: " + again.detail() : "; the shrunk program ran "
                            + again.kind()) + "\n" + small.source();
                    failures.add(report);
                    log.println(report);
                    if (keep != null) {
                        Files.createDirectories(keep);
                        Files.writeString(keep.resolve("Seed" + seed + ".java"), "// " + o.kind() + " found by seed " + seed
                                + ": " + again.detail().lines().findFirst().orElse("") + "\n" + small.source());
                    }
                }
                if ((seed - first + 1) % 100 == 0) {
                    log.println((seed - first + 1) + " programs: " + byKind);
                }
            }
        }
        return new Summary(count, byKind, failures, (System.nanoTime() - start) / 1_000_000);
    }
}
