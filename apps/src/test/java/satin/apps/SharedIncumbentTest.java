package satin.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import satin.apps.knapsack.Knapsack;
import satin.apps.setcover.SetCover;
import satin.runtime.JobCopier;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * knapsack and setcover with their best value in a shared object ({@link Incumbent}) print what
 * the sequential program prints, and what the bound passed down prints: on one and two workers,
 * with every spawn stolen, with every job's value a stale copy, and on a pool. (tsp has its own,
 * with a node killed: {@code satin.apps.tsp.SharedBoundTest}.)
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedIncumbentTest {

    private record App(Class<?> type, Function<String[], String> run, String... args) {
        String[] with(String bound) {
            String[] all = Arrays.copyOf(args, args.length + 1);
            all[args.length] = bound;
            return all;
        }
    }

    private static App app(String name) {
        return switch (name) {
            case "knapsack" -> new App(Knapsack.class, Knapsack::run, "24", "10000", "3", "6");
            case "setcover" -> new App(SetCover.class, SetCover::run, "30", "18", "2", "2");
            default -> throw new IllegalArgumentException(name);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"knapsack", "setcover"})
    void everywhereTheSequentialResult(String name) throws Exception {
        App app = app(name);
        String[] shared = app.with("shared");
        Object expected = AppHarness.oracle(app.type(), "run", (Object) shared);
        assertEquals(AppHarness.oracle(app.type(), "run", (Object) app.with("passed")), expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> app.run().apply(shared)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> app.run().apply(shared)));
        for (int workers = 1; workers <= 2; workers++) {
            try (Node stolen = Node.start(NodeConfig.defaults().withWorkers(workers), JobCopier.sharing());
                    Node copied = Node.start(NodeConfig.defaults().withWorkers(workers).withByValue(true))) {
                assertEquals(expected, stolen.call(() -> app.run().apply(shared)), workers + " workers, every spawn stolen");
                assertEquals(expected, copied.call(() -> app.run().apply(shared)), workers + " workers, every value a copy");
            }
        }
        assertEquals(expected, AppHarness.onFourNodes(() -> app.run().apply(shared)));
    }

    @Test
    void theBoundIsSharedUnlessPassed() {
        assertTrue(AppArguments.sharesBound(List.of("1"), 1));
        assertTrue(AppArguments.sharesBound(List.of("1", "shared"), 1));
        assertFalse(AppArguments.sharesBound(List.of("1", "passed"), 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Knapsack.run("10", "100", "1", "2", "both"));
        assertTrue(e.getMessage().contains("the bound must be shared"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SetCover.run("20", "10", "1", "2", "both"));
    }
}
