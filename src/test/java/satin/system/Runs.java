package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What the tests read of the run directories {@code satin run} leaves. */
final class Runs {

    private Runs() {
    }

    /** The one run directory of {@code pool} under {@code results}; fails if there is not exactly one. */
    static Path dirOf(Path results, String pool) throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> mine = dirs.filter(p -> p.getFileName().toString().startsWith(pool + "-")).toList();
            assertEquals(1, mine.size(), "one run directory: " + mine);
            return mine.get(0);
        }
    }

    /** How often {@code what} occurs in {@code text}. */
    static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
