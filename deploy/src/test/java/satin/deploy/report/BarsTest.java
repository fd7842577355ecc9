package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A reproduction's grouped bars name what their groups are: balancers by default, or what the figure says. */
class BarsTest {

    private static final double[][] VALUES = {{1, 2}, {3, 4}};
    private static final double[][] NONE = {{Double.NaN, Double.NaN}, {Double.NaN, Double.NaN}};

    private static String svg(Charts.Bars bars, Path dir) throws Exception {
        Charts.bars("efficiency", List.of(bars), false, dir, "bars");
        return Files.readString(dir.resolve("bars.svg"));
    }

    @Test
    void groupsAreLoadBalancersUnlessTheFigureSaysWhatTheyAre(@TempDir Path dir) throws Exception {
        String balancers = svg(new Charts.Bars("UTS", List.of("RS", "CRS"), List.of("8", "16"), VALUES, NONE, NONE,
                "speedup", Double.NaN), dir);
        assertTrue(balancers.contains(">load balancer<"), balancers);
        String allocations = svg(new Charts.Bars("UTS", List.of("1/N", "8G"), List.of("8", "16"), VALUES, NONE, NONE,
                "efficiency", Double.NaN, "process allocation"), dir);
        assertTrue(allocations.contains(">process allocation<"), allocations);
        assertFalse(allocations.contains("load balancer"), allocations);
    }
}
