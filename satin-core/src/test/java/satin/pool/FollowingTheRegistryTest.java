package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.lb.RandomStealing;
import satin.net.Liveness;
import satin.net.Message;
import satin.net.PoolIdentity;
import satin.registry.Registry;
import satin.registry.Silences;
import satin.runtime.NodeConfig;

/**
 * A node of a pool whose registry moved, following it: whatever the registry it finds, or does not
 * find, the node ends its part of the run or keeps the run going; it never waits for ever.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FollowingTheRegistryTest {

    private static final String SECRET = "s3cret";
    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final String ALLOW = Allowlist.forProgram().agreed();

    private final String pool = "following-" + RUNS.incrementAndGet();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() {
        List<AutoCloseable> lastFirst = new ArrayList<>(open);
        java.util.Collections.reverse(lastFirst);
        Faults.closeAll(lastFirst);
    }

    /** The registry the run began with, a master (a connection the test speaks on) and a node that follows. */
    private Registry first() throws InterruptedException {
        Registry r = Registry.start(PoolNode.transport(), pool, SECRET, "local://" + pool + "/registry");
        open.add(r::close);
        return r;
    }

    private Faults.Peer member(String registry, String name, int previousId, boolean wantsMaster) throws Exception {
        Faults.Peer p = Faults.Peer.connect(new PoolIdentity(pool, name, "c", "local://" + pool + "/" + name, SECRET),
                registry, Liveness.Settings.DEFAULT);
        open.add(p::close);
        p.send(new Message.Join(name, "c", "local://" + pool + "/" + name, wantsMaster, ALLOW, previousId));
        p.next(Message.Members.class, 10);
        return p;
    }

    /**
     * The follower's failure timeout is how long it tries to reach a moved registry; it is well
     * above the first registry's heartbeat interval (1 s), so that the follower does not lose that
     * registry by itself, and move it, before the test moves it.
     */
    private PoolNode follower(Registry registry, long failureTimeoutMillis) throws InterruptedException {
        PoolNode p = PoolNode.join(PoolConfig.of(pool, SECRET, "follower", "c", "local://" + pool + "/follower",
                registry.address(), false).withFailureTimeout(failureTimeoutMillis), NodeConfig.defaults(), new RandomStealing(),
                Allowlist.forProgram());
        open.add(p);
        return p;
    }

    /**
     * The master followed the moved registry and ended the run, and that registry's window for
     * coming back closed, before this node came: it is no member there any more, and is told the
     * run is over. That is the end of a run that went well, not a lost one (its process exited 1
     * with "the run is lost: the run is over").
     */
    @Test
    void aNodeThatComesBackAfterTheRunEndedWithoutItEndsAsARunThatWentWell() throws Exception {
        Registry first = first();
        member(first.address(), "master", -1, true);
        PoolNode follower = follower(first, 20_000); // it waits out the moved registry's window
        Registry moved = Registry.resume(PoolNode.transport(), pool, SECRET, "local://" + pool + "/moved",
                Liveness.Settings.DEFAULT, follower.members(), 1, Set.of(), ALLOW, TimeUnit.SECONDS.toNanos(3),
                Silences.NONE);
        open.add(moved::close);
        Faults.Peer master = member(moved.address(), "master", 1, true);
        master.send(new Message.Stop());
        master.next(Message.Stop.class, 10);
        assertEquals(new Message.MemberGone(follower.id(), false), master.next(Message.MemberGone.class, 10),
                "the window closed without the follower");
        follower.failover().registryMoved(new Message.RegistryMoved(1, moved.address()));
        first.close(); // the follower loses the first registry only now, and follows the move
        assertTrue(follower.awaitStop(10, TimeUnit.SECONDS), "the follower hears that the run is over");
        assertNull(follower.lostReason(), "the run went well");
    }

    /**
     * The member that said it keeps the registry cannot be reached (its process died just after
     * it said so): the node must not wait for ever for it, but, after trying for a failure
     * timeout, move the registry again; here, as the lowest member other than the master, it
     * keeps it itself.
     */
    @Test
    void aNodeThatCannotReachTheMovedRegistryMovesItAgain() throws Exception {
        Registry first = first();
        member(first.address(), "master", -1, true);
        PoolNode follower = follower(first, 4_000);
        member(first.address(), "keeper", -1, false);
        Faults.await("the follower hears of the keeper", 10, () -> follower.members().size() == 3);
        follower.failover().registryMoved(new Message.RegistryMoved(3, "local://" + pool + "/nowhere"));
        first.close();
        Faults.await("the follower keeps the registry itself", 20, () -> follower.hostedRegistry() != null);
    }

    /**
     * The member that keeps the registry could not reach another when it took it over (here its
     * address does not listen yet; in a full build, the master's process had just run again after
     * a stop, and the link to it timed out as the move was said): it says the move again until the
     * member comes back. Said once, the word was lost, and the live master, declared dead, ended
     * the run beside a new master that ran main again (CompoundFailuresSystemTest, twice in a day).
     */
    @Test
    void theKeeperSaysTheMoveAgainToAMemberItCouldNotReachAtFirst() throws Exception {
        Registry first = first();
        member(first.address(), "master", -1, true);
        PoolNode keeper = follower(first, 8_000);
        Faults.FakeMember late = Faults.FakeMember.join(pool, SECRET, "c", first.address(), "late",
                "local://" + pool + "/late", Liveness.Settings.DEFAULT);
        open.add(late);
        Faults.await("the keeper hears of the late member", 10, () -> keeper.members().size() == 3);
        first.close(); // the keeper, the lowest member other than the master, takes the registry over at once
        Faults.await("the keeper keeps the registry", 10, () -> keeper.hostedRegistry() != null);
        java.util.concurrent.BlockingQueue<Message> heard = new java.util.concurrent.LinkedBlockingQueue<>();
        late.listen(Liveness.Settings.DEFAULT, (c, m) -> {
            if (m instanceof Message.RegistryMoved) {
                heard.add(m);
            }
        });
        Message moved = heard.poll(6, TimeUnit.SECONDS);
        assertEquals(new Message.RegistryMoved(keeper.id(), keeper.hostedRegistry().address()), moved,
                "the late member hears where the registry is, within the window for coming back");
    }

    /** The same when the keeper's address answers but does not admit the node (the handshake fails). */
    @Test
    void aNodeThatTheMovedRegistryDoesNotAdmitMovesItAgain() throws Exception {
        Registry first = first();
        member(first.address(), "master", -1, true);
        PoolNode follower = follower(first, 4_000);
        member(first.address(), "keeper", -1, false);
        Faults.await("the follower hears of the keeper", 10, () -> follower.members().size() == 3);
        Registry stranger = Registry.start(PoolNode.transport(), pool, "another secret", "local://" + pool + "/stranger");
        open.add(stranger::close);
        follower.failover().registryMoved(new Message.RegistryMoved(3, stranger.address()));
        first.close();
        Faults.await("the follower keeps the registry itself", 20, () -> follower.hostedRegistry() != null);
    }

    /**
     * The master's main returns while its registry moves (its process was stopped until a member
     * gave the registry up, and its result was ready when it ran again): its stop must reach the
     * registry it joins again. It was dropped, the master waited 30 s for statistics and left, and
     * the moved registry made another member master, which ran main again and printed a second
     * result (CompoundFailuresSystemTest, one full build in seven).
     */
    @Test
    void aMasterWhoseMainEndsWhileItsRegistryMovesStopsTheRunThere() throws Exception {
        Registry first = first();
        PoolNode master = PoolNode.join(PoolConfig.of(pool, SECRET, "master", "c", "local://" + pool + "/master",
                first.address(), true).withFailureTimeout(20_000), NodeConfig.defaults(), new RandomStealing(),
                Allowlist.forProgram());
        open.add(master);
        member(first.address(), "a", -1, false);
        Faults.await("the master hears of a", 10, () -> master.members().size() == 2);
        try (satin.net.LogCapture log = satin.net.LogCapture.of("satin.pool")) {
            first.close(); // the master loses its registry; the pool moves it (not for 10 s, by the master itself)
            log.await("node master lost the registry", 10);
        }
        master.endRun();
        Registry moved = Registry.resume(PoolNode.transport(), pool, SECRET, "local://" + pool + "/moved",
                Liveness.Settings.DEFAULT, master.members(), 1, Set.of(), ALLOW, TimeUnit.SECONDS.toNanos(20),
                Silences.NONE);
        open.add(moved::close);
        Faults.Peer a = member(moved.address(), "a", 2, false);
        master.failover().registryMoved(new Message.RegistryMoved(2, moved.address()));
        a.next(Message.Stop.class, 10);
        assertTrue(master.awaitStop(10, TimeUnit.SECONDS), "the master hears its own stop");
        assertNull(master.lostReason(), "the run went well");
    }
}
