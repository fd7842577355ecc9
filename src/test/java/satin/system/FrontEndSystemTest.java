package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.bench.hosts.NamespaceHosts;

/**
 * A cluster behind a front-end, as at the sites the papers ran on: its two hosts have addresses on
 * a network that only the front-end shares, the launcher reaches them by ssh through the front-end
 * (their aliases jump there), and the pool's other cluster cannot reach them at all. The
 * descriptor names the front-end ({@code frontEnd:}); {@code satin run} starts the pool's relay there,
 * and every node of both clusters takes part, over the emulated wide-area link and TLS, with the
 * sequential program's answer.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FrontEndSystemTest {

    private static final List<String> WEST = List.of("west-1", "west-2");
    private static final String FRONT_END = "gate";
    private static final List<String> EAST = List.of("east-1", "east-2");

    @TempDir
    static Path temp;
    private static NamespaceHosts hosts;

    @BeforeAll
    static void makeHosts() throws Exception {
        hosts = Daemons.namespaceHosts(temp.resolve("hosts"), List.of("west-1", "west-2", FRONT_END), FRONT_END, EAST);
    }

    @AfterAll
    static void removeHosts() {
        if (hosts != null) {
            hosts.close();
        }
    }

    private static Path descriptor(String pool, boolean frontEnd) throws Exception {
        String options = "sshOptions: [-F, '" + hosts.sshConfig() + "']";
        Path d = temp.resolve(pool + ".yaml");
        Files.writeString(d, String.join("\n",
                "pool: " + pool,
                "secret: front-end-system-test",
                "clusters:",
                "  - {name: west, nodes: 2, where: ssh, hosts: [" + String.join(", ", WEST) + "], " + options + "}",
                "  - {name: east, nodes: 2, where: ssh, hosts: [" + String.join(", ", EAST) + "], "
                        + (frontEnd ? "frontEnd: " + FRONT_END + ", " : "") + options + "}",
                "wan: {default: {latency: 20ms, bandwidth: 1MB/s}}",
                "app: {mainClass: satin.apps.nqueens.NQueens, args: [12, 4]}",
                "balancer: CRS",
                "output: '" + temp.resolve("results") + "'", ""));
        return d;
    }

    /** What the test's network allows: the other cluster's hosts cannot reach the cluster behind the front-end. */
    @Test
    void theHostsBehindTheFrontEndAreReachableFromItAlone() throws Exception {
        String east1 = hosts.host("east-1").address();
        List<String> probe = List.of("bash", "-c", "exec 3<>/dev/tcp/" + east1 + "/22");
        assertEquals(0, exit(hosts.onHost(FRONT_END, probe)), "the front-end reaches east-1");
        assertNotEquals(0, exit(hosts.onHost("west-1", probe)), "west-1 reaches east-1 directly");
        assertNotEquals(0, exit(hosts.onLauncher(probe)), "the launcher reaches east-1 directly");
    }

    private static List<String> left(String alias) {
        try {
            return hosts.processesOn(alias, "satin.launch").stream().map(h -> h.info().commandLine().orElse("?")).toList();
        } catch (Exception e) {
            return List.of(e.toString());
        }
    }

    private static int exit(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), command + " did not end");
        return p.exitValue();
    }

    @Test
    void aClusterBehindAFrontEndJoinsThroughItsRelay() throws Exception {
        String pool = "frontend" + System.nanoTime();
        try (Processes ps = new Processes()) {
            String expected = ps.sequential("satin.apps.nqueens.NQueens", "12", "4");
            Processes.Child run = ps.command("satin", temp, hosts.onLauncher(List.of(Processes.java(), "-cp",
                    System.getProperty("java.class.path"), "satin.deploy.Main", "run",
                    descriptor(pool, true).toString(), "--timeout", "300s")));
            assertEquals(0, run.exit(360), run::toString);
            assertEquals(expected, run.out());
            assertTrue(run.err().contains("4 nodes in 2 clusters"), run::toString);
            assertTrue(run.err().contains("relays of the clusters behind front-ends: east="), run::toString);
            Path dir = Runs.dirOf(temp.resolve("results"), pool);
            String stats = Files.readString(dir.resolve("stats.json"));
            assertEquals(4, Runs.count(stats, "\"jobsRun\""), "every node reported: " + run);
            String relayLog = Files.readString(dir.resolve("stderr-east-relay.txt"));
            assertTrue(relayLog.contains("satin-relay: relay of pool " + pool + " listening on port"), relayLog);
            assertTrue(hosts.sshdLog("east-1").contains("Accepted publickey"), "reached through the front-end");
            for (String alias : List.of(FRONT_END, "east-1", "east-2", "west-1", "west-2")) {
                Daemons.await(() -> left(alias).isEmpty(), 30, () -> "nothing of the run is left on " + alias + ": "
                        + left(alias));
            }
        }
    }
}
