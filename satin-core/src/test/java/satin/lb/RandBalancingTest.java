package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Rand: d = N/10 + 1 probes; an idle node steals from the most loaded, a rich one pushes to the least loaded. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RandBalancingTest {

    private static List<Integer> probed(FakePort port) {
        return port.notes.stream().filter(n -> n.kind() == RandBalancing.PROBE).map(FakePort.Note::to).toList();
    }

    @Test
    void dIsTheNodesOverTenPlusOne() {
        FakePort port = FakePort.grid(1, 4, 5);
        RandBalancing rand = new RandBalancing();
        rand.attach(port);
        assertEquals(3, rand.probes(), "20 nodes");
        rand.idle();
        rand.idle();
        assertEquals(3, probed(port).stream().distinct().count(), "one round at a time, to 3 members");
    }

    @Test
    void anIdleNodeStealsFromTheMostLoadedItProbed() {
        FakePort port = FakePort.grid(1, 4, 5);
        RandBalancing rand = new RandBalancing();
        rand.attach(port);
        rand.idle();
        List<Integer> probed = probed(port);
        rand.noted(probed.get(0), RandBalancing.LOAD, 4);
        rand.noted(probed.get(1), RandBalancing.LOAD, 7);
        assertEquals(List.of(), port.sentTo("steal"), "it waits for every answer");
        rand.noted(probed.get(2), RandBalancing.LOAD, 1);
        assertEquals(List.of(probed.get(1)), port.sentTo("steal"));
    }

    @Test
    void anIdleNodeWhoseProbesGoUnansweredStealsFromOneOfThem() {
        FakePort port = FakePort.grid(1, 4, 5);
        RandBalancing rand = new RandBalancing();
        rand.attach(port);
        rand.idle();
        rand.noted(probed(port).get(0), RandBalancing.LOAD, 0);
        rand.tick();
        assertEquals(List.of(), port.sentTo("steal"));
        rand.tick();
        assertEquals(1, port.count("steal"));
        assertTrue(probed(port).subList(1, 3).contains(port.sentTo("steal").get(0)), "a silent one: busy");
    }

    @Test
    void aRichNodePushesToTheLeastLoadedUnlessItIsRichToo() {
        FakePort port = FakePort.grid(1, 4, 5);
        RandBalancing rand = new RandBalancing();
        rand.attach(port);
        port.queueLength = 6;
        rand.tick();
        assertEquals(List.of(), probed(port), "sender mode above 2d = 6 only");
        port.queueLength = 7;
        rand.tick();
        List<Integer> probed = probed(port);
        rand.noted(probed.get(0), RandBalancing.LOAD, 9);
        rand.noted(probed.get(1), RandBalancing.LOAD, 3);
        rand.noted(probed.get(2), RandBalancing.LOAD, 5);
        assertEquals(List.of(probed.get(1)), port.sentTo("push"));
        port.queueLength = 10;
        rand.tick();
        List<Integer> second = probed(port).subList(3, 6);
        for (int m : second) {
            rand.noted(m, RandBalancing.LOAD, 7);
        }
        assertEquals(1, port.count("push"), "every one probed is rich: none");
    }

    @Test
    void aProbeIsAnsweredWithTheQueueLength() {
        FakePort port = FakePort.grid(1, 1, 4);
        RandBalancing rand = new RandBalancing();
        rand.attach(port);
        port.queueLength = 5;
        rand.noted(3, RandBalancing.PROBE, 0);
        assertEquals(List.of(new FakePort.Note(3, RandBalancing.LOAD, 5)), port.notes);
    }
}
