package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * {@code where: slurm} across hosts, not on one: a SLURM cluster of two machines (network
 * namespaces with names no resolver knows, a slurmd each, slurmctld on the user's machine), two
 * clusters of two tasks, each cluster's tasks on both machines, over the emulated wide-area link
 * and TLS. Every task announces itself and its registry at an address the other machine reaches,
 * and the answer is the sequential program's.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class SlurmHostsSystemTest {

    private static final List<String> MACHINES = List.of("node-1", "node-2");

    @TempDir
    static Path temp;
    private static NamespaceHosts hosts;
    private static Slurm slurm;

    @BeforeAll
    static void start() throws Exception {
        hosts = Daemons.namespaceHosts(temp.resolve("hosts"), MACHINES, null, List.of());
        slurm = Slurm.onHosts(temp.resolve("slurm"), hosts, MACHINES);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (slurm != null) {
                slurm.close();
            }
        } finally {
            if (hosts != null) {
                hosts.close();
            }
        }
    }

    @Test
    void twoClustersOfTasksOnTwoMachinesPrintWhatTheSequentialProgramPrints() throws Exception {
        String pool = "slurmhosts" + System.nanoTime();
        Path d = temp.resolve(pool + ".yaml");
        Files.writeString(d, String.join("\n",
                "pool: " + pool,
                "secret: slurm-hosts-test",
                "clusters:",
                "  - {name: east, nodes: 2, where: slurm, slurm: {partition: east, nodes: 2, tasksPerNode: 1}}",
                "  - {name: west, nodes: 2, where: slurm, slurm: {partition: west, nodes: 2, tasksPerNode: 1}}",
                "wan: {default: {latency: 20ms, bandwidth: 1MB/s}}",
                "app: {mainClass: satin.apps.nqueens.NQueens, args: [11, 3]}",
                "balancer: CRS",
                "output: '" + temp.resolve("results") + "'", ""));
        try (Processes ps = new Processes()) {
            String expected = ps.sequential("satin.apps.nqueens.NQueens", "11", "3");
            Processes.Child run = ps.command("satin", temp, hosts.onLauncher(List.of(Processes.java(), "-cp",
                    System.getProperty("java.class.path"), "satin.deploy.Main", "run", d.toString(), "--timeout",
                    "300s")), slurm.env());
            assertEquals(0, run.exit(360), () -> run + slurm.logs());
            assertEquals(expected, run.out());
            assertTrue(run.err().contains("4 nodes in 2 clusters"), run::toString);
            Path dir = Runs.dirOf(temp.resolve("results"), pool);
            assertEquals(4, Runs.count(Files.readString(dir.resolve("stats.json")), "\"jobsRun\""), "every task reported");
            String registry = Files.readString(dir.resolve("registry.txt")).strip();
            assertTrue(registry.contains(hosts.host("node-1").address()) || registry.contains(hosts.host("node-2")
                    .address()), "the registry is announced where the other machine reaches it: " + registry);
            for (String machine : MACHINES) {
                assertTrue(slurm.nodeLog(machine).contains("launch task"), "tasks ran on " + machine + ":\n"
                        + slurm.nodeLog(machine));
            }
        }
        Daemons.await(() -> {
            try {
                return slurm.jobs().isEmpty();
            } catch (Exception e) {
                return false;
            }
        }, 60, () -> "the jobs to leave the queue");
    }
}
