/**
 * Carries out a {@link satin.deploy.plan.RunPlan}: starts the nodes of every cluster where the plan
 * places them, waits for the master, collects what it printed and the statistics it wrote, and
 * leaves a run directory from which the run can be repeated and reported.
 *
 * <p>The parts meet like this. {@link satin.deploy.launch.CommandBuilder} turns a plan into
 * <em>members</em>, one {@code satin.launch.PoolMain} invocation each (a cluster in this JVM, a
 * cluster's local process, or one host's share of an ssh cluster), and writes their argument lists
 * and command lines; it starts nothing, so the exact commands can be tested without ssh.
 * {@link satin.deploy.launch.Launcher} starts the members (the first one, the master, embeds the
 * registry; the rest join at the address it prints), and returns a
 * {@link satin.deploy.launch.LaunchedRun} that can be awaited or destroyed. Whatever ends a run
 * (the master returning, a failure, the timeout, {@code destroy()}, Ctrl-C through a shutdown
 * hook), every process it started is destroyed with its descendants, and children are also told
 * {@code --exit-with-parent}, so that a launcher that dies abruptly leaves nothing behind.
 * {@link satin.deploy.launch.RunRecord} writes {@code result.json} beside {@code stdout.txt},
 * {@code stderr.txt} and {@code stats.json}, and {@link satin.deploy.launch.RunOutcome} is what
 * callers get back.
 *
 * <p>Placements. The in-JVM clusters of a plan run as one {@code PoolMain.run} in a thread of
 * this JVM ({@code --host local} when every cluster is here, loopback TCP when others join), with
 * {@code System.out} redirected to the run for its duration (an application's main prints there),
 * so only one run with in-JVM clusters goes at a time. One, because each {@code PoolMain.run}
 * closes the transport every node of the JVM shares when it ends: two in one JVM break each
 * other's last messages and leave the in-VM registry address taken for the next run. Several
 * in-JVM clusters are therefore one {@code PoolMain} with {@code --cluster-layout A:16,B:16}, and
 * must share one number of workers per node; other shapes are refused by name, to be placed in
 * processes. Local processes use this JVM's class path.
 * A program with classes of its own ({@code AppPlan.classPath}) has them rewritten as they load:
 * processes get {@code -javaagent:satin-agent.jar} and its class path after this JVM's; in this
 * JVM, {@code PoolMain}'s thread has a {@code satin.rewriter.loader.RewritingClassLoader} over it as
 * its context loader, where main is found and the pool's allowlist resolves classes.
 * Over ssh ({@code ssh -o BatchMode=yes HOST 'cd DIR && exec java ...'}), the remote side runs
 * the same java and class path from the same directory, so the project (and the JDK) must be at
 * the same paths on every host; the secret travels on ssh's standard input
 * ({@code --secret-file /dev/stdin}), never on a command line. The ssh destination (an alias of
 * {@code ~/.ssh/config}, {@code user@host}, a host behind a jump host) is only where ssh goes: the
 * registry and every member's nodes then listen on every interface and are announced where the
 * others reach them ({@code PoolMain --advertise}): members here at this host's name, a host's
 * members at its descriptor {@code address:}, or else at the address their process finds on its
 * way to the registry (the master's process: its machine's name), and the others join the registry
 * where the master printed it. The remote shell names its own parent, the ssh session, with
 * {@code --parent "$PPID"}, so that java ends with the session even if it ended before java could
 * look. A member over ssh (the master, or one that takes its place) sends the statistics on its
 * stderr ({@code --stats stderr:}), and the launcher writes them to {@code stats.json}.
 *
 * <p>Live output. {@link satin.deploy.launch.LiveOutput} hears every line of every member as it
 * comes: it appends it to that member's file in the run directory, writes {@code registry.txt}
 * once the registry's address is known, and tells the run's {@link satin.deploy.launch.RunWatcher}
 * ({@code satin run} prints main's output on stdout, the rest prefixed {@code [cluster@host]}).
 * Once main has ended, the other members get 3 s to end; one still running is stopped.
 *
 * <p>SLURM ({@link satin.deploy.launch.SlurmJob}): a cluster is one member and one job, whose batch
 * script in the run directory has {@code srun} start one {@code PoolMain} of one node per task
 * ({@code --rank-from SLURM_PROCID}: the rank names the node, and rank 0 of the master's job embeds
 * the registry). Its jobs are submitted at once with {@code sbatch --wait}, before the master has
 * printed anything, since they may wait in the queue: their tasks read the registry's address from
 * {@code registry.txt} in the run directory, where the master writes it ({@code --registry-file}),
 * and they get the secret in {@code SATIN_SECRET} from sbatch's environment. So the run directory
 * must be on a file system the compute nodes share; the tasks' output is read from their files
 * there. Inside an allocation ({@code SLURM_JOB_ID}) the script runs as a step of it instead. A
 * job that fails while the master waits for its nodes ends the run; ending a run early cancels
 * the jobs ({@code scancel ID}) or the steps (found by name with {@code squeue --steps}).
 * Clusters whose {@code slurm:} name one {@code hetJob} are the components of one heterogeneous
 * job instead, submitted once (the first of them to be launched submits it for all), whose
 * script starts each cluster with an {@code srun --het-group=K} of its own: SLURM starts them
 * together, and they share the job's end and its cancellation.
 *
 * <p>Start-up ({@link satin.deploy.launch.ClassDataArchive}, decision 0026): processes map a
 * class-data archive of the classes a run's master loaded, kept under {@code ~/.cache/satin/cds}
 * and named by the java and the jars it was made from; the first run trains it (one run at a time,
 * under a file lock), an archive is checked once before use, and one that fails is said once,
 * deleted and made again. {@code -Dsatin.cds=off} turns it off. A java of JDK 25 or later gets the
 * JDK's ahead-of-time cache in its place ({@code ArchiveFormat}, decision 0049).
 *
 * <p>Ctrl-C (or any signal that ends this JVM) runs a shutdown hook that destroys the run and
 * waits, up to 20 s, for its directory: what the members printed until then, a last line of
 * {@code stderr.txt} saying the run was interrupted, and {@code "ending": "interrupted"} in
 * {@code result.json}.
 *
 * <p>Limits: an in-JVM run past its timeout is reported and interrupted, but a main that ignores
 * interruption computes on (the next in-JVM run waits for it); {@code --exit-with-parent} is armed
 * once a child's {@code PoolMain} has read its options, so a launcher killed outright in a local
 * child's first second leaves that child to end by itself (within the 30 s it tries to join).
 */
package satin.deploy.launch;
