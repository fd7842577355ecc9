package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /** Six balancers with options in one panel: a label wider than its group is drawn in two lines, each within it. */
    @Test
    void aGroupLabelWiderThanItsGroupBreaksIntoTwoLinesThatFitIt(@TempDir Path dir) throws Exception {
        List<String> groups = List.of("RS:victims=round-robin", "RS", "RS:victims=distance:1",
                "RS:victims=round-robin,chunk=half", "RS:chunk=half", "RS:victims=distance:1,chunk=half");
        double[][] values = new double[6][1];
        double[][] none = new double[6][1];
        for (double[] row : none) {
            row[0] = Double.NaN;
        }
        String svg = svg(new Charts.Bars("UTS", groups, List.of("8192 processes"), values, none, none, "speedup",
                Double.NaN), dir);
        Matcher m = Pattern.compile("font-size=\"([0-9.]+)\"[^>]*font-weight=\"bold\">([^<]*)</text>").matcher(svg);
        List<String> drawn = new ArrayList<>();
        double groupWidth = (840 - 75 - 20) / 6.0;
        while (m.find()) {
            if (!m.group(2).equals("UTS")) {
                drawn.add(m.group(2));
                assertTrue(BarChart.estimate(m.group(2), Double.parseDouble(m.group(1))) * 0.9 <= groupWidth,
                        m.group(2) + " at " + m.group(1) + " px is wider than its group of " + groupWidth);
            }
        }
        assertTrue(drawn.containsAll(List.of("RS", "RS:chunk=half", "RS:victims=distance:1,", "chunk=half")), drawn.toString());
        assertFalse(drawn.contains("RS:victims=distance:1,chunk=half"), drawn.toString());
    }
}
