package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * CHS as seed 004 section 3.3 has it: a binary tree per cluster by ascending id; children (and
 * their subtrees) before the parent; only a cluster root goes to another cluster, to its root.
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
    void childrenAndTheirSubtreesBeforeTheParentThenTheAncestors() {
        // cluster c0 = ids 1..15: a binary tree 1; 2 3; 4 5 6 7; 8..15. Node 2 has children 4, 5 and grandchildren 8..11.
        FakePort port = FakePort.grid(2, 2, 15);
        HierarchicalStealing chs = attached(port);
        assertEquals(List.of(4, 5, 8, 9, 10, 11, 1), chs.plan());
        assertEquals(List.of(4, 5, 8, 9, 10, 11, 1, 4), askWithoutSuccess(chs, port, 8), "then it walks again");
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
        assertEquals(8, port.sentTo("steal").get(2), "8 is asked, and its reply is out");
        chs.jobCameBack(false);
        chs.idle();
        assertEquals(4, port.sentTo("steal").get(3), "the walk starts over, without waiting for 8's reply");
        chs.stealReplied(8, true); // the cancelled request's reply: ignored by the walk
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
        askWithoutSuccess(chs, port, 6); // its subtree 4, 5, 8, 9, 10, 11 had nothing
        chs.idle();
        assertEquals(1, port.sentTo("steal").get(6), "its parent is asked");
        port.clusters.remove(9);
        chs.membersChanged();
        assertEquals(List.of(4, 5, 8, 10, 11, 12, 1), chs.plan());
        chs.stealReplied(1, false);
        chs.idle();
        assertEquals(4, port.sentTo("steal").get(7), "the new walk starts from the first child");
    }
}
