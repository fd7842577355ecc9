package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The processes of the whole-system tests track Netty's buffers, and a leak one reports fails the test. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcessesTest {

    @TempDir
    Path dir;

    @Test
    void everyJvmAndEveryScriptsJvmTracksEveryBuffer() throws Exception {
        try (Processes ps = new Processes()) {
            Processes.Child jvm = ps.command("java", dir, List.of(Processes.java(), "-XshowSettings:properties", "-version"));
            assertEquals(0, jvm.exit(30), jvm.toString());
            assertTrue(jvm.err().contains("io.netty.leakDetection.level = paranoid"), jvm.err());
            Processes.Child script = ps.command("script", dir, List.of("bash", "-c", "echo \"$SATIN_JAVA_OPTS|$BENCH_JAVA_OPTS\""),
                    Map.of("SATIN_JAVA_OPTS", "-Dsatin.cds=off"));
            assertEquals(0, script.exit(30), script.toString());
            assertEquals("-Dsatin.cds=off " + Processes.LEAK_DETECTION + "|" + Processes.LEAK_DETECTION + "\n", script.out(),
                    "added to what the test gives");
        }
    }

    @Test
    void aLeakReportedByAChildFailsTheTest() throws Exception {
        Processes ps = new Processes();
        Processes.Child leaky = ps.command("leaky", dir, List.of("bash", "-c",
                "echo 'SEVERE: LEAK: ByteBuf.release() was not called before it was garbage-collected.' >&2"));
        assertEquals(0, leaky.exit(30), leaky.toString());
        AssertionError e = assertThrows(AssertionError.class, ps::close);
        assertTrue(e.getMessage().contains("Netty found a buffer never released in leaky"), e.getMessage());
    }
}
