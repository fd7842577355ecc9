package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code satin run} with {@code where: slurm} against a real SLURM of this machine: two clusters,
 * one job each in its own partition, submitted with sbatch; then the same descriptor from inside
 * an allocation (satin run in a batch job), as steps of it; the two clusters as the components of
 * one heterogeneous job; a run past its timeout, whose jobs are cancelled; and jobs SLURM refuses.
 * The results are the sequential program's.
 */
@Timeout(value = 12, unit = TimeUnit.MINUTES)
class SlurmSystemTest {

    @TempDir
    static Path temp;
    private static Slurm slurm;

    @BeforeAll
    static void startSlurm() throws Exception {
        slurm = Slurm.start(temp.resolve("slurm"));
    }

    @AfterAll
    static void stopSlurm() throws Exception {
        if (slurm != null) {
            slurm.close();
        }
    }

    /** Two clusters of two nodes, one job each in its own partition. */
    private static Path descriptor(String pool, String app, String args) throws Exception {
        Path d = temp.resolve(pool + ".yaml");
        Files.writeString(d, String.join("\n",
                "pool: " + pool,
                "secret: slurm-system-test",
                "clusters:",
                "  - {name: east, nodes: 2, where: slurm, slurm: {partition: east, time: '10'}}",
                "  - {name: west, nodes: 2, where: slurm, slurm: {partition: west, nodes: 1, tasksPerNode: 2}}",
                "app: {mainClass: " + app + ", args: [" + args + "]}",
                "balancer: CRS",
                "output: '" + temp.resolve("results") + "'", ""));
        return d;
    }

    private static List<String> satinRun(Path descriptor, String timeout) {
        return List.of(Processes.java(), "-cp", System.getProperty("java.class.path"), "satin.deploy.Main", "run",
                descriptor.toString(), "--timeout", timeout);
    }

    @Test
    void aTwoClusterDescriptorSubmittedToSlurmPrintsWhatTheSequentialProgramPrints() throws Exception {
        String pool = "slurmrun" + System.nanoTime();
        try (Processes ps = new Processes()) {
            String expected = ps.sequential("satin.apps.nqueens.NQueens", "11", "3");
            Processes.Child run = ps.command("satin", temp, satinRun(descriptor(pool, "satin.apps.nqueens.NQueens",
                    "11, 3"), "300s"), slurm.env());
            assertEquals(0, run.exit(360), () -> run + slurm.logs());
            assertEquals(expected, run.out());
            assertTrue(run.err().contains("4 nodes in 2 clusters"), run::toString);
            Path dir = runDir(pool);
            assertEquals(4, count(Files.readString(dir.resolve("stats.json")), "\"jobsRun\""), "every node reported");
            assertTrue(Files.readString(dir.resolve("result.json")).contains("\"ending\": \"finished\""));
            assertTrue(run.err().contains(" west-1-0 ") && run.err().contains(" east-1-0 "), "nodes named by rank: " + run);
            assertTrue(Files.isRegularFile(dir.resolve("slurm-west-1.err")), "each task's errors are kept");
            assertTrue(Files.readString(dir.resolve("slurm-east.sh")).contains("exec srun "), "the job's script is kept");
        }
        assertNoJobs();
    }

    @Test
    void twoClustersAsOneHeterogeneousJobPrintWhatTheSequentialProgramPrints() throws Exception {
        String pool = "slurmhet" + System.nanoTime();
        Path d = descriptor(pool, "satin.apps.nqueens.NQueens", "11, 3");
        Files.writeString(d, Files.readString(d).replace("partition: east,", "partition: east, hetJob: grid,")
                .replace("partition: west,", "partition: west, hetJob: grid,"));
        try (Processes ps = new Processes()) {
            String expected = ps.sequential("satin.apps.nqueens.NQueens", "11", "3");
            Processes.Child run = ps.command("satin", temp, satinRun(d, "300s"), slurm.env());
            assertEquals(0, run.exit(360), () -> run + slurm.logs());
            assertEquals(expected, run.out());
            assertTrue(run.err().contains("4 nodes in 2 clusters"), run::toString);
            assertTrue(run.err().contains(" west-1-0 ") && run.err().contains(" east-1-0 "), "nodes named by rank: " + run);
            Path dir = runDir(pool);
            assertEquals(4, count(Files.readString(dir.resolve("stats.json")), "\"jobsRun\""), "every node reported");
            String script = Files.readString(dir.resolve("slurm-grid.sh"));
            assertTrue(script.contains("srun --het-group=1 ") && script.contains("--cluster west"), script);
            assertFalse(Files.exists(dir.resolve("slurm-east.sh")), "one job, not one per cluster");
            assertEquals(1, count(slurm.controllerLog(), "_slurm_rpc_submit_batch_het_job: JobId="),
                    "slurmctld was given one heterogeneous job");
        }
        assertNoJobs();
    }

    @Test
    void insideAnAllocationTheClustersAreStepsOfIt() throws Exception {
        String pool = "slurmalloc" + System.nanoTime();
        Path out = temp.resolve(pool + ".out");
        try (Processes ps = new Processes()) {
            String expected = ps.sequential("satin.apps.nqueens.NQueens", "10", "3");
            String wrapped = String.join(" ", satinRun(descriptor(pool, "satin.apps.nqueens.NQueens", "10, 3"), "240s")
                    .stream().map(w -> "'" + w + "'").toList());
            Map<String, String> env = new HashMap<>(slurm.env());
            Path err = temp.resolve(pool + ".err");
            Processes.Child job = ps.command("sbatch", temp, List.of("sbatch", "--wait", "--ntasks=4", "--output=" + out,
                    "--error=" + err, "--chdir=" + temp, "--wrap=" + wrapped), env);
            assertEquals(0, job.exit(300), () -> job + slurm.logs());
            String printed = Files.readString(err);
            assertEquals(expected, Files.readString(out), printed);
            assertTrue(printed.contains("4 nodes in 2 clusters"), printed);
            assertTrue(Files.readString(runDir(pool).resolve("slurm-east.sh")).contains(" --overlap "), printed);
        }
        assertNoJobs();
    }

    @Test
    void aRunPastItsTimeoutHasItsJobsCancelled() throws Exception {
        String pool = "slurmlate" + System.nanoTime();
        try (Processes ps = new Processes()) {
            // leaves that wait rather than compute: an hour at no CPU cost
            Processes.Child run = ps.command("satin", temp, satinRun(descriptor(pool, "satin.apps.synthetic.SyntheticTree",
                    "4, 8, 100000"), "25s"), slurm.env());
            assertEquals(124, run.exit(120), run::toString);
            Path dir = runDir(pool);
            assertTrue(Files.readString(dir.resolve("result.json")).contains("\"ending\": \"timed out\""));
            assertTrue(Files.readString(dir.resolve("stderr.txt")).contains("satin: registry of pool " + pool),
                    "what the master printed is kept");
        }
        assertNoJobs();
    }

    @Test
    void aJobSlurmRefusesEndsTheRunWithSlurmsReason() throws Exception {
        String pool = "slurmbad" + System.nanoTime();
        Path d = descriptor(pool, "satin.apps.synthetic.SyntheticTree", "4, 8, 100000");
        Files.writeString(d, Files.readString(d).replace("partition: west", "partition: nowhere"));
        try (Processes ps = new Processes()) {
            Processes.Child run = ps.command("satin", temp, satinRun(d, "240s"), slurm.env());
            assertEquals(1, run.exit(120), run::toString);
            assertTrue(run.err().contains("satin-launch: the SLURM job of cluster west ended with exit code 1 before the "
                    + "run did"), run::toString);
            String west = Files.readString(runDir(pool).resolve("stderr-west.txt"));
            assertTrue(west.contains("invalid partition"), "sbatch's own words: " + west);
        }
        assertNoJobs();
        String first = "slurmbadfirst" + System.nanoTime();
        d = descriptor(first, "satin.apps.synthetic.SyntheticTree", "4, 8, 100000");
        Files.writeString(d, Files.readString(d).replace("partition: east", "partition: nowhere"));
        try (Processes ps = new Processes()) {
            Processes.Child run = ps.command("satin", temp, satinRun(d, "240s"), slurm.env());
            assertEquals(1, run.exit(120), "the master's job refused: the run ends at once, not at its timeout: " + run);
            assertTrue(run.err().contains("invalid partition"), run::toString);
        }
        assertNoJobs();
    }

    /** The queue is empty and no PoolMain of the test runs: every job ended or was cancelled. */
    private static void assertNoJobs() throws Exception {
        Daemons.await(() -> {
            try {
                return slurm.jobs().isEmpty();
            } catch (Exception e) {
                return false;
            }
        }, 60, () -> "the queue to empty: " + slurm.logs());
        Daemons.await(() -> Daemons.processesWith("satin.launch.PoolMain --pool slurm").isEmpty(), 30,
                () -> "tasks left behind: " + Daemons.processesWith("satin.launch.PoolMain --pool slurm"));
    }

    private static Path runDir(String pool) throws Exception {
        return Runs.dirOf(temp.resolve("results"), pool);
    }

    private static int count(String text, String what) {
        return Runs.count(text, what);
    }
}
