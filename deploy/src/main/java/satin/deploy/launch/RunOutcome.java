package satin.deploy.launch;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What a run gave.
 *
 * @param exitCode  the master's exit code ({@link #TIMED_OUT} if the run was killed for its timeout,
 *                  {@link #DESTROYED} if it was destroyed before it ended)
 * @param stdout    what the master's main printed
 * @param stderr    what the master's {@code PoolMain} printed (registry address, statistics table, errors)
 * @param statsFile the statistics JSON the master wrote with {@code --stats} (it may be missing if
 *                  the run failed; see {@link #hasStats()})
 * @param wall      from the first start to the master's end
 * @param runDir    the run directory holding {@code stats.json}, {@code stdout.txt},
 *                  {@code stderr.txt} and {@code result.json}
 */
public record RunOutcome(int exitCode, String stdout, String stderr, Path statsFile, Duration wall, Path runDir) {

    /** The exit code of a run killed because it exceeded its timeout (as timeout(1) reports it). */
    public static final int TIMED_OUT = 124;
    /** The exit code of a run destroyed by its caller or by a shutdown of this JVM. */
    public static final int DESTROYED = 143;

    public boolean timedOut() {
        return exitCode == TIMED_OUT;
    }

    public boolean hasStats() {
        return java.nio.file.Files.isRegularFile(statsFile);
    }
}
