package satin.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.testing.Await;
import satin.codec.Allowlist;
import satin.codec.JobCodec;
import satin.codec.SharedCodec;
import satin.net.Message;
import satin.pool.SharedLog;

/**
 * One member's replicas, fed messages by hand: writes apply in sequence order whatever order they
 * come in, only the master orders, and what a peer names that this member does not know (a method
 * that is no write, a class the allowlist refuses, an object it has no replica of) changes nothing.
 */
class ReplicasTest {

    static Replicas member(RecordingPort port) {
        return member(port, new Requests("member-" + port.self(), port));
    }

    private static Replicas member(RecordingPort port, Requests requests) {
        Allowlist allow = new Allowlist(ReplicasTest.class.getClassLoader(), null);
        allow.allow(SharedLog.class);
        Replicas r = new Replicas("member-" + port.self(), requests, port);
        r.use(new JobCodec(allow, r));
        return r;
    }

    /** Member 2 with a window of {@code window} requests and a writer's wait limited to {@code limit}. */
    private Replicas windowed(int window, Duration limit) {
        return member(port, new Requests("member-2", port, window, limit));
    }

    private final RecordingPort masterPort = new RecordingPort(1);
    private final Replicas master = member(masterPort);
    private final RecordingPort port = new RecordingPort(2);
    private final Replicas replicas = member(port);
    private final SharedCodec calls = new SharedCodec(new JobCodec(new Allowlist(ReplicasTest.class.getClassLoader(), null)));

    /** A log on the master with one entry, and this member's replica of it from the master's state. */
    private SharedLog shared() {
        SharedLog log = new SharedLog();
        log.append(7);
        replicas.received(1, new Message.SharedState(master.state(log).bytes(), 0));
        return log;
    }

    /** Member 2's count of its requests. */
    private long requests;

    /** Member 2's next request to append {@code entry}. */
    private byte[] append(long entry) {
        return calls.writeCall("append(J)V", 2, ++requests, new Object[] {entry});
    }

    @Test
    void writesApplyInSequenceOrderWhateverOrderTheyComeIn() {
        long id = master.idOf(shared());
        SharedLog replica = (SharedLog) replicas.byId(id);
        assertEquals(List.of(7L), replica.entries());
        replicas.received(1, new Message.SharedWrite(id, 3, append(3)));
        assertEquals(0, replicas.applied(replica), "write 3 waits for 1 and 2");
        replicas.received(1, new Message.SharedWrite(id, 1, append(1)));
        replicas.received(1, new Message.SharedWrite(id, 1, append(100))); // a write it has: dropped
        replicas.received(1, new Message.SharedWrite(id, 2, append(2)));
        assertEquals(List.of(7L, 1L, 2L, 3L), replica.entries());
        assertEquals(3, replicas.applied(replica));
    }

    @Test
    void theMasterOrdersARequestSendsItToEveryOtherMemberAndAppliesIt() {
        SharedLog log = shared();
        long id = master.idOf(log);
        master.received(2, new Message.SharedWrite(id, 0, append(5)));
        assertEquals(List.of(7L, 5L), log.entries());
        assertEquals(2, masterPort.sent.size(), "to members 2 and 3");
        for (Message m : masterPort.sent) {
            assertEquals(1, ((Message.SharedWrite) m).sequence());
        }
    }

    @Test
    void onlyTheMasterOrdersWrites() {
        long id = master.idOf(shared());
        SharedLog replica = (SharedLog) replicas.byId(id);
        replicas.received(3, new Message.SharedWrite(id, 1, append(1))); // member 3 is not the master
        replicas.received(3, new Message.SharedWrite(id, 0, append(1))); // nor is this member
        assertEquals(List.of(7L), replica.entries());
        assertTrue(port.sent.isEmpty());
    }

    @Test
    void aMethodThatIsNoWriteIsRefusedByTheMasterAndSkippedByAReplica() {
        SharedLog log = shared();
        long id = master.idOf(log);
        byte[] clear = calls.writeCall("clear()V", 2, ++requests, new Object[0]);
        master.received(2, new Message.SharedWrite(id, 0, clear));
        assertTrue(masterPort.sent.isEmpty(), "not ordered");
        assertEquals(List.of(7L), log.entries());

        SharedLog replica = (SharedLog) replicas.byId(id);
        replicas.received(1, new Message.SharedWrite(id, 1, clear));
        assertEquals(List.of(7L), replica.entries(), "skipped, as on every replica");
        assertEquals(1, replicas.applied(replica), "its place in the order is taken");
        replicas.received(1, new Message.SharedWrite(id, 2, append(2)));
        assertEquals(List.of(7L, 2L), replica.entries());
    }

    @Test
    void anArgumentOfAClassTheAllowlistRefusesIsNotOrdered() {
        SharedLog log = shared();
        long id = master.idOf(log);
        Allowlist more = new Allowlist(ReplicasTest.class.getClassLoader(), null);
        more.allow(Unexpected.class);
        byte[] call = new SharedCodec(new JobCodec(more)).writeCall("append(J)V", 2, ++requests,
                new Object[] {new Unexpected()});
        master.received(2, new Message.SharedWrite(id, 0, call));
        assertTrue(masterPort.sent.isEmpty());
        assertThrows(Allowlist.NotAllowedException.class, () -> calls.readCall(call));
    }

    /** A class the sender allows and the members do not. */
    public static final class Unexpected {
        int value = 1;
    }

    @Test
    void theMasterOrdersTheWritesOfSoManyObjectsAtMost() {
        for (long id = 1; id <= Sequencer.MAX_OBJECTS; id++) {
            master.received(2, new Message.SharedWrite(id, 0, append(id)));
        }
        assertEquals(2 * Sequencer.MAX_OBJECTS, masterPort.sent.size());
        master.received(2, new Message.SharedWrite(Sequencer.MAX_OBJECTS + 1, 0, append(0)));
        assertEquals(2 * Sequencer.MAX_OBJECTS, masterPort.sent.size(), "one object too many: not ordered");
        master.received(2, new Message.SharedWrite(1, 0, append(1)));
        assertEquals(2 * Sequencer.MAX_OBJECTS + 2, masterPort.sent.size(), "an object it orders already: ordered");
    }

    @Test
    void writesOfAnObjectItHasNoReplicaOfCreateNothing() {
        for (int s = 1; s <= Replica.MAX_WAITING + 10; s++) {
            replicas.received(1, new Message.SharedWrite(999, s, append(s)));
        }
        assertNull(replicas.byId(999));
    }

    @Test
    void writesThatComeBeforeTheObjectAreAppliedWhenItsStateComesAndHeldNoLonger() {
        SharedLog log = new SharedLog();
        log.append(7);
        byte[] state = master.state(log).bytes();
        long id = master.idOf(log);
        replicas.received(1, new Message.SharedWrite(id, 2, append(2)));
        replicas.received(1, new Message.SharedWrite(id, 1, append(1)));
        assertEquals(2, replicas.heldEarly());
        replicas.received(1, new Message.SharedState(state, 0));
        assertEquals(List.of(7L, 1L, 2L), ((SharedLog) replicas.byId(id)).entries());
        assertEquals(0, replicas.heldEarly(), "nothing is held for it any more");
        replicas.received(1, new Message.SharedWrite(id, 3, append(3)));
        assertEquals(0, replicas.heldEarly());
        assertEquals(List.of(7L, 1L, 2L, 3L), ((SharedLog) replicas.byId(id)).entries());
    }

    /**
     * Found on review: a member admits classes as the records that name them arrive, so a write
     * whose argument is of a class no job had brought it yet was refused there and skipped, and the
     * replicas differed. A write's declared parameter types are allowed before its arguments are read.
     */
    @Test
    void aWriteWhoseArgumentsClassNoJobBroughtIsAppliedOnEveryReplica() {
        Positions positions = new Positions();
        replicas.received(1, new Message.SharedState(master.state(positions).bytes(), 0));
        long id = master.idOf(positions);
        Positions replica = (Positions) replicas.byId(id);
        replica.add(new Positions.Point(3, 4)); // member 2 writes: its request goes to the master
        master.received(2, port.sent.get(port.sent.size() - 1));
        assertEquals(List.of("(3, 4)"), positions.positions(), "ordered and applied on the master");
        replicas.received(1, masterPort.sent.stream().filter(m -> m instanceof Message.SharedWrite).findFirst()
                .orElseThrow());
        assertEquals(List.of("(3, 4)"), replica.positions(), "and on the member");
    }

    // ------------------------------------------------------------------ requests

    @Test
    void aRequestThatComesTwiceIsOrderedOnce() {
        SharedLog log = shared();
        long id = master.idOf(log);
        byte[] five = append(5);
        master.received(2, new Message.SharedWrite(id, 0, five));
        master.received(2, new Message.SharedWrite(id, 0, five)); // sent again after a link closed
        assertEquals(List.of(7L, 5L), log.entries());
    }

    @Test
    void aRequestAfterAMissingOneWaitsUntilTheMissingOneComesAgain() {
        SharedLog log = shared();
        long id = master.idOf(log);
        byte[] one = append(1);
        byte[] two = append(2);
        master.received(2, new Message.SharedWrite(id, 0, two)); // 1 was lost with a link
        assertEquals(List.of(7L), log.entries(), "not ordered before 1");
        master.received(2, new Message.SharedWrite(id, 0, one)); // the member sends both again, in order
        master.received(2, new Message.SharedWrite(id, 0, two));
        assertEquals(List.of(7L, 1L, 2L), log.entries());
    }

    @Test
    void aRequestInAnotherMembersNameIsRefused() {
        SharedLog log = shared();
        long id = master.idOf(log);
        master.received(3, new Message.SharedWrite(id, 0, append(5))); // member 3 sends member 2's request
        assertEquals(List.of(7L), log.entries());
        assertTrue(masterPort.sent.isEmpty());
    }

    @Test
    void aMemberSendsItsUnorderedRequestsAgainWhenALinkToTheMasterOpensAfterOneClosed() {
        SharedLog log = shared();
        long id = master.idOf(log);
        SharedLog replica = (SharedLog) replicas.byId(id);
        replica.append(1);
        replica.append(2);
        assertEquals(2, port.sent.size(), "two requests to the master");
        assertEquals(2, replicas.requestsWaiting());
        master.received(2, port.sent.get(0)); // the first arrives, the second is lost with the link
        replicas.received(1, masterPort.sent.get(0)); // the master's order of the first, to this member
        assertEquals(1, replicas.requestsWaiting(), "the first is confirmed by its order");
        port.sent.clear();
        replicas.linkOpened(1);
        assertTrue(port.sent.isEmpty(), "no link closed: nothing is sent again");
        replicas.linkLost(1);
        assertEquals(1, port.sent.size(), "the second, again");
        master.received(2, port.sent.get(0));
        assertEquals(List.of(7L, 1L, 2L), log.entries());
    }

    /** {@code member}'s replica of {@code log}, made from the master's state of it. */
    private SharedLog replicaOf(SharedLog log, Replicas member) {
        member.received(1, new Message.SharedState(master.state(log).bytes(), 0));
        return (SharedLog) member.byId(master.idOf(log));
    }

    /**
     * A writer past the window waits for the master's order of its earlier writes, and lets go of
     * the object meanwhile: the order of its first write is applied to that same object, under its
     * lock, while the third write waits (with the lock held, this test would hang).
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aWriterPastTheWindowWaitsForTheMastersOrderOfItsEarlierWrites() throws Exception {
        Replicas member = windowed(2, Duration.ofSeconds(30));
        SharedLog log = new SharedLog();
        log.append(7);
        SharedLog replica = replicaOf(log, member);
        replica.append(1);
        replica.append(2);
        CompletableFuture<Void> third = CompletableFuture.runAsync(() -> replica.append(3));
        Await.until(() -> member.requestsWaiting() == 2 && !third.isDone(), Duration.ofSeconds(5), () -> "the third write waiting");
        assertEquals(2, port.sent.size(), "two requests sent, the third held back");
        master.received(2, port.sent.get(0));
        member.received(1, masterPort.sent.get(0)); // the master's order of the first, applied under the replica's lock
        third.get(20, TimeUnit.SECONDS);
        assertEquals(3, port.sent.size(), "the third request left once the first was ordered");
        assertEquals(List.of(7L, 1L), replica.entries());
        master.received(2, port.sent.get(1));
        master.received(2, port.sent.get(2));
        assertEquals(List.of(7L, 1L, 2L, 3L), log.entries(), "all three ordered, in the order they were written");
    }

    /** Member 2 writes 1 and 2 to its replica of {@code log}, and the master orders both; their orders go nowhere yet. */
    private SharedLog twoWritesOrdered(SharedLog log, Replicas member) {
        SharedLog replica = replicaOf(log, member);
        replica.append(1);
        replica.append(2);
        master.received(2, port.sent.get(0));
        master.received(2, port.sent.get(1));
        return replica;
    }

    /** What the master sends member 2 once its link to it closed: every state again, and the writes after them. */
    private List<Message> givenAgain() {
        int before = masterPort.sent.size();
        master.linkLost(2);
        return List.copyOf(masterPort.sent.subList(before, masterPort.sent.size()));
    }

    /**
     * Requests sent before a link to the master closed are in doubt: the master may have ordered
     * them and its orders been lost with the link, and then only a later request's order confirms
     * them, for the master drops a request it has when it comes again. A writer does not wait for them.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void requestsInDoubtAfterALinkClosedDoNotHoldTheWriter() throws Exception {
        Replicas member = windowed(2, Duration.ofSeconds(30));
        SharedLog log = new SharedLog();
        SharedLog replica = twoWritesOrdered(log, member); // their orders are lost with the link
        member.linkLost(1);
        CompletableFuture.runAsync(() -> replica.append(3)).get(10, TimeUnit.SECONDS);
        assertEquals(5, port.sent.size(), "two requests, both again after the link closed, and the third");
        master.received(2, port.sent.get(2));
        master.received(2, port.sent.get(3)); // the master had them: nothing comes back for them
        assertEquals(3, member.requestsWaiting());
        givenAgain().forEach(m -> member.received(1, m)); // the master's link closed too, settling the first two
        assertEquals(1, member.requestsWaiting(), "the third is not settled yet");
        master.received(2, port.sent.get(4));
        assertEquals(List.of(1L, 2L, 3L), log.entries());
        member.received(1, masterPort.sent.get(masterPort.sent.size() - 1)); // the third's order, to this member
        assertEquals(0, member.requestsWaiting(), "the third's order confirms it");
    }

    /**
     * The master's link to a member closed with the orders of the member's requests in it: the
     * states the master gives again say which of the member's requests it took, and its writer
     * waits no longer. Before, only the order of a later request confirmed them, and the window
     * held that request back: in the full build a member whose own link stayed up got no order
     * back for 60 s while the master's links closed five times.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void theStatesGivenAgainAfterTheMastersLinkClosedSettleTheRequestsWhoseOrdersItLost() throws Exception {
        Replicas member = windowed(2, Duration.ofSeconds(30));
        SharedLog replica = twoWritesOrdered(new SharedLog(), member);
        List<Message> given = givenAgain();
        assertTrue(given.stream().anyMatch(m -> m instanceof Message.SharedState s && s.settledUpTo() == 2),
                "the state given again says the master took the member's requests up to 2: " + given);
        given.forEach(m -> member.received(1, m));
        assertEquals(0, member.requestsWaiting(), "both settled by the state");
        assertEquals(List.of(1L, 2L), replica.entries(), "and the state holds them");
        CompletableFuture.runAsync(() -> replica.append(3)).get(10, TimeUnit.SECONDS);
        assertEquals(3, port.sent.size(), "the third write went at once");
        assertEquals(0, member.writeStalls());
    }

    /** The window holds no one while nothing comes back: a writer goes on after the stall, as before there was one. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aWriterThatTheMasterDoesNotAnswerGoesOnAfterTheStall() throws Exception {
        Replicas member = windowed(1, Duration.ofMillis(300));
        SharedLog replica = replicaOf(new SharedLog(), member);
        replica.append(1);
        long start = System.nanoTime();
        replica.append(2);
        long waited = (System.nanoTime() - start) / 1_000_000;
        assertEquals(2, port.sent.size(), "the second write was sent once the stall was over");
        assertTrue(waited >= 300, "it waited out the stall first: " + waited + " ms");
        assertEquals(1, member.writeStalls(), "the stall is counted");
    }

    /** Every message {@code from} sent since {@code first}, delivered to {@code to} as from {@code from}, in order. */
    private static void deliver(RecordingPort from, int first, Replicas to) {
        List.copyOf(from.sent.subList(first, from.sent.size())).forEach(m -> to.received(from.self(), m));
    }

    /** Member 3, which member 1's death makes the master. */
    private final RecordingPort port3 = new RecordingPort(3);
    private final Replicas member3 = member(port3);

    /** Members 2's and 3's replicas of a log of master 1's. */
    private SharedLog on2;
    private SharedLog on3;

    /** A log on master 1 with these entries, and members 2 and 3, following it, each with a replica of it. */
    private void onMembers2And3(long... entries) {
        SharedLog log = new SharedLog();
        for (long e : entries) {
            log.append(e);
        }
        List.of(replicas, member3).forEach(Replicas::membersChanged);
        on2 = replicaOf(log, replicas);
        on3 = replicaOf(log, member3);
    }

    /** Members 2 and 3 hear that member 1 died and member 3 is the master now. */
    private void elect3() {
        for (RecordingPort p : List.of(port, port3)) {
            p.master = 3;
            p.members = List.of(2, 3);
        }
        replicas.membersChanged();
        member3.membersChanged();
    }

    /**
     * After an election the new master had ordered none of a member's requests. Before, member 3,
     * elected, took member 2's next request (its third) for one that came after two it had missed
     * and held it for ever: no write of member 2's was ordered again in the run. And it numbered
     * the object's writes from 1 again, so that every replica dropped them as writes it held.
     */
    @Test
    void afterAnElectionTheNewMasterOrdersAMembersWritesAndTheNumbersGoOn() {
        onMembers2And3(7);
        on2.append(1);
        on2.append(2);
        port.sent.forEach(m -> master.received(2, m));
        deliver(masterPort, 0, replicas);
        deliver(masterPort, 0, member3);
        on2.append(3); // lost: member 1 dies before it orders it
        int before = port.sent.size();
        elect3();
        assertTrue(port.sent.subList(before, port.sent.size()).stream().anyMatch(m -> m instanceof Message.SharedWrite),
                "member 2 sends its unordered request to the new master: " + port.sent);
        deliver(port, before, member3); // its handover, then the request
        on2.append(4);
        deliver(port, port.sent.size() - 1, member3);
        on3.append(5); // the new master's own write
        assertEquals(List.of(7L, 1L, 2L, 3L, 4L, 5L), on3.entries());
        deliver(port3, 0, replicas);
        assertEquals(on3.entries(), on2.entries(), "member 2 applies the new master's writes 3, 4 and 5");
        assertEquals(0, replicas.requestsWaiting(), "its requests are confirmed");
    }

    /** A member elected orders its own requests that the old master had not ordered, in their order. */
    @Test
    void aMemberElectedOrdersItsOwnUnorderedRequests() {
        onMembers2And3();
        on3.append(1);
        on3.append(2); // both lost with member 1
        assertEquals(2, member3.requestsWaiting());
        int before = port.sent.size();
        elect3();
        assertEquals(List.of(), on3.entries(), "held until member 2 handed its replicas over");
        deliver(port, before, member3);
        assertEquals(List.of(1L, 2L), on3.entries(), "ordered by member 3 itself");
        assertEquals(0, member3.requestsWaiting());
        deliver(port3, 0, replicas);
        assertEquals(List.of(1L, 2L), on2.entries());
    }

    /**
     * The old master died between sending a write to member 2 and sending it to member 3, twice:
     * member 3, elected, takes member 2's longer replica, so that its numbers go on after both
     * writes, and does not order again its own request whose order it never got.
     */
    @Test
    void theNewMasterTakesTheLongestReplicaAndOrdersNoRequestTwice() {
        onMembers2And3(7);
        on3.append(1);
        master.received(3, port3.sent.get(port3.sent.size() - 1));
        on2.append(2);
        master.received(2, port.sent.get(port.sent.size() - 1));
        masterPort.sent.stream().filter(m -> m instanceof Message.SharedWrite).forEach(m -> replicas.received(1, m));
        assertEquals(List.of(7L, 1L, 2L), on2.entries(), "member 2 got both orders");
        assertEquals(List.of(7L), on3.entries(), "member 3 got neither");
        int before = port.sent.size();
        elect3();
        deliver(port, before, member3);
        assertEquals(List.of(7L, 1L, 2L), on3.entries(), "member 2's replica, taken; member 3's own write once");
        on3.append(5);
        deliver(port3, 0, replicas);
        assertEquals(List.of(7L, 1L, 2L, 5L), on2.entries());
        assertEquals(on2.entries(), on3.entries());
        assertEquals(0, member3.requestsWaiting());
    }

    /** A handover's end that is no list of requests is refused whole; a good one is read back as written. */
    @Test
    void theEndOfAHandoverIsReadBackOrRefused() {
        Map<Integer, Long> applied = Map.of(2, 17L, 3, 1L << 40);
        assertEquals(applied, Handover.decode(Handover.encode(applied)));
        assertEquals(null, Handover.decode(new byte[13]), "not a whole number of entries");
        byte[] negative = Handover.encode(Map.of(2, -1L));
        assertEquals(null, Handover.decode(negative));
        assertEquals(null, Handover.decode(new byte[12 * (Handover.MAX_MEMBERS + 1)]), "too many members");
    }
}
