package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * CHS as van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 3.3 has it: a binary tree per cluster by ascending id; children (each
 * searching its subtree, by passing the request on) before the parent (searching upwards); only a
 * cluster root goes to another cluster, to its root, which answers from its tree.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HierarchicalStealingTest {

    private static HierarchicalStealing attached(FakePort port) {
        HierarchicalStealing chs = new HierarchicalStealing();
        chs.attach(port);
        return chs;
    }

    /** Idles until {@code n} requests went out, answering each with no work. */
    private static List<Integer> askWithoutSuccess(HierarchicalStealing chs, FakePort port, int n) {
        while (port.count("steal") < n) {
            int before = port.count("steal");
            chs.idle();
            if (port.count("steal") > before) {
                chs.stealReplied(port.sentTo("steal").get(before), false);
            }
        }
        return port.sentTo("steal");
    }

    @Test
    void childrenBeforeTheParentAndThenAgain() {
        // cluster c0 = ids 1..15: a binary tree 1; 2 3; 4 5 6 7; 8..15. Node 2 has children 4, 5.
        FakePort port = FakePort.grid(2, 2, 15);
        HierarchicalStealing chs = attached(port);
        assertEquals(List.of(4, 5, 1), chs.plan());
        assertEquals(List.of(4, 5, 1, 4), askWithoutSuccess(chs, port, 4), "then it walks again");
    }

    @Test
    void aRequestFromTheParentDescendsDepthFirstThroughTheWholeSubtree() {
        FakePort port = FakePort.grid(2, 2, 15);
        HierarchicalStealing chs = attached(port);
        assertEquals(4, chs.passOn(1, 0), "from the parent: to the first child");
        assertEquals(5, chs.passOn(1, 1), "which had nothing, its subtree included: to the second");
        assertEquals(-1, chs.passOn(1, 2), "the whole subtree had nothing: answered");
        FakePort leaf = FakePort.grid(8, 2, 15);
        assertEquals(-1, attached(leaf).passOn(4, 0), "a leaf answers from its own queue only");
    }

    @Test
    void aRequestFromAChildGoesUpToTheRootAndNoFurther() {
        FakePort port = FakePort.grid(2, 2, 15);
        HierarchicalStealing chs = attached(port);
        assertEquals(1, chs.passOn(4, 0), "from a child: to the parent");
        assertEquals(-1, chs.passOn(4, 1), "the ancestors had nothing: answered");
        FakePort top = FakePort.grid(1, 2, 15);
        assertEquals(-1, attached(top).passOn(2, 0), "the root does not go to another cluster for a child");
        assertEquals(-1, chs.passOn(3, 0), "a sibling is neither parent nor child: answered at once");
    }

    @Test
    void aRootAnswersAnotherClusterFromItsTree() {
        FakePort port = FakePort.grid(16, 2, 15); // cluster c1 = 16..30, root 16, children 17, 18
        HierarchicalStealing chs = attached(port);
        assertEquals(List.of(17, 18, -1), List.of(chs.passOn(1, 0), chs.passOn(1, 1), chs.passOn(1, 2)));
        FakePort inner = FakePort.grid(17, 2, 15);
        assertEquals(-1, attached(inner).passOn(1, 0), "only roots take requests from elsewhere");
    }

    @Test
    void onlyTheRootOfAnIdleClusterStealsFromAnotherClustersRoot() {
        FakePort port = FakePort.grid(1, 4, 3); // clusters: 1 2 3 | 4 5 6 | 7 8 9 | 10 11 12
        HierarchicalStealing chs = attached(port);
        List<Integer> asked = askWithoutSuccess(chs, port, 30);
        for (int i = 0; i < asked.size(); i += 3) {
            assertEquals(List.of(2, 3), asked.subList(i, i + 2), "its cluster first, every time");
            assertTrue(List.of(4, 7, 10).contains(asked.get(i + 2)), "then a remote root: " + asked);
        }
        FakePort leaf = FakePort.grid(3, 4, 3);
        assertTrue(askWithoutSuccess(attached(leaf), leaf, 30).stream().allMatch(v -> v == 1 || v == 2),
                "a node below the root never leaves its cluster");
    }

    @Test
    void anEmptyReplyInsideAWalkAsksForTheNextStepAtOnceAndTheWalksEndDoesNot() {
        FakePort port = FakePort.grid(2, 2, 15); // walk: 4, 5, then the parent 1
        HierarchicalStealing chs = attached(port);
        askWithoutSuccess(chs, port, 1);
        assertTrue(chs.asksAgainAtOnce(), "5 is next");
        askWithoutSuccess(chs, port, 3);
        assertFalse(chs.asksAgainAtOnce(), "the parent had nothing: the walk is over");
        FakePort root = FakePort.grid(1, 2, 3); // walk: 2, 3, then a remote root
        HierarchicalStealing top = attached(root);
        askWithoutSuccess(top, root, 2);
        assertTrue(top.asksAgainAtOnce(), "the remote root is next");
        askWithoutSuccess(top, root, 3);
        assertFalse(top.asksAgainAtOnce(), "the remote root had nothing");
    }

    @Test
    void oneRequestAtATime() {
        FakePort port = FakePort.grid(1, 2, 7);
        HierarchicalStealing chs = attached(port);
        for (int i = 0; i < 10; i++) {
            chs.idle();
        }
        assertEquals(1, port.count("steal"));
    }

    @Test
    void aResultComingBackCancelsTheOutstandingStealAndStartsOverFromTheChildren() {
        FakePort port = FakePort.grid(2, 1, 15);
        HierarchicalStealing chs = attached(port);
        askWithoutSuccess(chs, port, 2); // 4 and 5 had nothing
        chs.idle();
        assertEquals(1, port.sentTo("steal").get(2), "the parent is asked, and its reply is out");
        chs.jobCameBack(false);
        chs.idle();
        assertEquals(4, port.sentTo("steal").get(3), "the walk starts over, without waiting for 1's reply");
        chs.stealReplied(1, true); // the cancelled request's reply: ignored by the walk
        chs.idle();
        assertEquals(4, port.count("steal"), "still waiting for 4");
        chs.stealReplied(4, false);
        chs.idle();
        assertEquals(5, port.sentTo("steal").get(4));
    }

    @Test
    void aReplyToTheWalkBeforeTheMembersChangedDoesNotMoveTheNewWalkOn() {
        FakePort port = FakePort.grid(2, 1, 15);
        HierarchicalStealing chs = attached(port);
        askWithoutSuccess(chs, port, 2); // its children 4, 5 (and their subtrees) had nothing
        chs.idle();
        assertEquals(1, port.sentTo("steal").get(2), "its parent is asked");
        port.clusters.remove(3);
        chs.membersChanged();
        assertEquals(List.of(5, 6, 1), chs.plan(), "without 3, node 2's children are 5 and 6");
        chs.stealReplied(1, false);
        chs.idle();
        assertEquals(5, port.sentTo("steal").get(3), "the new walk starts from the first child");
    }
}
