package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.corpus.Cases;
import satin.hazards.InPlace;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class InPlaceHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(InPlace.class);
    }

    /** Jobs that went through the deque: only spawns with something after them before the sync. */
    @Test
    void onlyTheSpawnRightBeforeASyncSkipsTheDeque() throws Exception {
        RewritingLoader loader = new RewritingLoader(getClass().getClassLoader(), "satin.hazards");
        try (Node node = Node.start(NodeConfig.defaults().withName("in-place"))) {
            // fib(18) has fib(19) - 1 = 4180 invocations that spawn, each pushing its first spawn
            assertEquals(4180, pushed(node, loader, "caseFib"));
            assertEquals(2, pushed(node, loader, "caseCodeBeforeTheSync"));
            assertEquals(0, pushed(node, loader, "caseOneSpawnPerSyncInALoop"));
            assertEquals(2, pushed(node, loader, "caseVoidSpawns"), "the last of three fills, and each fill's own spawn");
            assertEquals(1, pushed(node, loader, "caseDroppedAndConverted"));
            assertEquals(1, pushed(node, loader, "caseStaticSyncOtherReceiver"));
        }
    }

    private static long pushed(Node node, ClassLoader loader, String method) {
        long before = node.statistics().total().spawns();
        node.call(() -> Cases.run(loader, "satin.hazards.InPlace." + method));
        return node.statistics().total().spawns() - before;
    }
}
