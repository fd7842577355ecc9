package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import satin.corpus.Cases;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * Runs the cases of one hazard class un-rewritten, and rewritten on one and on two workers, with
 * every spawn stolen ({@link StolenPaths}), and from outside every node.
 */
final class HazardHarness {

    private HazardHarness() {
    }

    static void assertSameResults(Class<?> hazard) throws Exception {
        RewritingLoader loader = new RewritingLoader(HazardHarness.class.getClassLoader(), "satin.hazards");
        List<String> cases = Cases.names(List.of(hazard));
        assertFalse(cases.isEmpty(), "no cases in " + hazard);
        try (Node one = Node.start(NodeConfig.defaults().withName("one"));
                Node two = Node.start(NodeConfig.defaults().withName("two").withWorkers(2));
                StolenPaths stolen = new StolenPaths(loader)) {
            for (String name : cases) {
                Object sequential = Cases.run(HazardHarness.class.getClassLoader(), name);
                assertEquals(sequential, one.call(() -> Cases.run(loader, name)), name + " on one worker");
                for (int i = 0; i < 3; i++) {
                    assertEquals(sequential, two.call(() -> Cases.run(loader, name)), name + " on two workers");
                }
                stolen.assertSameResult(sequential, name);
                assertEquals(sequential, Cases.run(loader, name), name + " from outside every node");
            }
        }
    }

    /** The rewritten class and every record class it got, as loaded. */
    static Rewriter.Result rewrite(Class<?> hazard) throws Exception {
        RewritingLoader loader = new RewritingLoader(HazardHarness.class.getClassLoader(), "satin.hazards");
        loader.loadClass(hazard.getName());
        return loader.result(hazard.getName());
    }
}
