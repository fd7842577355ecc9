package satin.apps.raytracer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RaytracerTest {

    private static final String[] ARGS = {"96", "64", "2", "3"};

    @Test
    void theParallelImageIsByteForByteTheSequentialOne() throws Exception {
        Object expected = AppHarness.oracle(Raytracer.class, "run", (Object) ARGS);
        assertTrue(((String) expected).contains("SHA-256"), (String) expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> Raytracer.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Raytracer.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> Raytracer.run(ARGS)));
    }

    @Test
    void theSmallPresetIsTheDefault() throws Exception {
        assertEquals(AppHarness.oracle(Raytracer.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> Raytracer.run()));
    }

    @Test
    void theSplitDoesNotChangeThePixels() throws Exception {
        byte[] whole = Camera.rows(40, 30, 2, 0, 30);
        for (int leaf : new int[] {1, 4, 7, 30}) {
            byte[] split = AppHarness.onTwoWorkers(() -> new Raytracer(40, 30, 2, leaf).render(0, 30));
            assertArrayEquals(whole, split, "leaf rows " + leaf);
        }
    }

    @Test
    void theFileWrittenIsTheOneDigested(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("image.ppm");
        String text = Raytracer.run("50", "40", "1", "4", out.toString());
        byte[] file = Files.readAllBytes(out);
        String header = "P6\n50 40\n255\n";
        assertEquals(header, new String(file, 0, header.length(), java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(header.length() + 50 * 40 * 3, file.length);
        assertTrue(text.contains(Raytracer.sha256(file)), text);
    }

    @Test
    void theSceneIsNotBlank() {
        byte[] pixels = Camera.rows(32, 24, 1, 0, 24);
        assertNotEquals(pixels[0], pixels[pixels.length - 1], "sky at the top, floor at the bottom");
    }

    @Test
    void badArgumentsAreNamed() {
        assertMessage("width must be an integer from 1 to 20000", "0", "10");
        assertMessage("height must be", "10", "x");
        assertMessage("samples must be", "10", "10", "0");
        assertMessage("leaf rows must be", "10", "10", "1", "-1");
        assertMessage("expected arguments", "10");
        assertMessage("a preset takes only an output path", "small", "a", "b");
    }

    private static void assertMessage(String part, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Raytracer.run(args));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
