package satin.deploy.launch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import satin.deploy.plan.ClusterPlan.Placement;

/**
 * How a run starts its SLURM clusters: each as a job of its own, as a step of the allocation the
 * launcher itself runs in, or as a component of a heterogeneous job shared with other clusters,
 * which is submitted once for all of them. Apart from {@link LaunchedRun} because only SLURM
 * members have a submission of their own to share and a script to write.
 */
final class SlurmLaunch {

    private final CommandBuilder commands;
    private final Path runDir;
    private final Path stats;
    private final String secret;
    /** The sbatch of each heterogeneous job by name, which its clusters share. */
    private final Map<String, Running.OfProcess> hetJobs = new HashMap<>();

    SlurmLaunch(CommandBuilder commands, Path runDir, Path stats, String secret) {
        this.commands = commands;
        this.runDir = runDir;
        this.stats = stats;
        this.secret = secret;
    }

    /** A SLURM cluster's job, submitted; or its step, inside the allocation this JVM runs in. */
    Running start(CommandBuilder.Member m, List<String> args) throws IOException {
        String allocation = System.getenv("SLURM_JOB_ID");
        String hetJob = m.cluster().slurm().hetJob();
        if (allocation == null && hetJob != null) {
            Running.OfProcess submit = hetJobs.get(hetJob);
            if (submit == null) {
                submit = submitHetJob(m);
                hetJobs.put(hetJob, submit);
            }
            return new Running.OfSlurm(m, submit, runDir, null, hetJob);
        }
        String text = SlurmJob.script(m, commands.javaCommand(m, args), runDir, allocation != null);
        Path script = SlurmJob.writeScript(m.cluster().name(), text, runDir);
        List<String> command = allocation != null ? List.of("/bin/sh", script.toString())
                : SlurmJob.sbatch(m, script, runDir, commands.workDir());
        return new Running.OfSlurm(m, command, runDir, allocation, secret);
    }

    /**
     * Submits the heterogeneous job {@code m} is a component of, with every cluster of the same
     * {@code hetJob} as the others, in the order of the plan; each cluster's tasks get its own command.
     */
    private Running.OfProcess submitHetJob(CommandBuilder.Member m) throws IOException {
        String hetJob = m.cluster().slurm().hetJob();
        List<CommandBuilder.Member> components = commands.members().stream().filter(c -> c.placement()
                == Placement.SLURM && hetJob.equals(c.cluster().slurm().hetJob())).toList();
        List<List<String>> javaCommands = new ArrayList<>();
        for (CommandBuilder.Member c : components) { // as LaunchedRun gives SLURM members: no registry, no secret file
            javaCommands.add(commands.javaCommand(c, commands.poolArgs(c, null, null, stats)));
        }
        Path script = SlurmJob.writeScript(hetJob, SlurmJob.hetScript(components, javaCommands, runDir), runDir);
        return Running.OfSlurm.submit(components.get(0), SlurmJob.hetSbatch(components, script, runDir,
                commands.workDir()), secret);
    }
}
