package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    @Test
    void eventsComeOutByTimeAndAtOneTimeInTheOrderTheyWereScheduled() {
        EventQueue q = new EventQueue();
        q.add(30, EventQueue.TICK, 1, 0);
        q.add(10, EventQueue.STEP, 2, 0);
        q.add(30, EventQueue.POLL, 3, 7);
        q.add(20, EventQueue.ARRIVE, 4, 0);
        q.add(30, EventQueue.STEP, 5, 0);
        int[] subjects = new int[5];
        long[] times = new long[5];
        for (int i = 0; i < 5; i++) {
            q.pop();
            subjects[i] = q.subject();
            times[i] = q.time();
        }
        assertEquals("[2, 4, 1, 3, 5]", java.util.Arrays.toString(subjects));
        assertEquals("[10, 20, 30, 30, 30]", java.util.Arrays.toString(times));
        assertTrue(q.isEmpty());
    }

    @Test
    void manyEventsInterleavedWithPopsStayOrdered() {
        EventQueue q = new EventQueue();
        SplittableRandom r = new SplittableRandom(3);
        long last = Long.MIN_VALUE;
        long lastOrder = -1;
        int popped = 0;
        for (int i = 0; i < 100_000; i++) {
            long t = Math.max(last, 0) + r.nextInt(1000);
            q.add(t, EventQueue.STEP, i, t);
            if (r.nextInt(3) == 0) {
                q.pop();
                popped++;
                assertTrue(q.time() > last || (q.time() == last && q.subject() > lastOrder), "out of order at " + i);
                assertEquals(q.time(), q.detail());
                last = q.time();
                lastOrder = q.subject();
            }
        }
        assertEquals(100_000 - popped, q.size());
    }
}
