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
 * {@code scancel} finds it. Clusters that name one {@code hetJob} are instead the components of one
 * heterogeneous job: one script, one {@code srun --het-group=K} per cluster, one {@code sbatch}
 * with the components separated by {@code :}.
 */
final class SlurmJob {

    private static final long SCANCEL_SECONDS = 30;

    private SlurmJob() {
    }

    /** The name of the cluster's job (or step): unique to the run. */
    static String name(Path runDir, CommandBuilder.Member m) {
        return name(runDir, m.cluster().name());
    }

    /** The name of the job (or step) of a cluster or heterogeneous job called {@code job}. */
    static String name(Path runDir, String job) {
        return "satin-" + runDir.getFileName() + "-" + job;
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
        List<String> srun = srun(m, runDir);
        if (inAllocation) {
            srun.add("--overlap");
        }
        srun.addAll(javaCommand);
        StringBuilder b = new StringBuilder("#!/bin/sh\n# cluster " + m.cluster().name() + " of " + runDir.getFileName()
                + ", written by satin run: one task (one PoolMain of one node) per node\nexec");
        srun.forEach(word -> b.append(' ').append(CommandBuilder.quote(word)));
        return b.append('\n').toString();
    }

    /** {@code srun} of a cluster's tasks, its output in the run directory by rank; the command to follow. */
    private static List<String> srun(CommandBuilder.Member m, Path runDir) {
        return new ArrayList<>(List.of("srun", "--job-name=" + name(runDir, m), "--ntasks=" + m.nodes(),
                "--cpus-per-task=" + m.cluster().workers(), "--kill-on-bad-exit=0",
                "--output=" + runDir.resolve("slurm-" + m.cluster().name() + "-%t.out"),
                "--error=" + runDir.resolve("slurm-" + m.cluster().name() + "-%t.err")));
    }

    /**
     * The batch script of a heterogeneous job: component k's cluster is started by an
     * {@code srun --het-group=k} of its own (each step's tasks count their ranks from 0, as a
     * cluster's own job does), all at once; the script exits with the code of the first component, in order, that failed.
     */
    static String hetScript(List<CommandBuilder.Member> components, List<List<String>> javaCommands, Path runDir) {
        StringBuilder b = new StringBuilder("#!/bin/sh\n# heterogeneous job " + hetName(runDir, components.get(0))
                + ", written by satin run: component k is cluster k, one task (one PoolMain of one node) per node\n");
        for (int k = 0; k < components.size(); k++) {
            List<String> srun = srun(components.get(k), runDir);
            srun.add(1, "--het-group=" + k);
            srun.addAll(javaCommands.get(k));
            b.append("# component ").append(k).append(": cluster ").append(components.get(k).cluster().name()).append('\n');
            srun.forEach(word -> b.append(CommandBuilder.quote(word)).append(' '));
            b.append("& p").append(k).append("=$!\n");
        }
        b.append("code=0\n");
        for (int k = 0; k < components.size(); k++) {
            b.append("wait $p").append(k).append("; c=$?; [ $code -ne 0 ] || code=$c\n");
        }
        return b.append("exit $code\n").toString();
    }

    /** The name of a heterogeneous job: unique to the run. */
    static String hetName(Path runDir, CommandBuilder.Member m) {
        return name(runDir, m.cluster().slurm().hetJob());
    }

    /** The sbatch that submits the script and waits for the job's end (its exit code is the job's). */
    static List<String> sbatch(CommandBuilder.Member m, Path script, Path runDir, Path workDir) {
        List<String> c = jobWide(name(runDir, m), m.cluster().name(), runDir, workDir);
        c.addAll(resources(m));
        c.add(script.toString());
        return c;
    }

    /** The sbatch of a heterogeneous job: what the job asks as a whole, then each component's share, separated by ':'. */
    static List<String> hetSbatch(List<CommandBuilder.Member> components, Path script, Path runDir, Path workDir) {
        CommandBuilder.Member first = components.get(0);
        List<String> c = jobWide(hetName(runDir, first), first.cluster().slurm().hetJob(), runDir, workDir);
        for (int k = 0; k < components.size(); k++) {
            if (k > 0) {
                c.add(":");
            }
            c.addAll(resources(components.get(k)));
        }
        c.add(script.toString());
        return c;
    }

    /** What the job asks as a whole: its name, where it starts, where sbatch's script writes. */
    private static List<String> jobWide(String jobName, String fileName, Path runDir, Path workDir) {
        return new ArrayList<>(List.of("sbatch", "--parsable", "--wait", "--job-name=" + jobName, "--chdir=" + workDir,
                "--output=" + runDir.resolve("slurm-" + fileName + ".out"),
                "--error=" + runDir.resolve("slurm-" + fileName + ".err")));
    }

    /** What a cluster's tasks ask for: the descriptor's slurm: settings. */
    private static List<String> resources(CommandBuilder.Member m) {
        SlurmPlan s = m.cluster().slurm();
        List<String> c = new ArrayList<>(List.of("--ntasks=" + m.nodes(), "--cpus-per-task=" + m.cluster().workers()));
        add(c, "--partition=", s.partition());
        add(c, "--nodes=", s.nodes());
        add(c, "--ntasks-per-node=", s.tasksPerNode());
        add(c, "--time=", s.time());
        add(c, "--account=", s.account());
        c.addAll(s.sbatchOptions());
        return c;
    }

    private static void add(List<String> command, String option, Object value) {
        if (value != null) {
            command.add(option + value);
        }
    }

    /** Writes the script {@code slurm-NAME.sh} (a cluster's or a heterogeneous job's) into the run directory, executable. */
    static Path writeScript(String name, String text, Path runDir) throws IOException {
        Path script = runDir.resolve("slurm-" + name + ".sh");
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

    /** Cancels this user's jobs of this name (a run's are its alone). */
    static void cancelByName(String name) {
        run(List.of("scancel", "--user=" + System.getProperty("user.name"), "--name=" + name));
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
