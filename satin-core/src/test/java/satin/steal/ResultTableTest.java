package satin.steal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.runtime.Lineage;

class ResultTableTest {

    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    @Test
    void onlyWhatCameBackForAbandonedWorkIsSavedAndThenFoundByTheJobsBytes() {
        ResultTable table = new ResultTable();
        Lineage abandoned = new Lineage();
        Lineage reported = new Lineage();
        table.cameBack(abandoned, bytes(1, 2, 3), bytes(42));
        table.cameBack(abandoned, bytes(1, 2, 4), bytes(43));
        table.cameBack(reported, bytes(7), bytes(44));
        table.done(reported);

        List<ResultTable.Known> saved = table.save(abandoned);

        assertEquals(2, saved.size());
        assertEquals(2, table.size());
        assertArrayEquals(bytes(42), table.lookup(bytes(1, 2, 3)));
        assertArrayEquals(bytes(43), table.lookup(bytes(1, 2, 4)));
        assertNull(table.lookup(bytes(7)), "work that reported back leaves nothing behind");
        assertNull(table.lookup(bytes(1, 2)), "a job is known by all of its bytes");
        assertTrue(table.save(abandoned).isEmpty(), "saved once");
    }

    @Test
    void aResultKnownAlreadyIsNotNewAndNotSharedAgain() {
        ResultTable table = new ResultTable();
        Lineage first = new Lineage();
        Lineage second = new Lineage();
        table.cameBack(first, bytes(5), bytes(1));
        table.cameBack(second, bytes(5), bytes(1));
        assertEquals(1, table.save(first).size());
        assertTrue(table.save(second).isEmpty());
        assertEquals(1, table.size());
    }

    @Test
    void aResultAnotherMemberSavedIsFoundHereUnderTheSameDigest() {
        ResultTable here = new ResultTable();
        ResultTable there = new ResultTable();
        Lineage work = new Lineage();
        there.cameBack(work, bytes(9, 9), bytes(3));
        ResultTable.Known k = there.save(work).get(0);
        ResultTable.Key sent = ResultTable.Key.read(k.key().bytes());
        assertTrue(here.learn(new ResultTable.Known(sent, k.result())));
        assertArrayEquals(bytes(3), here.lookup(bytes(9, 9)));
    }

    @Test
    void aKeyOfAnyOtherLengthThanADigestIsNotOne() {
        assertNull(ResultTable.Key.read(new byte[31]));
        assertNull(ResultTable.Key.read(null));
        assertEquals(ResultTable.Key.of(bytes(1)), ResultTable.Key.read(ResultTable.Key.of(bytes(1)).bytes()));
    }

    @Test
    void aFullTableForgetsItsOldestResultsAndRemembersNoMoreThanItsCapacity() {
        ResultTable table = new ResultTable(10);
        Lineage work = new Lineage();
        table.cameBack(work, bytes(1), new byte[4]);
        table.cameBack(work, bytes(2), new byte[4]);
        table.cameBack(work, bytes(3), new byte[4]); // 15 bytes with the jobs: past the capacity, not remembered
        assertEquals(2, table.save(work).size());
        assertTrue(table.learn(new ResultTable.Known(ResultTable.Key.of(bytes(4)), new byte[4])));
        assertNull(table.lookup(bytes(1)), "the oldest went to make room");
        assertEquals(2, table.size());
        assertFalse(table.learn(new ResultTable.Known(ResultTable.Key.of(bytes(5)), new byte[11])), "larger than the table");
    }

    @Test
    void forgottenWorkFreesItsRoom() {
        ResultTable table = new ResultTable(10);
        Lineage a = new Lineage();
        Lineage b = new Lineage();
        table.cameBack(a, bytes(1), new byte[8]);
        table.done(a);
        table.cameBack(b, bytes(2), new byte[8]);
        assertEquals(1, table.save(b).size());
    }

    @Test
    void resultsSentToAnOwnerAreKeptForAWhileAndSavedIfItDies() {
        ResultTable table = new ResultTable();
        table.sent("b", bytes(1), bytes(10), 0, 120);
        table.sent("b", bytes(2), bytes(20), 50, 120);
        table.sent("b", bytes(3), bytes(30), 160, 120); // the first is older than the window by now
        table.sent("c", bytes(4), bytes(40), 160, 120);
        table.forgetSent("c");

        assertEquals(2, table.saveSent("b").size());
        assertNull(table.lookup(bytes(1)), "sent long before: the owner read it");
        assertArrayEquals(bytes(20), table.lookup(bytes(2)));
        assertArrayEquals(bytes(30), table.lookup(bytes(3)));
        assertNull(table.lookup(bytes(4)), "an owner that left in good order read what it was sent");
        assertTrue(table.saveSent("c").isEmpty());
    }
}
