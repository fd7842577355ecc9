package satin.shared;

import java.lang.System.Logger.Level;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
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
    /** The most writes held per object while earlier ones are missing; beyond it the replica lags until a newer state comes. */
    static final int MAX_WAITING = 1024;
    /** The most writes held, all objects together, for objects this member has no replica of yet. */
    static final int MAX_EARLY = 1 << 16;

    private final String name;
    private final SharedPort port;
    private volatile SharedCodec codec;
    private final Sequencer sequencer;
    private final Requests requests;
    private final AtomicLong exported = new AtomicLong();
    private final Map<Long, Replica> byId = new ConcurrentHashMap<>();
    private final Map<SharedObject, Replica> byObject = new IdentityHashMap<>();
    /** Ordered writes of objects this member has no replica of yet, until one arrives. */
    private final Map<Long, TreeMap<Long, byte[]>> early = new ConcurrentHashMap<>();
    private final AtomicInteger earlyCount = new AtomicInteger();

    /** One replica's place in its object's order of writes; guarded by the object's lock. */
    private static final class Replica {
        final long id;
        final SharedObject object;
        /** Writes its state holds; -1 while it waits for its first state. Written under the object's lock. */
        volatile long sequence;
        final TreeMap<Long, byte[]> waiting = new TreeMap<>();

        Replica(long id, SharedObject object, long sequence) {
            this.id = id;
            this.object = object;
            this.sequence = sequence;
        }
    }

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
            TreeMap<Long, byte[]> came = early.remove(r.id);
            if (came != null) {
                synchronized (came) { // a write may be going in as it is taken out
                    earlyCount.addAndGet(-came.size());
                    came.forEach((s, call) -> hold(r, s, call));
                    came.clear();
                }
            }
            applyInOrder(r);
        }
    }

    // ------------------------------------------------------------------ writes

    /** A write a worker of this member called: the master orders it; here, or as a request over the link to it. */
    @Override
    public void write(SharedObject object, String method, Object[] args) {
        long id = export(object);
        codec.allow(WriteMethods.of(object.getClass(), method).getParameterTypes());
        if (port.self() == port.master()) {
            orderOrRefuse(id, codec.writeCall(method, port.self(), 0, args), port.self());
        } else {
            requests.awaitRoom(object, "write " + method + " of shared object " + id);
            requests.send(id, n -> codec.writeCall(method, port.self(), n, args));
        }
    }

    /** A shared object's message from member {@code from}, past the gate of proven members. */
    public void received(int from, Message m) {
        if (m instanceof Message.SharedWrite w && w.sequence() == 0) {
            if (port.self() != port.master()) {
                LOG.log(Level.WARNING, "node {0} is not the master but member {1} asks it to order a write", name, from);
            } else {
                request(from, w);
            }
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
            TreeMap<Long, byte[]> held = early.computeIfAbsent(id, k -> new TreeMap<>());
            synchronized (held) {
                if (held.size() < MAX_WAITING && earlyCount.get() < MAX_EARLY && held.put(sequence, call) == null) {
                    earlyCount.incrementAndGet();
                }
            }
            r = byId.get(id);
            if (r == null) {
                return;
            }
            synchronized (held) { // the replica came meanwhile, and may have taken what was held before this
                if (held.remove(sequence) != null) {
                    earlyCount.decrementAndGet();
                }
            }
        }
        synchronized (r.object) {
            hold(r, sequence, call);
            applyInOrder(r);
        }
    }

    private static void hold(Replica r, long sequence, byte[] call) {
        if (sequence > r.sequence && r.waiting.size() < MAX_WAITING) {
            r.waiting.put(sequence, call);
        }
    }

    private void applyInOrder(Replica r) {
        if (r.sequence < 0) {
            return; // its first state has not come yet
        }
        r.waiting.headMap(r.sequence, true).clear();
        boolean changed = false;
        for (byte[] call = r.waiting.remove(r.sequence + 1); call != null; call = r.waiting.remove(r.sequence + 1)) {
            r.sequence++;
            apply(r, call);
            changed = true;
        }
        if (changed) {
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

    /** The membership changed: on the master, each member that came gets the state of every replica. */
    public void membersChanged() {
        sequencer.membersChanged();
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
        return earlyCount.get();
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
