package satin.deploy.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.RunPlan;

/**
 * One run under way. A thread of its own starts the master, reads the registry's address from
 * what it prints, starts the other members, and waits for the master within the timeout; whatever
 * way the run ends, it destroys every member still alive and writes the run directory.
 *
 * <p>This class decides when each member starts and when the run is over; how a SLURM cluster is
 * submitted ({@link SlurmLaunch}), what the run directory holds ({@link RunDirectory}), the secret's
 * file ({@link SecretFile}) and the turns of runs in this JVM ({@link InJvmTurn}) are beside it.
 */
public final class LaunchedRun {

    /**
     * How long the other members get to end by themselves once the master has, and the result is
     * ready. One that can reach the pool ends within a fraction of this (its statistics went to the
     * master before main's end was reported); one on a host cut off from the pool may hold its ssh
     * session open for as long as TCP takes to give up, and is stopped instead: the launcher kills
     * its ssh client, the session ends, and {@code --exit-with-parent} ends it on its host.
     */
    static final long FOLLOWERS_GRACE_MILLIS = 3_000;
    /** How long a member stopped at the end may take to end and hand over its last lines. */
    private static final long DRAIN_MILLIS = 2_000;

    private static final long POLL_MILLIS = 50;
    /** How long a JVM going down waits for the run directory of the run it interrupted. */
    private static final long RECORD_ON_SHUTDOWN_SECONDS = 20;

    private final RunPlan plan;
    /** With the run's class-data archive once it is leased, by the thread that carries out the run. */
    private CommandBuilder commands;
    private ClassDataArchive archive = ClassDataArchive.none();
    /** Whether the master's own process ended with 0: only then did it write the archive it trained whole. */
    private volatile boolean masterEndedWell;
    /** Trains the archive when no member of the run can; null when a member does, or none is trained. */
    private ArchiveTrainer trainer;
    private boolean archiveClosed;
    private final long deadline;
    private final RunDirectory directory;
    private final Path stats;
    /** Every line the members print, as it comes: to the run directory's files and the watcher. */
    private final LiveOutput live;
    private final List<Running> members = new CopyOnWriteArrayList<>();
    private final CompletableFuture<RunOutcome> outcome = new CompletableFuture<>();
    private final Thread hook = new Thread(this::interrupt, "satin-launch-shutdown");
    private final Instant started = Instant.now();
    private final long startNanos = System.nanoTime();
    private volatile boolean destroyed;
    /** Whether this JVM is going down (Ctrl-C, SIGTERM): the run is destroyed by its shutdown hook. */
    private volatile boolean interrupted;
    /** Where System.exit was called, if that is why this JVM goes down (a program's main in it); null otherwise. */
    private volatile String exitedAt;
    /** A SLURM job that failed before the run ended, which ended it; null if none did. */
    private volatile Running lostJob;
    private Path secretFile;
    /** Starts the SLURM members, once the run's commands have their archive. */
    private SlurmLaunch slurm;
    /** The relays of the clusters behind front-ends, started before the members and ended after them. */
    private final FrontEnds frontEnds = new FrontEnds();

    private LaunchedRun(RunPlan plan, CommandBuilder commands, Duration timeout, Path runDir, RunWatcher watcher) {
        this.plan = plan;
        this.commands = commands;
        this.deadline = startNanos + timeout.toNanos();
        this.directory = new RunDirectory(runDir, plan, started);
        this.stats = directory.stats();
        this.live = new LiveOutput(watcher, runDir, stats);
    }

    static LaunchedRun start(RunPlan plan, CommandBuilder commands, Duration timeout, RunWatcher watcher)
            throws IOException {
        commands.members(); // a plan it cannot carry out is refused here, before anything starts
        FrontEnds.check(plan, commands);
        ProgramClassPath.requireMain(plan.app(), plan.origin());
        ProgramClassPath.checkArguments(plan.app(), plan.origin());
        LaunchedRun run = new LaunchedRun(plan, commands, timeout, RunDirectory.create(plan), watcher);
        Runtime.getRuntime().addShutdownHook(run.hook);
        Thread t = new Thread(run::carryOut, "satin-launch-" + plan.pool());
        t.setDaemon(true);
        t.start();
        return run;
    }

    /** The run directory (it exists from the start). */
    public Path runDir() {
        return directory.dir();
    }

    /** The process ids of the members started as local processes so far (ssh members: the ssh client). */
    public List<Long> pids() {
        return members.stream().filter(r -> r instanceof Running.OfProcess).map(r -> ((Running.OfProcess) r).pid())
                .toList();
    }

    /** What member {@code index} (0 is the master) has written to stderr so far, for tests; "" before it starts. */
    String errOf(int index) {
        return index < members.size() ? members.get(index).err() : "";
    }

    /** Waits for the run's end and returns its outcome. */
    public RunOutcome await() throws InterruptedException, IOException {
        try {
            return outcome.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException("the run of pool " + plan.pool() + " (" + plan.origin() + ") failed: "
                    + e.getCause(), e.getCause());
        }
    }

    /** Ends the run now: every member is destroyed, and the outcome says {@link RunOutcome#DESTROYED}. */
    public void destroy() {
        destroyed = true;
        members.forEach(Running::destroy);
        frontEnds.destroy(); // after the members, whose last messages may still cross them
    }

    /**
     * This JVM is going down (Ctrl-C, SIGTERM) while the run goes on: ends the run, and holds the
     * shutdown until the run directory says so and keeps what the members printed, which the
     * thread carrying out the run writes once they are gone.
     */
    private void interrupt() {
        exitedAt = ExitCaller.find();
        interrupted = true;
        destroy();
        try {
            outcome.get(RECORD_ON_SHUTDOWN_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            // the run failed before it had anything to record, or cannot record it in time: nothing more to keep
        }
    }

    private void carryOut() {
        boolean inJvm = plan.clusters().stream().anyMatch(c -> c.placement() == Placement.IN_JVM);
        PrintStream systemOut = System.out;
        Running.SharedOut shared = new Running.SharedOut(live);
        try {
            if (inJvm) {
                InJvmTurn.take(plan.pool(), plan.origin(), deadline);
                System.setOut(shared.stream());
            }
            try {
                outcome.complete(runMembers(shared));
            } finally {
                if (inJvm) {
                    System.setOut(systemOut);
                    InJvmTurn.endWhenThreadsEnd(members, plan.pool());
                }
            }
        } catch (IOException | RuntimeException e) {
            live.close();
            outcome.completeExceptionally(directory.recordFailure(e, members, startNanos));
        } catch (InterruptedException e) {
            live.close();
            outcome.completeExceptionally(directory.recordFailure(new IOException("the launch of pool " + plan.pool()
                    + " was interrupted"), members, startNanos));
        } finally {
            destroy();
            SecretFile.delete(secretFile);
            closeArchive();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // this JVM is shutting down, and the hook is what ends the run
            }
        }
    }

    /** Puts a trained archive in place, or deletes what a failed training left; once. */
    private void closeArchive() {
        if (archiveClosed) {
            return; // the trainer is not waited for a second time on the way out
        }
        archiveClosed = true;
        try {
            archive.close(trainer != null ? trainerEndedWell() : masterEndedWell);
        } catch (IOException e) {
            System.err.println("satin: the " + archive.kind() + " " + archive.file() + " could not be put in place: " + e);
        }
    }

    private RunOutcome runMembers(Running.SharedOut shared) throws IOException, InterruptedException {
        secretFile = SecretFile.write(plan.secret());
        archive = commands.leaseArchive(System.err);
        commands = commands.withArchive(archive);
        trainer = ArchiveTrainer.startIfNeeded(commands, archive, secretFile);
        String relays = frontEnds.start(plan, commands, live, deadline);
        if (relays != null) {
            commands = commands.withRelays(relays);
            live.watcher().progress("satin-launch: relays of the clusters behind front-ends: " + relays);
        }
        slurm = new SlurmLaunch(commands, directory.dir(), stats, plan.secret());
        List<CommandBuilder.Member> starting = commands.members();
        Running master = launch(starting.get(0), null, shared);
        // SLURM jobs are submitted at once (they may wait in the queue); their tasks read the registry's address from a file
        for (CommandBuilder.Member m : starting.subList(1, starting.size())) {
            if (m.placement() == Placement.SLURM && !destroyed) {
                launch(m, null, shared);
            }
        }
        String registry = awaitRegistry(master);
        int code;
        if (registry == null) {
            code = ending(master);
        } else {
            // a registry on every interface prints the host it is reached at (PoolMain's --advertise)
            String address = registry;
            for (CommandBuilder.Member m : starting.subList(1, starting.size())) {
                if (destroyed) {
                    break; // what started is destroyed at the end; the outcome says why
                }
                if (m.placement() != Placement.SLURM) {
                    launch(m, address, shared);
                }
            }
            code = awaitMaster(master);
            ended(master, code);
        }
        Running ended = master;
        // a master that never printed its registry (its job refused, say) leaves no pool to take over
        boolean formed = registry != null && lostJob == null;
        if (code != 0 && code != RunOutcome.TIMED_OUT && code != RunOutcome.DESTROYED && formed) {
            Running successor = awaitSuccessor(master);
            if (successor != null) {
                ended = successor;
                code = successor.exitCode();
                ended(successor, code);
            }
        }
        Duration wall = Duration.ofNanos(System.nanoTime() - startNanos);
        masterEndedWell = ended == master && code == 0;
        closeArchive(); // before the outcome, after which the launcher's JVM may exit at once
        if (code != RunOutcome.TIMED_OUT && code != RunOutcome.DESTROYED && formed) {
            awaitFollowers();
        }
        destroy();
        for (Running r : members) {
            r.awaitEnd(DRAIN_MILLIS); // a member stopped just now: its last lines reach its file and the record
        }
        live.close();
        RunDirectory.Ending end = new RunDirectory.Ending(code, master, ended, lostJob, exitedAt, interrupted);
        RunOutcome o = directory.record(end, members, wall);
        live.replay(ended);
        RunDirectory.notes(end).lines().forEach(live.watcher()::progress);
        return o;
    }

    /** Main has ended in {@code r}'s process (the master's, or that of the member that took its place). */
    private void ended(Running r, int code) {
        if (code != RunOutcome.TIMED_OUT && code != RunOutcome.DESTROYED) {
            String what = code == 0 ? "main ended; %s exited with %d after %.1f s"
                    : "%s, which ran main, exited with %d after %.1f s"; // a killed master did not end main
            live.watcher().progress(String.format(java.util.Locale.ROOT, "satin-launch: " + what,
                    LiveOutput.label(r.member), code, (System.nanoTime() - startNanos) / 1e9));
        }
    }

    /**
     * The master's process failed: if the pool elected another master, that member's process runs
     * main again and ends the run; waits for it. Null if no member took over before the others ended
     * (or the run's time was up).
     */
    private Running awaitSuccessor(Running master) throws InterruptedException {
        while (!destroyed && System.nanoTime() < deadline) {
            for (Running r : members) {
                if (r != master && LiveOutput.TOOK_OVER.matcher(r.err()).find()) {
                    while (!r.awaitEnd(POLL_MILLIS)) {
                        if (destroyed || System.nanoTime() >= deadline) {
                            return null;
                        }
                    }
                    return r;
                }
            }
            if (members.stream().noneMatch(r -> r != master && r.alive())) {
                return null;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return null;
    }

    private Running launch(CommandBuilder.Member m, String registry, Running.SharedOut shared) throws IOException {
        String secretAt = switch (m.placement()) {
            case SSH -> "/dev/stdin";
            case SLURM -> null; // SATIN_SECRET in sbatch's environment, which the job and its tasks inherit
            default -> secretFile.toString();
        };
        List<String> args = commands.poolArgs(m, registry, secretAt, stats);
        Running r = switch (m.placement()) {
            case IN_JVM -> new Running.OfThread(m, args, shared, programLoader(), live);
            case PROCESSES -> new Running.OfProcess(m, commands.javaCommand(m, args), null, live);
            case SSH -> new Running.OfProcess(m, commands.sshCommand(m, args), this.plan.secret() + "\n", live);
            case SLURM -> slurm.start(m, args);
        };
        members.add(r);
        return r;
    }

    /** The loader of the program's classes in this JVM: satin's own when the program brings none. */
    private ClassLoader programLoader() {
        ClassLoader satin = LaunchedRun.class.getClassLoader();
        return plan.app().classPath().isEmpty() ? satin : ProgramClassPath.loader(plan.app().classPath(), satin);
    }

    /** The address the master's registry printed, or null if the master ended, was destroyed or timed out first. */
    private String awaitRegistry(Running master) throws InterruptedException {
        while (!destroyed && System.nanoTime() < deadline) {
            Matcher m = LiveOutput.REGISTRY.matcher(master.err());
            if (m.find()) {
                live.registry(m.group(1));
                return m.group(1);
            }
            if (master.awaitEnd(POLL_MILLIS)) {
                return null;
            }
        }
        return null;
    }

    private boolean trainerEndedWell() {
        try {
            return trainer.endedWell();
        } catch (InterruptedException e) {
            trainer.destroy();
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private int awaitMaster(Running master) throws InterruptedException {
        while (!master.awaitEnd(POLL_MILLIS)) {
            if (destroyed || System.nanoTime() >= deadline) {
                return ending(master);
            }
            lostJob = failedJob(master);
            if (lostJob != null) {
                return 1;
            }
        }
        return destroyed ? RunOutcome.DESTROYED : master.exitCode(); // a destroyed master ends by the kill
    }

    /**
     * A SLURM cluster's job that failed while the master still runs (sbatch refused it, srun could
     * not start its tasks): the master would wait for its nodes until the timeout, so the run ends.
     */
    private Running failedJob(Running master) {
        return members.stream().filter(r -> r != master && r.member.placement() == Placement.SLURM && !r.alive()
                && r.exitCode() != 0).findFirst().orElse(null);
    }

    /** The code of a run whose master did not end by itself in time (or did, before the others started). */
    private int ending(Running master) throws InterruptedException {
        if (destroyed) {
            return RunOutcome.DESTROYED;
        }
        if (System.nanoTime() >= deadline) {
            return RunOutcome.TIMED_OUT;
        }
        master.awaitEnd(POLL_MILLIS);
        return master.exitCode();
    }

    /** Waits for the other members within the grace; says which were still running, and are stopped. */
    private void awaitFollowers() throws InterruptedException {
        long until = Math.min(deadline, System.nanoTime() + FOLLOWERS_GRACE_MILLIS * 1_000_000);
        for (Running r : members) {
            long left = (until - System.nanoTime()) / 1_000_000;
            if (left <= 0 || !r.awaitEnd(left)) {
                break;
            }
        }
        for (Running r : members) {
            if (r.alive()) {
                live.watcher().progress("satin-launch: " + LiveOutput.label(r.member) + " was still running "
                        + FOLLOWERS_GRACE_MILLIS / 1000 + " s after main's end and is stopped (cut off from the pool?);"
                        + " what it printed is kept");
            }
        }
    }
}
