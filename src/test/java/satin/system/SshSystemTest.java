package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code satin run} over a real sshd of the test's own, reached through host aliases of an
 * {@code ssh_config} as users keep them: the ssh destination is only where ssh goes, never the
 * address nodes listen or are reached at (the bug: "node east-0 cannot listen at tcp://hosta:0").
 * One host is announced where its processes find themselves, the other at the descriptor's
 * {@code address:}. And Ctrl-C: the run directory keeps what was collected and says so.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class SshSystemTest {

    private static final List<String> ALIASES = List.of("satin-east", "satin-west");

    @TempDir
    static Path temp;
    private static Processes daemons;
    private static Sshd sshd;

    @BeforeAll
    static void startSshd() throws Exception {
        daemons = new Processes();
        sshd = Sshd.start(daemons, temp.resolve("sshd"), ALIASES);
    }

    @AfterAll
    static void stopSshd() throws Exception {
        if (sshd != null) {
            sshd.close();
        }
        daemons.close();
    }

    /** Two clusters of two nodes, one per alias, the second as user@alias with an address. */
    private static Path descriptor(String pool, String app, String args) throws Exception {
        String user = System.getProperty("user.name");
        String options = "[-F, '" + sshd.sshConfig + "']";
        Path d = temp.resolve(pool + ".yaml");
        Files.writeString(d, String.join("\n",
                "pool: " + pool,
                "secret: ssh-system-test",
                "clusters:",
                "  - {name: east, nodes: 2, where: ssh, hosts: [satin-east], sshOptions: " + options + "}",
                "  - name: west",
                "    nodes: 2",
                "    where: ssh",
                "    hosts: [{ssh: " + user + "@satin-west, address: 127.0.0.1}]",
                "    sshOptions: " + options,
                "app: {mainClass: " + app + ", args: [" + args + "]}",
                "balancer: CRS",
                "output: '" + temp.resolve("results") + "'", ""));
        return d;
    }

    private static Processes.Child satinRun(Processes ps, Path descriptor) throws Exception {
        return ps.command("satin", temp, List.of(Processes.java(), "-cp", System.getProperty("java.class.path"),
                "satin.deploy.Main", "run", descriptor.toString(), "--timeout", "300s"));
    }

    @Test
    void aTwoHostDescriptorThroughSshAliasesPrintsWhatTheSequentialProgramPrints() throws Exception {
        String pool = "sshrun" + System.nanoTime();
        try (Processes ps = new Processes()) {
            String expected = ps.sequential("satin.apps.nqueens.NQueens", "11", "3");
            Processes.Child run = satinRun(ps, descriptor(pool, "satin.apps.nqueens.NQueens", "11, 3"));
            assertEquals(0, run.exit(360), run::toString);
            assertEquals(expected, run.out());
            assertTrue(run.err().contains("4 nodes in 2 clusters"), run::toString);
            Matcher registry = Pattern.compile("registry of pool \\S+ at tcp://([^:]+):").matcher(run.err());
            assertTrue(registry.find(), run::toString);
            assertTrue(!ALIASES.contains(registry.group(1)), "announced where its host is, not at the alias: "
                    + registry.group());
            Path dir = runDir(pool);
            assertEquals(4, count(Files.readString(dir.resolve("stats.json")), "\"jobsRun\""), "every node reported");
            assertTrue(Files.readString(dir.resolve("result.json")).contains("\"ending\": \"finished\""));
            assertEquals(2, count(sshd.log(), "Accepted publickey"), "both hosts were reached through sshd: " + sshd.log());
        }
        assertNothingLeftOf(pool);
    }

    @Test
    void ctrlCKeepsWhatWasCollectedAndSaysTheRunWasInterrupted() throws Exception {
        String pool = "sshstop" + System.nanoTime();
        try (Processes ps = new Processes()) {
            // leaves that wait rather than compute: a run of an hour that costs no CPU
            Processes.Child run = satinRun(ps, descriptor(pool, "satin.apps.synthetic.SyntheticTree", "4, 8, 100000"));
            Daemons.await(() -> poolProcesses(pool).size() == 2, 120, () -> "both hosts' processes run: " + run
                    + poolProcesses(pool));
            Signals.interrupt(run.process);
            assertNotEquals(0, run.exit(60), run::toString);
            Path dir = runDir(pool);
            String stderr = Files.readString(dir.resolve("stderr.txt"));
            assertTrue(stderr.contains("satin: registry of pool " + pool), "what the master printed is kept: " + stderr);
            assertTrue(stderr.contains("satin-launch: the run was interrupted"), stderr);
            String result = Files.readString(dir.resolve("result.json"));
            assertTrue(result.contains("\"ending\": \"interrupted\""), result);
            assertTrue(result.contains("\"exitCode\": 143"), result);
        }
        assertNothingLeftOf(pool);
    }

    /** The PoolMain JVMs of a pool on this machine (not the ssh clients, whose remote command names it too). */
    private static List<String> poolProcesses(String pool) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(h -> h.info().command().orElse("").endsWith("/java"))
                .map(h -> h.info().commandLine().orElse("")).filter(c -> c.contains("--pool " + pool + " ")).toList();
    }

    private static void assertNothingLeftOf(String pool) throws InterruptedException {
        Daemons.await(() -> Daemons.processesWith("--pool " + pool + " ").isEmpty(), 30,
                () -> "processes left behind: " + Daemons.processesWith("--pool " + pool + " "));
    }

    private static Path runDir(String pool) throws Exception {
        return Runs.dirOf(temp.resolve("results"), pool);
    }

    private static int count(String text, String what) {
        return Runs.count(text, what);
    }
}
