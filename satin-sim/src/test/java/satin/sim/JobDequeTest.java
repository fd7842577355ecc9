package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JobDequeTest {

    private static void push(JobDeque d, long job) {
        d.push(new long[] {job}, 0, 0);
    }

    private static long at(JobDeque d, int slot) {
        return d.jobs()[slot];
    }

    @Test
    void thievesTakeTheOldestAndOnlyWhatIsOffered() {
        JobDeque d = new JobDeque(1, 1);
        push(d, 10);
        push(d, 11);
        push(d, 12);
        assertEquals(1, d.publicSize()); // the oldest, published by the first push
        int s = d.steal();
        assertEquals(10, at(d, s));
        assertEquals(-1, d.steal()); // nothing offered until the owner pushes or pops again
        assertEquals(12, at(d, d.pop()));
        assertEquals(1, d.publicSize()); // the pop published the oldest private job
        assertEquals(11, at(d, d.steal()));
    }

    @Test
    void aPopThatFindsTheNewestStolenFailsAndTheSyncResets() {
        JobDeque d = new JobDeque(1, 1);
        push(d, 1);
        push(d, 2);
        assertEquals(2, at(d, d.pop()));
        assertEquals(1, at(d, d.steal()));
        assertEquals(-1, d.pop());
        assertEquals(0, d.size());
        d.resetTo(0);
        assertEquals(0, d.head());
    }

    @Test
    void theOwnerTakesBackAPublicJobNobodyStole() {
        JobDeque d = new JobDeque(1, 1);
        push(d, 5);
        assertEquals(1, d.publicSize());
        assertEquals(5, at(d, d.pop()));
        assertEquals(0, d.size());
        assertEquals(-1, d.steal());
    }

    @Test
    void moreJobsOfferedWhenAsked() {
        JobDeque d = new JobDeque(1, 4);
        for (int i = 0; i < 6; i++) {
            push(d, i);
        }
        assertEquals(4, d.publicSize());
        assertEquals(6, d.size());
    }

    @Test
    void aResetWithJobsNotStolenIsRefused() {
        JobDeque d = new JobDeque(1, 1);
        push(d, 1);
        push(d, 2);
        assertThrows(IllegalStateException.class, () -> d.resetTo(0));
        assertTrue(d.size() == 2);
    }
}
