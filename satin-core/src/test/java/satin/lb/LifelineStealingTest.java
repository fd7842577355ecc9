package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * LL as X10's GLB has it, made cluster-aware: random steals inside the cluster, then lifeline
 * requests along a low-diameter graph, quiet waiting, and work pushed along the lifelines.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LifelineStealingTest {

    private static LifelineStealing attached(FakePort port) {
        LifelineStealing ll = new LifelineStealing(2, 1_000_000, VictimSelector.uniform());
        ll.attach(port);
        return ll;
    }

    /** Idle calls until the balancer stops sending, each steal answered "no job". */
    private static void failUntilQuiet(LifelineStealing ll, FakePort port) {
        for (int i = 0; i < 20 && !ll.quiet(); i++) {
            int before = port.sent.size();
            ll.idle();
            for (FakePort.Sent s : port.sent.subList(before, port.sent.size())) {
                if (s.what().equals("steal")) {
                    ll.stealReplied(s.to(), false);
                }
            }
        }
        assertTrue(ll.quiet(), "it went quiet");
    }

    @Test
    void lifelinesAreLogarithmicInsideTheClusterAndAcrossClustersToTheSamePlaceThere() {
        assertEquals(List.of(2, 3, 5, 9), attached(FakePort.grid(1, 4, 4)).lifelines());
        assertEquals(List.of(7, 8, 10, 14), attached(FakePort.grid(6, 4, 4)).lifelines());
        assertEquals(List.of(14, 15, 1, 5), attached(FakePort.grid(13, 4, 4)).lifelines());
    }

    @Test
    void workCanReachEveryNodeAlongTheLifelines() {
        for (int[] shape : new int[][] {{1, 1}, {1, 7}, {3, 5}, {4, 16}, {5, 3}}) {
            int n = shape[0] * shape[1];
            Map<Integer, List<Integer>> feeds = new HashMap<>(); // who may feed whom: a lifeline reversed
            for (int self = 1; self <= n; self++) {
                for (int l : attached(FakePort.grid(self, shape[0], shape[1])).lifelines()) {
                    feeds.computeIfAbsent(l, k -> new java.util.ArrayList<>()).add(self);
                }
            }
            for (int from = 1; from <= n; from++) {
                assertEquals(n, reachable(from, feeds).size(), "from " + from + " on " + shape[0] + "x" + shape[1]);
            }
        }
    }

    private static Set<Integer> reachable(int from, Map<Integer, List<Integer>> edges) {
        Set<Integer> seen = new HashSet<>(List.of(from));
        Deque<Integer> todo = new ArrayDeque<>(seen);
        while (!todo.isEmpty()) {
            for (int next : edges.getOrDefault(todo.poll(), List.of())) {
                if (seen.add(next)) {
                    todo.add(next);
                }
            }
        }
        return seen;
    }

    @Test
    void randomStealsInTheClusterThenLifelineRequestsThenQuiet() {
        FakePort port = FakePort.grid(3, 2, 4); // c0 = 1..4; node 3 has lifelines 4 and 1, and 7 in c1
        LifelineStealing ll = attached(port);
        ll.idle();
        ll.idle();
        assertEquals(1, port.count("steal"), "one request at a time");
        ll.stealReplied(port.sentTo("steal").get(0), false);
        ll.idle();
        ll.stealReplied(port.sentTo("steal").get(1), false);
        assertFalse(ll.quiet());
        ll.idle();
        assertTrue(port.sentTo("steal").stream().allMatch(m -> m <= 4), "random steals stay in the cluster");
        assertEquals(List.of(4, 1, 7), port.sentTo("note"), "then a lifeline request to each lifeline");
        int sent = port.sent.size();
        for (int i = 0; i < 50; i++) {
            ll.idle();
        }
        assertEquals(sent, port.sent.size(), "quiet: nothing more while it waits");
    }

    @Test
    void aRequestIsAnsweredWithAJobAsSoonAsThereIsOne() {
        FakePort port = FakePort.grid(1, 2, 4); // 4 and 3 have 1 as a lifeline
        LifelineStealing ll = attached(port);
        ll.noted(4, LifelineStealing.LIFELINE, 0);
        ll.noted(3, LifelineStealing.LIFELINE, 0);
        ll.tick();
        assertEquals(0, port.count("push"), "nothing queued, nothing pushed");
        port.queueLength = 1;
        ll.tick();
        assertEquals(List.of(new FakePort.Sent("push", 4, 0), new FakePort.Sent("note", 4, 0)), port.sent,
                "the oldest request first, told it was fed");
        port.queueLength = 5;
        ll.tick();
        ll.tick();
        assertEquals(List.of(4, 3), port.sentTo("push"), "each request answered once");
        ll.noted(3, LifelineStealing.LIFELINE, 0);
        assertEquals(List.of(4, 3, 3), port.sentTo("push"), "at once when there is work");
    }

    @Test
    void beingFedWakesItAndOnlyThatLifelineIsAskedAgain() {
        FakePort port = FakePort.grid(3, 2, 4);
        LifelineStealing ll = attached(port);
        failUntilQuiet(ll, port);
        ll.noted(1, LifelineStealing.FED, 0);
        assertFalse(ll.quiet());
        port.sent.clear();
        failUntilQuiet(ll, port);
        assertEquals(2, port.count("steal"), "random steals again");
        assertEquals(List.of(1), port.sentTo("note"), "4 and 7 still hold its requests");
    }

    @Test
    void jobsOfItsOwnWakeItOnATick() {
        FakePort port = FakePort.grid(3, 2, 4);
        LifelineStealing ll = attached(port);
        failUntilQuiet(ll, port);
        port.queueLength = 3;
        ll.tick();
        port.queueLength = 0;
        int steals = port.count("steal");
        ll.idle();
        assertEquals(steals + 1, port.count("steal"));
    }

    @Test
    void aLifelineThatLeavesDoesNotLeaveItWaiting() {
        FakePort port = FakePort.grid(3, 2, 4);
        LifelineStealing ll = attached(port);
        failUntilQuiet(ll, port);
        port.clusters.remove(4);
        ll.membersChanged();
        port.sent.clear();
        failUntilQuiet(ll, port);
        assertEquals(2, port.count("steal"), "it steals again");
        assertEquals(List.of(1, 2, 7), port.sentTo("note"), "and asks its new lifelines, the old ones that stayed too");
    }

    @Test
    void aRequesterThatLeftIsNotFed() {
        FakePort port = FakePort.grid(1, 2, 4);
        LifelineStealing ll = attached(port);
        ll.noted(3, LifelineStealing.LIFELINE, 0);
        port.clusters.remove(3);
        ll.membersChanged();
        ll.noted(3, LifelineStealing.LIFELINE, 0); // late, from a member already gone
        port.queueLength = 4;
        ll.tick();
        assertEquals(0, port.count("push"));
    }

    @Test
    void aRequestFromAMemberWhoseLifelineItIsNotIsNotFed() {
        FakePort port = FakePort.grid(1, 2, 4);
        LifelineStealing ll = attached(port);
        List<Integer> askers = new java.util.ArrayList<>();
        List<Integer> strangers = new java.util.ArrayList<>();
        for (int m : port.others()) {
            (attached(FakePort.grid(m, 2, 4)).lifelines().contains(1) ? askers : strangers).add(m);
        }
        assertFalse(askers.isEmpty() || strangers.isEmpty(), "askers " + askers + ", strangers " + strangers);
        // a stranger's request was sent while it saw fewer members, as when a pool forms
        strangers.forEach(m -> ll.noted(m, LifelineStealing.LIFELINE, 0));
        askers.forEach(m -> ll.noted(m, LifelineStealing.LIFELINE, 0));
        port.queueLength = 100;
        ll.tick();
        assertEquals(askers, port.sentTo("push"));
    }

    @Test
    void aloneItSendsNothing() {
        FakePort port = FakePort.grid(1, 1, 1);
        LifelineStealing ll = attached(port);
        ll.idle();
        assertTrue(ll.quiet());
        assertEquals(List.of(), port.sent);
    }

    @Test
    void aloneInItsClusterItStealsAcrossTheWideArea() {
        FakePort port = FakePort.grid(1, 4, 1);
        LifelineStealing ll = attached(port);
        ll.idle();
        assertEquals(1, port.count("steal"));
    }
}
