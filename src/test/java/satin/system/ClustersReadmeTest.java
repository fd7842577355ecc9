package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/operations.md's "Clusters, wide-area links and load balancers", its commands exactly as written, from
 * the project's root: each pool of 64 nodes in 4 clusters prints the sum the sequential tree prints,
 * and its report names the balancer with the settings asked for, the WAN links and a WAN message
 * rate above zero (the clusters did talk over the emulated links).
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ClustersReadmeTest {

    private static final String DOC = "docs/operations.md";
    private static final String HEADING = "## Clusters, wide-area links and load balancers";
    private static final Pattern TREE = Pattern.compile(" (satin\\.apps\\.synthetic\\.SyntheticTree)((?: \\S+)+)$");
    private static final Pattern BALANCER = Pattern.compile("--balancer (\\S+)");
    private static final Pattern WAN = Pattern.compile("--wan '?([^' ]+)'?");
    private static final Pattern WAN_RATE = Pattern.compile("; ([0-9.]+) WAN messages/s");

    @Test
    void bothPoolsRunAsWrittenAndTheirClustersTalkOverTheEmulatedLinks() throws Exception {
        Path root = Project.root();
        List<String> commands = ReadmeBlock.commands(ReadmeBlock.firstIn(root.resolve(DOC), HEADING));
        assertEquals(2, commands.size(), "clusters from --clusters, then named ones with a WAN link per pair: " + commands);
        try (RootLeftovers left = new RootLeftovers(root, "satin-stats.json"); Processes ps = new Processes()) {
            for (String command : commands) {
                assertTrue(command.startsWith("./satin pool "), command);
                Matcher tree = TREE.matcher(command);
                assertTrue(tree.find(), "a synthetic tree: " + command);
                List<String> args = new ArrayList<>(List.of(tree.group(2).trim().split(" ")));
                args.add("--no-wait"); // the same sum at once
                String sequential = ps.sequential(tree.group(1), args.toArray(new String[0]));

                Processes.Child c = ps.command(command, root, List.of("bash", "-euo", "pipefail", "-c", command));
                assertEquals(0, c.exit(300), command + " failed: " + c);
                assertEquals(sequential, c.out(), command + " prints what the sequential program prints");
                String report = c.err();
                assertTrue(report.contains("64 nodes in 4 clusters"), report);
                assertBalancer(command, report);
                assertWan(command, report);
                Matcher rate = WAN_RATE.matcher(report);
                assertTrue(rate.find() && Double.parseDouble(rate.group(1)) > 0, "WAN messages flowed: " + report);
            }
        }
    }

    /** The balancer by name, and every setting the command gave it as it reports them (k=v). */
    private static void assertBalancer(String command, String report) {
        Matcher m = BALANCER.matcher(command);
        assertTrue(m.find(), command);
        String[] nameAndSettings = m.group(1).split(":", 2);
        assertTrue(report.contains("balancer " + nameAndSettings[0] + " ("), report);
        if (nameAndSettings.length > 1) {
            for (String setting : nameAndSettings[1].split(",")) {
                assertTrue(report.contains(setting), setting + " in " + report);
            }
        }
    }

    /** One setting for every pair as written; per pair, each pair and the default named. */
    private static void assertWan(String command, String report) {
        Matcher m = WAN.matcher(command);
        assertTrue(m.find(), command);
        assertFalse(report.contains("WAN none"), report);
        for (String link : m.group(1).split(",")) {
            int eq = link.indexOf('=');
            String named = eq < 0 ? "WAN " + link : link.substring(0, eq + 1);
            assertTrue(report.contains(named), named + " in " + report);
        }
    }
}
