package satin.deploy.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.RunPlan;

/**
 * One run under way. A thread of its own starts the master, reads the registry's address from
 * what it prints, starts the other members, and waits for the master within the timeout; whatever
 * way the run ends, it destroys every member still alive and writes the run directory.
 */
public final class LaunchedRun {

    /**
     * {@code System.out} and the nodes' transport are one per JVM: runs with in-JVM members take
     * turns, and a turn ends when the member's thread has, even after a timeout.
     */
    private static final Semaphore IN_JVM_TURN = new Semaphore(1);
    private static final Pattern REGISTRY = Pattern.compile("satin: registry of pool \\S+ at (\\S+)");
    /** What a member's process says when the pool made it the master in place of a dead one ({@code PoolMain}). */
    private static final Pattern TOOK_OVER = Pattern.compile("satin: the master is gone; node \\S+ is the master now");
    /** How long the other members get to end by themselves once the master has. */
    private static final long FOLLOWERS_GRACE_MILLIS = 15_000;
    private static final long POLL_MILLIS = 50;
    /** How long a JVM going down waits for the run directory of the run it interrupted. */
    private static final long RECORD_ON_SHUTDOWN_SECONDS = 20;

    private final RunPlan plan;
    /** With the run's class-data archive once it is leased, by the thread that carries out the run. */
    private CommandBuilder commands;
    private ClassDataArchive archive = ClassDataArchive.none();
    /** Whether the master's own process ended with 0: only then did it write the archive it trained whole. */
    private volatile boolean masterEndedWell;
    private final long deadline;
    private final Path runDir;
    private final Path stats;
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
    /** The sbatch of each heterogeneous job by name, which its clusters share. */
    private final Map<String, Running.OfProcess> hetJobs = new HashMap<>();

    private LaunchedRun(RunPlan plan, CommandBuilder commands, Duration timeout, Path runDir) {
        this.plan = plan;
        this.commands = commands;
        this.deadline = startNanos + timeout.toNanos();
        this.runDir = runDir;
        this.stats = runDir.resolve("stats.json");
    }

    static LaunchedRun start(RunPlan plan, CommandBuilder commands, Duration timeout) throws IOException {
        commands.members(); // a plan it cannot carry out is refused here, before anything starts
        ProgramClassPath.requireMain(plan.app(), plan.origin());
        ProgramClassPath.checkArguments(plan.app(), plan.origin());
        LaunchedRun run = new LaunchedRun(plan, commands, timeout, newRunDir(plan));
        Runtime.getRuntime().addShutdownHook(run.hook);
        Thread t = new Thread(run::carryOut, "satin-launch-" + plan.pool());
        t.setDaemon(true);
        t.start();
        return run;
    }

    /** A fresh directory under the plan's output directory, named by the pool and the start time. */
    private static Path newRunDir(RunPlan plan) throws IOException {
        Files.createDirectories(plan.outputDir());
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
        for (int i = 0;; i++) {
            Path dir = plan.outputDir().resolve(plan.pool() + "-" + stamp + (i == 0 ? "" : "-" + i));
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                // another run started this second: take the next name
            }
        }
    }

    /** The run directory (it exists from the start). */
    public Path runDir() {
        return runDir;
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
        Running.SharedOut shared = new Running.SharedOut();
        try {
            if (inJvm && !IN_JVM_TURN.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw new IOException("pool " + plan.pool() + " (" + plan.origin() + "): an earlier run with clusters "
                        + "in this JVM still runs here (past its timeout?), and this one's timeout passed waiting for it");
            }
            if (inJvm) {
                System.setOut(shared.stream());
            }
            try {
                outcome.complete(runMembers(shared));
            } finally {
                if (inJvm) {
                    System.setOut(systemOut);
                    endTurnWhenThreadsEnd();
                }
            }
        } catch (IOException | RuntimeException e) {
            outcome.completeExceptionally(recordFailure(e));
        } catch (InterruptedException e) {
            outcome.completeExceptionally(recordFailure(new IOException("the launch of pool " + plan.pool()
                    + " was interrupted")));
        } finally {
            destroy();
            deleteSecret();
            closeArchive();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // this JVM is shutting down, and the hook is what ends the run
            }
        }
    }

    /**
     * The run directory of a run whose launch failed before it could end (a secret or archive that
     * could not be written, a member that could not be started) says why, as that of a run that
     * failed later does, instead of being left empty.
     */
    private Exception recordFailure(Exception e) {
        StringBuilder err = new StringBuilder();
        members.forEach(r -> err.append(r.err()));
        err.append("satin-launch: the run could not start: ") // a file system exception's message is only its path
                .append(e instanceof java.nio.file.FileSystemException ? e.toString() : e.getMessage()).append('\n');
        try {
            Files.writeString(runDir.resolve("stderr.txt"), err, StandardCharsets.UTF_8);
            RunRecord.write(runDir.resolve("result.json"), plan, started, Duration.ofNanos(System.nanoTime() - startNanos),
                    1, ending(1), stats.getFileName().toString());
        } catch (IOException | RuntimeException cannotRecord) {
            e.addSuppressed(cannotRecord);
        }
        return e;
    }

    /** Puts a trained archive in place, or deletes what a failed training left; once. */
    private void closeArchive() {
        try {
            archive.close(masterEndedWell);
        } catch (IOException e) {
            System.err.println("satin: the class-data archive " + archive.file() + " could not be put in place: " + e);
        }
    }

    /** A thread that ignored its interruption still holds the JVM's transport: the next in-JVM run waits for it. */
    private void endTurnWhenThreadsEnd() {
        List<Running> threads = members.stream().filter(r -> r instanceof Running.OfThread).toList();
        Thread waiter = new Thread(() -> {
            try {
                for (Running r : threads) {
                    while (!r.awaitEnd(1000)) {
                        r.destroy();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                IN_JVM_TURN.release();
            }
        }, "satin-launch-turn-" + plan.pool());
        waiter.setDaemon(true);
        waiter.start();
    }

    private RunOutcome runMembers(Running.SharedOut shared) throws IOException, InterruptedException {
        secretFile = writeSecret();
        archive = commands.leaseArchive(System.err);
        commands = commands.withArchive(archive);
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
        }
        Running ended = master;
        // a master that never printed its registry (its job refused, say) leaves no pool to take over
        boolean formed = registry != null && lostJob == null;
        if (code != 0 && code != RunOutcome.TIMED_OUT && code != RunOutcome.DESTROYED && formed) {
            Running successor = awaitSuccessor(master);
            if (successor != null) {
                ended = successor;
                code = successor.exitCode();
            }
        }
        Duration wall = Duration.ofNanos(System.nanoTime() - startNanos);
        masterEndedWell = ended == master && code == 0;
        closeArchive(); // before the outcome, after which the launcher's JVM may exit at once
        if (code != RunOutcome.TIMED_OUT && code != RunOutcome.DESTROYED && formed) {
            awaitFollowers();
        }
        destroy();
        return record(master, ended, code, wall);
    }

    /**
     * The master's process failed: if the pool elected another master, that member's process runs
     * main again and ends the run; waits for it. Null if no member took over before the others ended
     * (or the run's time was up).
     */
    private Running awaitSuccessor(Running master) throws InterruptedException {
        while (!destroyed && System.nanoTime() < deadline) {
            for (Running r : members) {
                if (r != master && TOOK_OVER.matcher(r.err()).find()) {
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
            case IN_JVM -> new Running.OfThread(m, args, shared, programLoader());
            case PROCESSES -> new Running.OfProcess(m, commands.javaCommand(m, args), null);
            case SSH -> new Running.OfProcess(m, commands.sshCommand(m, args), this.plan.secret() + "\n");
            case SLURM -> slurm(m, args);
        };
        members.add(r);
        return r;
    }

    /** A SLURM cluster's job, submitted; or its step, inside the allocation this JVM runs in. */
    private Running slurm(CommandBuilder.Member m, List<String> args) throws IOException {
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
        return new Running.OfSlurm(m, command, runDir, allocation, plan.secret());
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
        for (CommandBuilder.Member c : components) { // as launch() gives SLURM members: no registry, no secret file
            javaCommands.add(commands.javaCommand(c, commands.poolArgs(c, null, null, stats)));
        }
        Path script = SlurmJob.writeScript(hetJob, SlurmJob.hetScript(components, javaCommands, runDir), runDir);
        return Running.OfSlurm.submit(components.get(0), SlurmJob.hetSbatch(components, script, runDir,
                commands.workDir()), plan.secret());
    }

    /** The loader of the program's classes in this JVM: satin's own when the program brings none. */
    private ClassLoader programLoader() {
        ClassLoader satin = LaunchedRun.class.getClassLoader();
        return plan.app().classPath().isEmpty() ? satin : ProgramClassPath.loader(plan.app().classPath(), satin);
    }

    /** The address the master's registry printed, or null if the master ended, was destroyed or timed out first. */
    private String awaitRegistry(Running master) throws InterruptedException {
        while (!destroyed && System.nanoTime() < deadline) {
            Matcher m = REGISTRY.matcher(master.err());
            if (m.find()) {
                return m.group(1);
            }
            if (master.awaitEnd(POLL_MILLIS)) {
                return null;
            }
        }
        return null;
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

    private void awaitFollowers() throws InterruptedException {
        long until = Math.min(deadline, System.nanoTime() + FOLLOWERS_GRACE_MILLIS * 1_000_000);
        for (Running r : members) {
            long left = (until - System.nanoTime()) / 1_000_000;
            if (left <= 0 || !r.awaitEnd(left)) {
                return;
            }
        }
    }

    private Path writeSecret() throws IOException {
        Path file;
        try {
            file = Files.createTempFile("satin-secret-", ".txt",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            file = Files.createTempFile("satin-secret-", ".txt");
        }
        Files.writeString(file, plan.secret(), StandardCharsets.UTF_8);
        return file;
    }

    private void deleteSecret() {
        try {
            if (secretFile != null) {
                Files.deleteIfExists(secretFile);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the secret file " + secretFile, e);
        }
    }

    /** How the run ended, in words, for result.json. */
    private String ending(int code) {
        if (code == RunOutcome.TIMED_OUT) {
            return "timed out";
        }
        if (code == RunOutcome.DESTROYED) {
            return exitedAt != null ? "exited" : interrupted ? "interrupted" : "destroyed";
        }
        return code == 0 ? "finished" : "failed";
    }

    /**
     * Writes the run directory. {@code ended} is the member that ended the run: the master, or the
     * member that took its place, whose output is the run's.
     */
    private RunOutcome record(Running master, Running ended, int code, Duration wall) throws IOException {
        String err = ended.err();
        if (ended != master) {
            err = "satin-launch: the master's process (" + master.member.name() + ") ended with exit code "
                    + master.exitCode() + "; " + ended.member.name() + " took over and ended the run\n" + err;
        }
        if (lostJob != null) {
            err += "satin-launch: the SLURM job of cluster " + lostJob.member.name() + " ended with exit code "
                    + lostJob.exitCode() + " before the run did, and the run was stopped; its errors are in stderr-"
                    + lostJob.member.name() + ".txt\n";
        } else if (code == RunOutcome.TIMED_OUT) {
            err += "satin-launch: the run exceeded its timeout and was killed\n";
        } else if (code == RunOutcome.DESTROYED && exitedAt != null) {
            err += "satin-launch: the run ended when " + exitedAt + " called System.exit, which ends this JVM, satin's"
                    + " own (its clusters run here, where: jvm), and the run with it; what it printed until then is kept\n";
        } else if (code == RunOutcome.DESTROYED && interrupted) {
            err += "satin-launch: the run was interrupted (Ctrl-C, or a signal that ended the launcher) and its "
                    + "processes were stopped; what they printed until then is kept\n";
        } else if (code == RunOutcome.DESTROYED) {
            err += "satin-launch: the run was destroyed before it ended\n";
        }
        Files.writeString(runDir.resolve("stdout.txt"), ended.out(), StandardCharsets.UTF_8);
        Files.writeString(runDir.resolve("stderr.txt"), err, StandardCharsets.UTF_8);
        for (Running r : members) { // the others' errors, for when a run goes wrong
            if (r != ended) {
                Files.writeString(runDir.resolve("stderr-" + r.member.name() + ".txt"), r.err(), StandardCharsets.UTF_8);
            }
        }
        RunRecord.write(runDir.resolve("result.json"), plan, started, wall, code, ending(code),
                stats.getFileName().toString());
        return new RunOutcome(code, ended.out(), err, stats, wall, runDir);
    }
}
