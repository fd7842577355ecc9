package satin.deploy.launch;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import satin.deploy.plan.RunPlan;

/**
 * Carries out run plans: {@link #run} for a run from start to outcome, {@link #start} for a run
 * that may be destroyed before it ends. A run longer than the timeout is killed and reported as
 * {@link RunOutcome#TIMED_OUT}.
 */
public final class Launcher {

    private final Duration timeout;
    private final RunWatcher watcher;

    /** @param timeout how long a run may take, from its start to the master's end */
    public Launcher(Duration timeout) {
        this(timeout, RunWatcher.SILENT);
    }

    private Launcher(Duration timeout, RunWatcher watcher) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.watcher = Objects.requireNonNull(watcher, "watcher");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a launcher's timeout must be positive, not " + timeout);
        }
    }

    /** The same launcher, whose runs tell {@code w} what their members print and how they go, as it comes. */
    public Launcher watchedBy(RunWatcher w) {
        return new Launcher(timeout, w);
    }

    /** Starts the run in the background: its run directory exists, its members are starting. */
    public LaunchedRun start(RunPlan plan) throws IOException {
        return start(plan, CommandBuilder.forThisJvm(plan));
    }

    /** Starts the run with the given commands (another java, class path or host name). */
    public LaunchedRun start(RunPlan plan, CommandBuilder commands) throws IOException {
        return LaunchedRun.start(plan, commands, timeout, watcher);
    }

    /** Runs the plan to its end (or its timeout) and returns the outcome. */
    public RunOutcome run(RunPlan plan) throws IOException, InterruptedException {
        return start(plan).await();
    }
}
