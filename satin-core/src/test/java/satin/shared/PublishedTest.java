package satin.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.Published;
import satin.Rewritten;
import satin.SharedObject;
import satin.codec.Allowlist;
import satin.codec.JobCodec;
import satin.net.Message;
import satin.runtime.InvocationRecord;

/**
 * A {@link Published} object the master exported travels in jobs as its id alone, and the master
 * sends its state to every member; one of another class, or exported elsewhere, travels with its
 * state. A member that gets a job before the state uses a fresh replica until the state comes.
 */
class PublishedTest {

    /** A round's data, large. */
    @Published
    public static final class Vector extends SharedObject {
        long[] values;
        int round;
    }

    /** The same data in an object that is not published. */
    public static final class Carried extends SharedObject {
        long[] values;
    }

    @Rewritten("by hand, for the test")
    public static class Job$$Spawn0 extends InvocationRecord {
        public Object p0;

        @Override
        protected void invoke() {
        }
    }

    private static final int VALUES = 100_000;

    private final RecordingPort masterPort = new RecordingPort(1);
    private final Replicas master = member(masterPort);
    private final RecordingPort memberPort = new RecordingPort(2);
    private final Replicas member = member(memberPort);

    private JobCodec masterCodec;
    private JobCodec memberCodec;

    private Replicas member(RecordingPort port) {
        // nothing allowed by hand, as in a pool: records by the rewriter's mark, shared classes as such
        Allowlist allow = new Allowlist(PublishedTest.class.getClassLoader(), null);
        Replicas r = new Replicas("member-" + port.self(), port);
        JobCodec codec = new JobCodec(allow, r);
        r.use(codec);
        if (port.self() == 1) {
            masterCodec = codec;
        } else {
            memberCodec = codec;
        }
        return r;
    }

    private static Job$$Spawn0 job(Object p0) {
        Job$$Spawn0 j = new Job$$Spawn0();
        j.p0 = p0;
        return j;
    }

    private static Vector vector() {
        Vector v = new Vector();
        v.values = new long[VALUES];
        v.values[VALUES - 1] = 42;
        v.round = 3;
        return v;
    }

    @Test
    void aPublishedObjectTravelsAsItsIdAndTheMasterSendsEveryMemberItsState() {
        Vector v = vector();
        byte[] bytes = masterCodec.writeJob(job(v));
        assertTrue(bytes.length < 200, "the job holds no state: " + bytes.length + " bytes");
        List<Message> states = masterPort.sent.stream().filter(m -> m instanceof Message.SharedState).toList();
        assertEquals(2, states.size(), "its state to members 2 and 3");

        Vector replica = (Vector) ((Job$$Spawn0) memberCodec.readJob(bytes)).p0;
        assertNull(replica.values, "before the state comes: a fresh object, which a guard waits on");
        assertEquals(-1, member.applied(replica));
        member.received(1, states.get(0));
        assertEquals(42, replica.values[VALUES - 1]);
        assertEquals(3, replica.round);
        Vector again = (Vector) ((Job$$Spawn0) memberCodec.readJob(masterCodec.writeJob(job(v)))).p0;
        assertSame(replica, again, "one replica of the object per member");
        assertEquals(2, masterPort.sent.size(), "published once, not with every job");
    }

    @Test
    void anObjectThatIsNotPublishedTravelsWithItsState() {
        Carried c = new Carried();
        c.values = new long[VALUES];
        assertTrue(masterCodec.writeJob(job(c)).length > VALUES, "its state travels");
        assertTrue(masterPort.sent.isEmpty());
    }

    @Test
    void aPublishedObjectMadeElsewhereThanOnTheMasterTravelsWithItsState() {
        Vector v = vector();
        byte[] bytes = memberCodec.writeJob(job(v));
        assertTrue(bytes.length > VALUES, "the master has no state of it to send: it travels");
        assertTrue(memberPort.sent.isEmpty());
        Vector replica = (Vector) ((Job$$Spawn0) masterCodec.readJob(bytes)).p0;
        assertEquals(42, replica.values[VALUES - 1]);
    }

    /**
     * Found on review: the master's state of a published object can reach a member before any job
     * that holds one, and the member's allowlist, which admits classes as the records that name
     * them arrive, refused it; the job's guard then waited out its time limit.
     */
    @Test
    void aStateThatComesBeforeAnyJobIsTakenThoughNoJobNamedItsClassYet() {
        Vector v = vector();
        byte[] job = masterCodec.writeJob(job(v)); // exports it: the master sends every member its state
        member.received(1, masterPort.sent.get(0)); // the state first
        long id = master.idOf(v);
        Vector replica = (Vector) member.byId(id);
        assertEquals(42, replica.values[VALUES - 1], "the state is taken");
        assertSame(replica, ((Job$$Spawn0) memberCodec.readJob(job)).p0, "and the job that comes after uses it");
    }
}
