package satin.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.runtime.Node;

/**
 * The settings a pool's process reads as its nodes start (README, "Configuration") are checked
 * before anything starts, each bad one named with its property and value in one line, exit 2; and
 * the good ones reach the nodes. In JVMs of their own: several are read once per JVM.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class StartPropertiesTest {

    /** A main that says it ran, and with what its node was configured. */
    public static final class ShowConfig {
        public static void main(String[] args) {
            System.out.println("main ran on " + Node.embedded().config());
        }
    }

    private record Outcome(int code, String out) {
    }

    private static Outcome pool(List<String> properties, String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of(System.getProperty("java.home") + File.separator + "bin"
                + File.separator + "java"));
        command.addAll(properties);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), PoolMain.class.getName(), "--stats", "-"));
        command.addAll(List.of(options));
        if (!List.of(options).contains("--host")) {
            command.addAll(List.of("--host", "local"));
        }
        command.add(ShowConfig.class.getName());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
            return new Outcome(p.exitValue(), out);
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aBadSettingIsNamedBeforeTheNodesStartOrMainRuns() throws Exception {
        String[][] cases = {
            {"-Dsatin.decodeWorkPerByte=-1", "satin.decodeWorkPerByte must be a number of steps per byte from 1 to 1048576,"
                + " not '-1'"},
            {"-Dsatin.tls=bogus", "-Dsatin.tls=bogus: expected wan, all or off"},
            {"-Dsatin.maxUnauthenticated=0", "-Dsatin.maxUnauthenticated=0: expected a whole number of connections"},
            {"-Dsatin.deque=fifo", "-Dsatin.deque=fifo: unknown deque 'fifo': expected split or locked"},
            {"-Dsatin.offered=0", "-Dsatin.offered=0: expected a number of jobs from 1 to 1024"},
            {"-Dsatin.stealChunk=65", "-Dsatin.stealChunk must be 1, half, or a number of jobs up to 64, not '65'"},
            {"-Dsatin.allow=*", "-Dsatin.allow=*: '*' is neither a class"},
            {"-Dsatin.sameJvmShortcut=no", "-Dsatin.sameJvmShortcut=no: expected true or false"},
            {"-Dsatin.record=1", "-Dsatin.record=1: expected true or false"},
        };
        for (String[] c : cases) {
            Outcome o = pool(List.of(c[0]), "--nodes", "2");
            assertEquals(2, o.code(), c[0] + ": " + o.out());
            assertTrue(o.out().startsWith("satin: " + c[1]), c[0] + ": " + o.out());
            assertEquals(1, o.out().strip().lines().count(), c[0] + ": " + o.out());
            assertFalse(o.out().contains("main ran") || o.out().contains("registry of pool"), "nothing started: " + o.out());
        }
    }

    @Test
    void theNodesOfAPoolAreConfiguredByTheProperties() throws Exception {
        Outcome o = pool(List.of("-Dsatin.workers=3", "-Dsatin.deque=locked", "-Dsatin.stack=1m", "-Dsatin.byValue=always"),
                "--nodes", "1");
        assertEquals(0, o.code(), o.out());
        assertTrue(o.out().contains("workers=3, deque=LOCKED, stackBytes=1048576, byValue=true"), o.out());
        Outcome given = pool(List.of("-Dsatin.workers=3"), "--nodes", "1", "--workers", "2");
        assertEquals(0, given.code(), given.out());
        assertTrue(given.out().contains("workers=2,"), "--workers wins: " + given.out());
    }

    /**
     * An interface that cannot be listened at is found as the pool forms, while main already runs
     * on the master: the process says so and ends, never with "null" for a reason.
     */
    @Test
    void anInterfaceThatCannotBeListenedAtIsNamed() throws Exception {
        Outcome o = pool(List.of(), "--nodes", "1", "--host", "999.1.1.1");
        assertEquals(1, o.code(), o.out());
        assertTrue(o.out().contains("the pool cannot form: node "), o.out());
        assertTrue(o.out().contains("cannot listen at tcp://999.1.1.1:0: UnresolvedAddressException"), o.out());
        assertFalse(o.out().contains("null") || o.out().contains("Exception in thread"), o.out());
    }
}
