package satin.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import satin.codec.Allowlist;
import satin.codec.JobCodec;
import satin.codec.SharedCodec;
import satin.net.Message;
import satin.pool.SharedLog;
import satin.testing.Seeds;
import satin.testing.UntrustedInput;

/**
 * Fuzz targets for shared objects' messages, read as a member reads them once the message decoder
 * has framed them: a write's call as a replica applies it and as the master checks and orders it,
 * and an object's state as a joining member takes it. {@link Replicas#received} refuses with a
 * word in the log and never throws, whatever the bytes: a throwable out of it would reach the
 * event loop. What the replica applies, the master applies too, to the same effect.
 */
@Tag("fuzz")
class SharedFuzzTest {

    /** Two members' tables and a log per member; a message's objects grow with its bytes. */
    private static final UntrustedInput.Bound BOUND = new UntrustedInput.Bound(16 << 20, 256);
    private static final SharedCodec CALLS = new SharedCodec(new JobCodec(new Allowlist(
            SharedFuzzTest.class.getClassLoader(), null)));

    /** The master (member 1) with a log holding 7, and member 2 with its replica of it. */
    private static final class Pair {
        final RecordingPort masterPort = new RecordingPort(1);
        final Replicas master = ReplicasTest.member(masterPort);
        final Replicas member = ReplicasTest.member(new RecordingPort(2));
        final SharedLog log = new SharedLog();
        final long id;
        final SharedLog replica;

        Pair() {
            log.append(7);
            member.received(1, new Message.SharedState(master.state(log).bytes(), 0));
            id = master.idOf(log);
            replica = (SharedLog) member.byId(id);
        }
    }

    @FuzzTest
    void write(byte[] call) throws Throwable {
        UntrustedInput.read(call.length, BOUND, () -> {
            Pair p = new Pair();
            p.member.received(1, new Message.SharedWrite(p.id, 1, call));
            p.master.received(2, new Message.SharedWrite(p.id, 0, call));
            if (!p.masterPort.sent.isEmpty()) {
                assertEquals(p.log.entries(), p.replica.entries(), "a write the master orders does on a replica what it did on the master");
            }
            assertTrue(p.replica.entries().size() <= 2, "one write appends one entry at most");
            return null;
        });
    }

    @FuzzTest
    void state(byte[] state) throws Throwable {
        UntrustedInput.read(state.length, BOUND, () -> {
            Replicas member = ReplicasTest.member(new RecordingPort(2));
            member.received(1, new Message.SharedState(state, 0));
            return null;
        });
    }

    /**
     * Member 3, elected after member 1 died, waits for member 2's handover: the bytes come as a
     * replica's state and as the handover's end. Whatever they are, the wait ends, and the new
     * master then orders a write of its own at once (it would be held for ever otherwise).
     */
    @FuzzTest
    void handover(byte[] bytes) throws Throwable {
        UntrustedInput.read(bytes.length, BOUND, () -> {
            RecordingPort port = new RecordingPort(3);
            Replicas elected = ReplicasTest.member(port);
            elected.membersChanged();
            Replicas master = ReplicasTest.member(new RecordingPort(1));
            SharedLog log = new SharedLog();
            elected.received(1, new Message.SharedState(master.state(log).bytes(), 0));
            SharedLog replica = (SharedLog) elected.byId(master.idOf(log));
            port.master = 3;
            port.members = List.of(2, 3);
            elected.membersChanged();
            elected.received(2, new Message.SharedState(bytes, Handover.STATE));
            elected.received(2, new Message.SharedState(bytes, Handover.END));
            int before = replica.entries().size();
            replica.append(99);
            assertEquals(before + 1, replica.entries().size(), "the elected master orders its own write at once");
            return null;
        });
    }

    /** The seeds: the calls and states a master writes. */
    @Test
    void theSeedsAreWhatTheMasterWrites() throws Exception {
        Map<String, byte[]> writes = new LinkedHashMap<>();
        writes.put("append", CALLS.writeCall("append(J)V", 2, 1, new Object[] {42L}));
        writes.put("append-negative", CALLS.writeCall("append(J)V", 2, 1, new Object[] {Long.MIN_VALUE}));
        writes.put("not-a-write", CALLS.writeCall("clear()V", 2, 1, new Object[0]));
        writes.put("argument-of-another-type", CALLS.writeCall("append(J)V", 2, 1, new Object[] {List.of(1, 2)}));
        writes.put("another-members", CALLS.writeCall("append(J)V", 3, 1, new Object[] {3L}));
        writes.put("two-arguments", CALLS.writeCall("append(J)V", 2, 1, new Object[] {1L, "two"}));
        Map<String, byte[]> states = new LinkedHashMap<>();
        Replicas master = ReplicasTest.member(new RecordingPort(1));
        for (int n : new int[] {0, 1, 100}) {
            SharedLog log = new SharedLog();
            for (long e = 0; e < n; e++) {
                log.append(e * 31);
            }
            states.put("log-of-" + n, master.state(log).bytes());
        }
        Seeds.check(SharedFuzzTest.class, "write", writes);
        Seeds.check(SharedFuzzTest.class, "state", states);
        Map<String, byte[]> handovers = new LinkedHashMap<>(states);
        handovers.put("end-of-none", Handover.encode(Map.of()));
        handovers.put("end-of-two", Handover.encode(new java.util.TreeMap<>(Map.of(2, 5L, 3, 1L))));
        Seeds.check(SharedFuzzTest.class, "handover", handovers);
    }
}
