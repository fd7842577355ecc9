package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * CLS as van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 3.4 has it: loads reported to the cluster's coordinator when they change
 * and at once on going idle; the coordinator prefetches from remote clusters only below the
 * threshold; stealing inside the cluster otherwise.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LoadBasedStealingTest {

    private static LoadBasedStealing attached(FakePort port, int threshold) {
        LoadBasedStealing cls = new LoadBasedStealing(threshold, 1, 10_000_000, VictimSelector.uniform());
        cls.attach(port);
        return cls;
    }

    @Test
    void aWorkerReportsItsLoadWhenItChangedAndAtOnceWhenIdle() {
        FakePort port = FakePort.grid(3, 2, 4); // cluster c0 = 1..4, coordinator 1
        LoadBasedStealing cls = attached(port, 4);
        port.queueLength = 7;
        cls.tick();
        cls.tick();
        port.queueLength = 2;
        cls.tick();
        assertEquals(List.of(new FakePort.Sent("note", 1, 7), new FakePort.Sent("note", 1, 2)), port.sent,
                "a report when the load changed, none when it did not");
        port.sent.clear();
        cls.idle();
        assertEquals(new FakePort.Sent("note", 1, 0), port.sent.get(0), "idle: a zero load at once");
        assertEquals("steal", port.sent.get(1).what());
        assertEquals("c0", port.clusterOf(port.sent.get(1).to()), "stealing stays in the cluster");
        assertEquals(0, port.count("prefetch"), "only the coordinator prefetches");
    }

    @Test
    void theCoordinatorPrefetchesOnlyBelowTheThreshold() {
        FakePort port = FakePort.grid(1, 3, 4); // coordinator 1 of c0 = 1..4
        LoadBasedStealing cls = attached(port, 6);
        port.queueLength = 3;
        cls.noted(2, LoadBasedStealing.LOAD, 3);
        cls.noted(3, LoadBasedStealing.LOAD, 1);
        cls.tick();
        assertEquals(0, port.count("prefetch"), "load 3 + 3 + 1 is not below 6");
        cls.noted(3, LoadBasedStealing.LOAD, 0);
        cls.tick();
        assertEquals(0, port.count("prefetch"), "load 6 is not below 6");
        cls.noted(2, LoadBasedStealing.LOAD, 2);
        assertEquals(1, port.count("prefetch"), "load 5: a prefetch, at once");
        assertTrue(!port.clusterOf(port.sentTo("prefetch").get(0)).equals("c0"), "from a remote cluster");
        cls.noted(4, LoadBasedStealing.LOAD, 0);
        cls.tick();
        assertEquals(1, port.count("prefetch"), "one prefetch in flight at most");
        cls.stealReplied(port.sentTo("prefetch").get(0), true);
        cls.tick();
        assertEquals(2, port.count("prefetch"), "the next one once the reply came, the load still low");
        assertEquals(0, port.count("note"), "the coordinator reports to nobody");
    }

    @Test
    void aNodeOfAnotherClusterCannotMoveTheLoad() {
        FakePort port = FakePort.grid(1, 2, 4);
        LoadBasedStealing cls = attached(port, 3);
        port.queueLength = 5;
        cls.noted(6, LoadBasedStealing.LOAD, 0);
        cls.tick();
        assertEquals(5, cls.clusterLoad());
        assertEquals(0, port.count("prefetch"));
    }

    @Test
    void withOneClusterItIsRandomStealing() {
        FakePort port = FakePort.grid(2, 1, 6);
        LoadBasedStealing cls = attached(port, 100);
        for (int i = 0; i < 50; i++) {
            cls.tick();
            cls.idle();
            cls.idle();
            cls.stealReplied(port.sentTo("steal").get(i), false);
        }
        assertEquals(50, port.count("steal"));
        assertEquals(50, port.sent.size(), "no loads, no prefetches");
    }

    @Test
    void theDefaultThresholdIsTheClusterSize() {
        FakePort port = FakePort.grid(1, 2, 5);
        LoadBasedStealing cls = new LoadBasedStealing();
        cls.attach(port);
        assertEquals(5, cls.effectiveThreshold());
        assertEquals("cluster size", cls.settings().get("threshold"));
    }

    @Test
    void aPrefetchAnsweredAtOnceDoesNotMakeTheCoordinatorAskForever() {
        FakePort port = FakePort.grid(1, 3, 4); // coordinator 1, nothing queued anywhere
        LoadBasedStealing cls = attached(port, 6);
        port.answersPrefetchesAtOnce = cls;
        cls.idle();
        assertEquals(1, port.count("prefetch"), "one round of requests per call, then it lets go");
        assertEquals(0, cls.prefetching());
        cls.idle();
        assertEquals(2, port.count("prefetch"), "and asks again when called again");
    }

    @Test
    void aLocalVictimThatLeftWithARequestOutLeavesLocalStealingGoingAndThePrefetchOut() {
        FakePort port = FakePort.grid(1, 2, 4); // coordinator 1, nothing queued anywhere
        LoadBasedStealing cls = attached(port, 4);
        cls.idle();
        int local = port.sentTo("steal").get(0);
        port.clusters.remove(local);
        cls.stealReplied(local, false); // the pool gives the request up, then tells the balancer
        cls.membersChanged();
        assertEquals(1, cls.prefetching(), "the prefetch is still out");
        for (int i = 1; i <= 5; i++) {
            cls.idle();
            assertEquals(1 + i, port.count("steal"), "it steals in its cluster again");
            int victim = port.sentTo("steal").get(i);
            assertEquals("c0", port.clusterOf(victim));
            cls.stealReplied(victim, false);
        }
        assertEquals(1, port.count("prefetch"), "one prefetch in flight at most");
    }

    @Test
    void aNewCoordinatorHearsTheLoadThatTheOldOneHad() {
        FakePort port = FakePort.grid(3, 2, 4); // c0 = 1..4, coordinator 1
        LoadBasedStealing cls = attached(port, 4);
        port.queueLength = 7;
        cls.tick();
        port.clusters.remove(1);
        cls.membersChanged();
        cls.tick();
        assertEquals(List.of(new FakePort.Sent("note", 1, 7), new FakePort.Sent("note", 2, 7)), port.sent,
                "2 coordinates now, and has heard nothing from this node");
    }

    @Test
    void loadsHeardBeforeAnotherCoordinatedCountNoMore() {
        FakePort port = FakePort.grid(2, 1, 4); // c0 = 1..4
        port.clusters.remove(1); // 2 coordinates
        LoadBasedStealing cls = attached(port, 4);
        cls.noted(3, LoadBasedStealing.LOAD, 5);
        port.clusters.put(1, "c0");
        cls.membersChanged();
        port.clusters.remove(1);
        cls.membersChanged();
        assertEquals(0, cls.clusterLoad(), "3 reported to 1 meanwhile; what it told 2 before is stale");
    }
}
