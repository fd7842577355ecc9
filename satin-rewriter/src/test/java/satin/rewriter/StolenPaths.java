package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import satin.corpus.Cases;
import satin.runtime.JobCopier;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * Nodes on which every spawn is stolen at once, by the node itself: every sync of rewritten code
 * takes its stolen path (results out of records after the join, failures of stolen spawns,
 * delivery in program order), which on a normal node runs only when a thief happens to be quick.
 * On one and two workers, with the spawns' arguments shared, and, for cases that allow it, copied
 * through the pool's codec as a thief on another node receives them.
 */
final class StolenPaths implements AutoCloseable {

    private final ClassLoader rewritten;
    private final Node sharedOne = shared(1);
    private final Node sharedTwo = shared(2);
    private final Node copiedOne;
    private final Node copiedTwo;

    /** @param rewritten the loader of the rewritten classes, where the codec finds their records */
    StolenPaths(ClassLoader rewritten) {
        this.rewritten = rewritten;
        this.copiedOne = copied(1);
        this.copiedTwo = copied(2);
    }

    /** Runs a case rewritten on each node, against its sequential result. */
    void assertSameResult(Object sequential, String name) throws Exception {
        assertEquals(sequential, sharedOne.call(() -> Cases.run(rewritten, name)), name + " on one worker, every spawn stolen");
        assertEquals(sequential, sharedTwo.call(() -> Cases.run(rewritten, name)), name + " on two workers, every spawn stolen");
        if (Cases.byValue(name)) {
            assertEquals(sequential, copiedOne.call(() -> Cases.run(rewritten, name)),
                    name + " on one worker, every spawn stolen and copied");
            assertEquals(sequential, copiedTwo.call(() -> Cases.run(rewritten, name)),
                    name + " on two workers, every spawn stolen and copied");
        }
    }

    private static Node shared(int workers) {
        return Node.start(NodeConfig.defaults().withName("stolen" + workers).withWorkers(workers), JobCopier.sharing());
    }

    /** The codec resolves classes through the context loader of the thread that starts the node. */
    private Node copied(int workers) {
        Thread t = Thread.currentThread();
        ClassLoader old = t.getContextClassLoader();
        t.setContextClassLoader(rewritten);
        try {
            return Node.start(NodeConfig.defaults().withName("copied" + workers).withWorkers(workers).withByValue(true));
        } finally {
            t.setContextClassLoader(old);
        }
    }

    @Override
    public void close() {
        sharedOne.close();
        sharedTwo.close();
        copiedOne.close();
        copiedTwo.close();
    }
}
