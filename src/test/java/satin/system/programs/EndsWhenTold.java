package satin.system.programs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import satin.apps.fib.FibThreshold;

/**
 * {@code EndsWhenTold GATE N THRESHOLD}: prints what FibThreshold prints, then returns from main
 * only once the file GATE exists (two minutes at most), so that a test chooses the moment a
 * pool's run ends, and can fault a process just before.
 */
public final class EndsWhenTold {

    private EndsWhenTold() {
    }

    public static void main(String[] args) throws InterruptedException {
        Path gate = Path.of(args[0]);
        System.out.println(FibThreshold.run(Arrays.copyOfRange(args, 1, args.length)));
        System.out.flush();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(gate) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }
}
