package satin.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every application has the shape tools rely on, under the name people type. */
class AppsTest {

    private static final ClassLoader LOADER = AppsTest.class.getClassLoader();

    @Test
    void everyApplicationHasThreePresetsAndARunMethod() {
        assertEquals(15, Apps.names().size(), "the twelve of van Nieuwpoort, Kielmann and Bal (PPoPP 2001) (Fibonacci twice),"
                + " UTS, PageRank and IDA* to its first solution");
        for (String app : Apps.names()) {
            assertEquals(Set.of("small", "medium", "large"), Apps.presets(app, LOADER).keySet(), app);
            Method run = Apps.runMethod(app, LOADER);
            assertEquals(String.class, run.getReturnType(), app);
        }
    }

    @Test
    void anUnknownPresetOrArgumentIsRefusedWithItsName() {
        for (String app : Apps.names()) {
            Method run = Apps.runMethod(app, LOADER);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Apps.run(run, List.of("no-such-thing")), app);
            assertTrue(e.getMessage().contains("no-such-thing"), app + " says: " + e.getMessage());
        }
    }

    @Test
    void anUnknownApplicationIsRefusedWithTheNamesThereAre() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Apps.mainClass("fibonacci"));
        assertTrue(e.getMessage().contains("'fibonacci'") && e.getMessage().contains("nqueens"), e.getMessage());
    }

    @Test
    void theBalancersWorkloadRunsByNameButIsNoApplication() {
        assertEquals("satin.apps.synthetic.SyntheticTree", Apps.mainClass("synthetic"));
        assertTrue(Apps.isWorkload(Apps.mainClass("synthetic")));
        assertTrue(!Apps.names().contains("synthetic") && !Apps.isWorkload(Apps.mainClass("fib")));
    }
}
