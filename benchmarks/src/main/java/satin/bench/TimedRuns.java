package satin.bench;

import java.util.Arrays;
import java.util.List;
import satin.apps.Apps;

/**
 * Times an application's {@code run} in a JVM of its own (set up by the caller's
 * {@code -Dsatin.workers}): APP WARMUP ROUNDS [ARGS...]. Prints one line per timed round: the
 * seconds, then the run's text, so that the caller can check the real run and the replay.
 */
public final class TimedRuns {

    private TimedRuns() {
    }

    public static void main(String[] args) {
        var run = Apps.runMethod(args[0], TimedRuns.class.getClassLoader());
        int warmup = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        List<String> appArgs = Arrays.asList(args).subList(3, args.length);
        for (int i = 0; i < warmup; i++) {
            Apps.run(run, appArgs);
        }
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            String text = Apps.run(run, appArgs);
            System.out.println((System.nanoTime() - start) / 1e9 + " " + text.lines().findFirst().orElse(""));
        }
    }
}
