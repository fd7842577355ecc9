package satin.deploy.launch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.testing.Await;

/** A launcher stopped from outside leaves no process of its run behind. */
class LauncherStoppedTest {

    @TempDir
    Path out;

    @Test
    @Timeout(120)
    void aLauncherEndedLikeByCtrlCDestroysItsRunInItsShutdownHook() throws Exception {
        stopLauncher(false);
    }

    @Test
    @Timeout(120)
    void aLauncherKilledOutrightTakesItsChildrenWithItThroughExitWithParent() throws Exception {
        stopLauncher(true);
    }

    private void stopLauncher(boolean forcibly) throws Exception {
        String pool = (forcibly ? "killed" : "stopped") + System.nanoTime();
        Process launcher = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), LongRunLauncher.class.getName(), pool, out.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<Long> pids;
        try {
            pids = startedPids(launcher);
            assertTrue(pids.stream().allMatch(LauncherStoppedTest::alive), "the run's processes run: " + pids);
            if (forcibly) {
                launcher.destroyForcibly(); // SIGKILL: no shutdown hook runs
            } else {
                launcher.destroy(); // SIGTERM, as Ctrl-C: the shutdown hooks run
            }
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the launcher ends");
        } finally {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
        Await.holds(() -> pids.stream().noneMatch(LauncherStoppedTest::alive) && left(pool).isEmpty(),
                Duration.ofSeconds(20));
        assertTrue(pids.stream().noneMatch(LauncherStoppedTest::alive), "the run's processes " + pids + " are gone");
        assertTrue(left(pool).isEmpty(), () -> "processes of pool " + pool + " left: " + left(pool));
    }

    private static List<Long> startedPids(Process launcher) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        assertTrue(line != null && line.startsWith("started ["), "the launcher says it started: " + line);
        String list = line.substring("started [".length(), line.length() - 1);
        List<Long> pids = new ArrayList<>();
        Arrays.stream(list.split(",")).map(String::strip).map(Long::parseLong).forEach(pids::add);
        return pids;
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static List<String> left(String pool) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + ": " + p.info().commandLine().orElse(""))
                .filter(c -> c.contains("--pool " + pool + " ")).toList();
    }
}
