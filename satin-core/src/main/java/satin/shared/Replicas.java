package satin.shared;

import java.lang.System.Logger.Level;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import satin.Published;
import satin.SharedObject;
import satin.codec.JobCodec;
import satin.codec.SharedCodec;
import satin.codec.SharedTable;
import satin.net.Message;

/**
 * One member's replicas of shared objects. An object becomes a replica when it first leaves this
 * node (it gets an id: this member's number and a count) or first arrives (by the id it came
 * with). Each replica applies the master's ordered writes in sequence order, one after the other:
 * a write that comes early waits for those before it, one the replica's state already holds is
 * dropped. All of a replica's bookkeeping is guarded by the object's own lock, which rewritten
 * write methods hold, so that no two locks are ever taken in opposite orders.
 */
public final class Replicas implements SharedTable, SharedObject.Replication {

    private static final System.Logger LOG = System.getLogger("satin.shared");
    private final String name;
    private final SharedPort port;
    private volatile SharedCodec codec;
    private final Sequencer sequencer;
    private final Requests requests;
    private final AtomicLong exported = new AtomicLong();
    private final Map<Long, Replica> byId = new ConcurrentHashMap<>();
    private final Map<SharedObject, Replica> byObject = new IdentityHashMap<>();
    /** Ordered writes of objects this member has no replica of yet, until one arrives. */
    private final EarlyWrites early = new EarlyWrites();
    /** The master as this member last knew it, -1 before it joined; written by the membership's news only. */
    private volatile int knownMaster = -1;
    /** What this member hands a master it elects, and what came for the master before it knew it was elected. */
    private final Handover handover = new Handover();

    /** The most write requests a member has waiting for the master's order before its writer waits. */
    public static final int REQUEST_WINDOW = Requests.WINDOW;

    public Replicas(String name, SharedPort port) {
        this(name, new Requests(name, port), port);
    }

    /** With the member's requests made as given: a test's small window. */
    Replicas(String name, Requests requests, SharedPort port) {
        this.name = name;
        this.port = port;
        this.sequencer = new Sequencer(port, this);
        this.requests = requests;
    }

    /** The member's codec, made with this table: the writes' calls and the states travel through it. */
    public void use(JobCodec jobs) {
        this.codec = new SharedCodec(jobs);
    }

    // ------------------------------------------------------------------ the codec's table

    @Override
    public long export(SharedObject object) {
        long id;
        synchronized (byObject) {
            Replica r = byObject.get(object);
            if (r != null) {
                return r.id;
            }
            id = ((long) port.self() << 32) | exported.incrementAndGet();
            r = new Replica(id, object, 0);
            byObject.put(object, r);
            byId.put(id, r);
            object.satin$replicate(this);
        }
        if (isPublished(object.getClass()) && port.self() == port.master()) {
            sequencer.publish(object);
        }
        return id;
    }

    /** Published objects the master exported travel as ids: every member gets their states from it. */
    @Override
    public boolean published(SharedObject object) {
        if (!isPublished(object.getClass())) {
            return false;
        }
        synchronized (byObject) {
            Replica r = byObject.get(object);
            return r != null && (int) (r.id >>> 32) == port.master();
        }
    }

    private static boolean isPublished(Class<?> type) {
        return type.isAnnotationPresent(Published.class);
    }

    @Override
    public long sequence(SharedObject object) {
        synchronized (byObject) {
            Replica r = byObject.get(object);
            return r == null ? 0 : Math.max(0, r.sequence);
        }
    }

    @Override
    public SharedObject replica(long id, Class<?> type, Supplier<SharedObject> fresh) {
        synchronized (byObject) {
            Replica r = byId.get(id);
            if (r == null) {
                SharedObject object = fresh.get();
                r = new Replica(id, object, -1);
                byObject.put(object, r);
                byId.put(id, r);
                object.satin$replicate(this);
            }
            return r.object;
        }
    }

    @Override
    public void offer(SharedObject object, long sequence, Runnable install) {
        Replica r;
        synchronized (byObject) {
            r = byObject.get(object);
        }
        synchronized (object) {
            if (sequence > r.sequence) {
                install.run();
                r.sequence = sequence;
                Guards.changed();
            }
            early.handOver(r.id, r::hold);
            applyInOrder(r);
        }
    }

    // ------------------------------------------------------------------ writes

    /** A write a worker of this member called: the master orders it; here, or as a request over the link to it. */
    @Override
    public void write(SharedObject object, String method, Object[] args) {
        long id = export(object);
        codec.allow(WriteMethods.of(object.getClass(), method).getParameterTypes());
        if (!requests.ordersItself()) {
            requests.awaitRoom(object, "write " + method + " of shared object " + id);
        }
        requests.send(id, n -> codec.writeCall(method, port.self(), n, args), call -> orderOrRefuse(id, call, port.self()));
    }

    /** A shared object's message from member {@code from}, past the gate of proven members. */
    public void received(int from, Message m) {
        boolean forTheMaster = Handover.forTheMaster(m);
        if (forTheMaster && port.self() != port.master()) {
            keepForTheMaster(from, m);
        } else if (forTheMaster && m instanceof Message.SharedWrite w) {
            request(from, w);
        } else if (forTheMaster) {
            handedOver(from, (Message.SharedState) m);
        } else if (from != port.master()) {
            LOG.log(Level.WARNING, "node {0} ignores a {1} from member {2}, which is not the master", name, m.type(), from);
        } else if (m instanceof Message.SharedWrite w) {
            ordered(w.object(), w.sequence(), w.call());
        } else if (m instanceof Message.SharedState s) {
            try {
                codec.readShared(s.state());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "node {0} refuses a shared object''s state from the master: {1}", name, e.toString());
            }
            requests.confirmed(s.settledUpTo()); // the master has them: their orders may have been lost
        }
    }

    /** A member took this member for the master: it may be elected, and not know it yet. */
    private void keepForTheMaster(int from, Message m) {
        if (!handover.keepEarly(from, m)) {
            LOG.log(Level.WARNING, "node {0} is not the master but member {1} sends it a {2}", name, from, m.type());
        }
    }

    /** On the master: member {@code from} asks for a write; ordered in the order of its requests, once. */
    private void request(int from, Message.SharedWrite w) {
        SharedCodec.Asker asker;
        try {
            asker = codec.readAsker(w.call());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "node {0} refuses a write of shared object {1} from member {2}: {3}", name, w.object(),
                    from, e.toString());
            return;
        }
        if (asker.origin() != from) {
            LOG.log(Level.WARNING, "node {0} refuses a write of shared object {1}: member {2} asks for it as member {3}",
                    name, w.object(), from, asker.origin());
            return;
        }
        boolean valid = checked(w);
        if (sequencer.request(from, asker.request(), w.object(), w.call(), valid) == Sequencer.Taken.REFUSED && valid) {
            LOG.log(Level.WARNING, "node {0} refuses a write of shared object {1} from member {2}: it orders the writes"
                    + " of {3} objects already", name, w.object(), from, Sequencer.MAX_OBJECTS);
        }
    }

    private void orderOrRefuse(long id, byte[] call, int from) {
        if (!sequencer.order(id, call)) {
            LOG.log(Level.WARNING, "node {0} refuses a write of shared object {1} from member {2}: it orders the writes"
                    + " of {3} objects already", name, id, from, Sequencer.MAX_OBJECTS);
        }
    }

    /** A request the master can check (it has the object): a write of that object's class, with arguments that decode. */
    private boolean checked(Message.SharedWrite w) {
        Replica r = byId.get(w.object());
        try {
            if (r != null) {
                codec.readCall(w.call(), parametersOf(r)); // a write of the object's class, its arguments readable
            } else {
                codec.readCall(w.call()); // made and sent elsewhere, never here: its replicas check the method
            }
            return true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "node {0} refuses a write of shared object {1}: {2}", name, w.object(), e.toString());
            return false;
        }
    }

    /** The master's write number {@code sequence} of object {@code id}: applied here once those before it are. */
    void ordered(long id, long sequence, byte[] call) {
        Replica r = byId.get(id);
        if (r == null) {
            early.hold(id, sequence, call);
            r = byId.get(id);
            if (r == null) {
                return;
            }
            early.forget(id, sequence); // the replica came meanwhile, and may have taken what was held before this
        }
        synchronized (r.object) {
            r.hold(sequence, call);
            applyInOrder(r);
        }
    }

    private void applyInOrder(Replica r) {
        if (r.applyInOrder(call -> apply(r, call))) {
            Guards.changed();
        }
    }

    /**
     * Runs the write's body on this replica; one that cannot run is skipped, as on every replica.
     * Called under the object's lock, on which a writer of this member past the window of requests
     * waits: the order of one of its own requests wakes it.
     */
    private void apply(Replica r, byte[] call) {
        boolean ours = false;
        try {
            SharedCodec.Call c = codec.readCall(call, parametersOf(r));
            if (c.request() > 0) {
                handover.applied(c.origin(), c.request());
            }
            if (c.origin() == port.self() && c.request() > 0) {
                requests.confirmed(c.request());
                ours = true;
            }
            r.object.satin$apply(WriteMethods.of(r.object.getClass(), c.method()), c.args());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "node {0} skips write {1} of shared object {2}: {3}", name, r.sequence, r.id,
                    e.toString());
        }
        if (ours) {
            r.object.notifyAll();
        }
    }

    /** The declared parameter types of a write of {@code r}'s object, by name and descriptor; not a write: refused. */
    private static Function<String, Class<?>[]> parametersOf(Replica r) {
        return method -> WriteMethods.of(r.object.getClass(), method).getParameterTypes();
    }

    // ------------------------------------------------------------------ for the sequencer and tests

    /** This member's replicas, each with the id it travels by. */
    List<Map.Entry<Long, SharedObject>> all() {
        return byId.values().stream().map(r -> Map.entry(r.id, r.object)).toList();
    }

    /** A replica's state as a member that joins gets it, and how many writes it holds. */
    record State(byte[] bytes, long sequence) {
    }

    State state(SharedObject object) {
        synchronized (object) {
            return new State(codec.writeShared(object), sequence(object));
        }
    }

    /** This member's link to {@code member} closed, or never formed: on the master, what it sent there may be lost. */
    public void linkLost(int member) {
        sequencer.linkLost(member);
        requests.linkLost(member);
    }

    /** This member's link to {@code member} opened. */
    public void linkOpened(int member) {
        if (handover.owed && member == port.master() && member != port.self()) {
            handOver();
        }
        sequencer.linkOpened(member);
        requests.linkOpened(member);
    }

    /** Write messages this member sent across the wide area: requests to the master, or, on the master, ordered writes. */
    public long wanWritesSent() {
        return requests.wanRequests.get() + sequencer.wanWrites.get();
    }

    /** How many times this member's writers went on without the master's order after waiting for room ({@link Requests#STALL}). */
    public long writeStalls() {
        return requests.stalls.get();
    }

    /** How many of this member's write requests wait for the master's order. */
    public int requestsWaiting() {
        return requests.waiting();
    }

    /**
     * The membership changed: on the master, each member that came gets the state of every
     * replica. After an election, a member hands its replicas over to the new master and sends it
     * every request not confirmed; a member elected gathers them ({@link Sequencer#elected}) and
     * orders its own.
     */
    public void membersChanged() {
        int master = port.master();
        int before = knownMaster;
        boolean election = before >= 0 && master >= 0 && before != master;
        if (election && master == port.self()) {
            sequencer.elected(handover.applied());
        } else if (election) {
            handOver();
        }
        requests.follow((request, w) -> sequencer.request(port.self(), request, w.object(), w.call(), true));
        knownMaster = master;
        if (election) {
            forTheMaster(master == port.self());
        }
        if (election && master == port.self()) {
            sequencer.awaitHandovers();
        }
        sequencer.membersChanged();
    }

    /**
     * Every replica's state, then the last request of each member that they applied, to the new
     * master; again when a link to it opens if one could not go.
     */
    private void handOver() {
        int master = port.master();
        boolean sent = true;
        for (Replica r : byId.values()) {
            if (r.sequence >= 0) {
                sent &= port.send(master, new Message.SharedState(state(r.object).bytes(), Handover.STATE));
            }
        }
        sent &= port.send(master, handover.end());
        handover.owed = !sent;
    }

    /**
     * Messages for the master that came before this member heard it was elected: ordered once it
     * hears it, dropped if another is elected.
     */
    private void forTheMaster(boolean elected) {
        List<Map.Entry<Integer, Message>> came = handover.takeEarly();
        if (elected) {
            came.forEach(e -> received(e.getKey(), e.getValue()));
        } else if (!came.isEmpty()) {
            LOG.log(Level.WARNING, "node {0} drops {1} messages for the master that came to it: member {2} was elected",
                    name, came.size(), knownMaster);
        }
    }

    /** On a master, elected: a member's handover, a state or its end. */
    private void handedOver(int from, Message.SharedState s) {
        if (!sequencer.awaits(from)) {
            LOG.log(Level.WARNING, "node {0} ignores a handover from member {1}: it waits for none from it", name, from);
        } else if (s.settledUpTo() == Handover.STATE) {
            try {
                codec.readShared(s.state()); // kept if it holds more writes than this replica
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "node {0} refuses a shared object''s state from member {1}: {2}", name, from,
                        e.toString());
            }
        } else if (s.settledUpTo() == Handover.END) {
            Map<Integer, Long> applied = Handover.decode(s.state());
            if (applied == null) {
                LOG.log(Level.WARNING, "node {0} refuses the end of member {1}''s handover: {2} bytes are no list of"
                        + " requests", name, from, s.state().length);
                applied = Map.of();
            }
            sequencer.handedOver(from, applied);
        } else {
            LOG.log(Level.WARNING, "node {0} ignores a state from member {1} that is no handover", name, from);
        }
    }

    /**
     * Called by the master, elected, once the handovers are in: writes its replicas hold behind a
     * missing one that no handover filled will never be completed (the old master that numbered
     * them is gone), and the new numbers go on from what each replica applied.
     */
    void dropHeld() {
        for (Replica r : byId.values()) {
            synchronized (r.object) {
                r.dropHeld();
            }
        }
    }

    /** How many writes this member's replica of object {@code id} holds, 0 if it has none. */
    long applied(long id) {
        Replica r = byId.get(id);
        return r == null ? 0 : Math.max(0, r.sequence);
    }

    /** How many writes this member's replica of {@code object} has applied, or -1 if it is not a replica. */
    public long applied(SharedObject object) {
        synchronized (byObject) {
            Replica r = byObject.get(object);
            return r == null ? -1 : r.sequence;
        }
    }

    /** The id this member knows the object by, or -1 if it is not a replica here. */
    public long idOf(SharedObject object) {
        synchronized (byObject) {
            Replica r = byObject.get(object);
            return r == null ? -1 : r.id;
        }
    }

    /** How many writes are held for objects this member has no replica of yet. */
    int heldEarly() {
        return early.count();
    }

    /** How many objects this member has replicas of. */
    public int count() {
        return byId.size();
    }

    /** This member's replica of the object of this id, or null. */
    public SharedObject byId(long id) {
        Replica r = byId.get(id);
        return r == null ? null : r.object;
    }
}
