package satin.deploy.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import satin.deploy.plan.SlurmPlan;

/**
 * The commands of a SLURM cluster: a batch script whose {@code srun} starts one {@code PoolMain}
 * per node of the cluster (one task each, its output in the run directory per rank), and the
 * {@code sbatch --wait} that submits it as one job; inside an allocation ({@code SLURM_JOB_ID}
 * set, {@code satin run} started by sbatch or salloc) the script runs as it is, its srun a step of
 * that allocation. The job (or step) is named after the run directory and the cluster, so that
 * {@code scancel} finds it.
 */
final class SlurmJob {

    private static final long SCANCEL_SECONDS = 30;

    private SlurmJob() {
    }

    /** The name of the cluster's job (or step): unique to the run. */
    static String name(Path runDir, CommandBuilder.Member m) {
        return "satin-" + runDir.getFileName() + "-" + m.cluster().name();
    }

    /** Where task {@code rank}'s standard output ({@code out}) or error ({@code err}) goes. */
    static Path taskFile(Path runDir, CommandBuilder.Member m, String stream, int rank) {
        return runDir.resolve("slurm-" + m.cluster().name() + "-" + rank + "." + stream);
    }

    /**
     * The batch script. Inside an allocation its steps may share the allocation's CPUs
     * ({@code --overlap}): the clusters' steps run at once, and the master waits for all of them.
     */
    static String script(CommandBuilder.Member m, List<String> javaCommand, Path runDir, boolean inAllocation) {
        List<String> srun = new ArrayList<>(List.of("srun", "--job-name=" + name(runDir, m), "--ntasks="
                + m.nodes(), "--cpus-per-task=" + m.cluster().workers(), "--kill-on-bad-exit=0",
                "--output=" + runDir.resolve("slurm-" + m.cluster().name() + "-%t.out"),
                "--error=" + runDir.resolve("slurm-" + m.cluster().name() + "-%t.err")));
        if (inAllocation) {
            srun.add("--overlap");
        }
        srun.addAll(javaCommand);
        StringBuilder b = new StringBuilder("#!/bin/sh\n# cluster " + m.cluster().name() + " of " + runDir.getFileName()
                + ", written by satin run: one task (one PoolMain of one node) per node\nexec");
        srun.forEach(word -> b.append(' ').append(CommandBuilder.quote(word)));
        return b.append('\n').toString();
    }

    /** The sbatch that submits the script and waits for the job's end (its exit code is the job's). */
    static List<String> sbatch(CommandBuilder.Member m, Path script, Path runDir, Path workDir) {
        SlurmPlan s = m.cluster().slurm();
        List<String> c = new ArrayList<>(List.of("sbatch", "--parsable", "--wait", "--job-name=" + name(runDir, m),
                "--ntasks=" + m.nodes(), "--cpus-per-task=" + m.cluster().workers(), "--chdir=" + workDir,
                "--output=" + runDir.resolve("slurm-" + m.cluster().name() + ".out"),
                "--error=" + runDir.resolve("slurm-" + m.cluster().name() + ".err")));
        add(c, "--partition=", s.partition());
        add(c, "--nodes=", s.nodes());
        add(c, "--ntasks-per-node=", s.tasksPerNode());
        add(c, "--time=", s.time());
        add(c, "--account=", s.account());
        c.addAll(s.sbatchOptions());
        c.add(script.toString());
        return c;
    }

    private static void add(List<String> command, String option, Object value) {
        if (value != null) {
            command.add(option + value);
        }
    }

    /** Writes the script into the run directory, executable, and returns where. */
    static Path writeScript(CommandBuilder.Member m, String text, Path runDir) throws IOException {
        Path script = runDir.resolve("slurm-" + m.cluster().name() + ".sh");
        Files.writeString(script, text, StandardCharsets.UTF_8);
        if (!script.toFile().setExecutable(true, true)) {
            throw new IOException("cannot make " + script + " executable");
        }
        return script;
    }

    /** Cancels a job by its id (submitted) or the allocation's steps of this name (inside an allocation). */
    static void cancel(String jobId, String allocation, String name) {
        if (jobId != null) {
            run(List.of("scancel", jobId));
            return;
        }
        String steps = run(List.of("squeue", "--steps", "--noheader", "--jobs=" + allocation, "--format=%i %j"));
        for (String line : steps.split("\n")) {
            String[] idAndName = line.strip().split(" ", 2);
            if (idAndName.length == 2 && idAndName[1].equals(name)) {
                run(List.of("scancel", idAndName[0]));
            }
        }
    }

    /** Runs a SLURM command to its end (within a limit); what it printed, or "" if it could not run. */
    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(SCANCEL_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return ""; // no SLURM commands here: nothing was submitted either
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
