package satin.shared;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import satin.SharedObject;
import satin.net.Message;

/**
 * The master's side of the shared objects: it numbers each object's writes, one after the other,
 * sends each numbered write to every other member over its link (so each member gets them in
 * order), keeps the last of them, and gives a member that joins the state of every replica it has
 * followed by the writes that state does not hold yet.
 */
final class Sequencer {

    private static final System.Logger LOG = System.getLogger("satin.shared");

    /** The writes kept per object for members that join while they are on their way. */
    static final int KEPT = 256;
    /** The most objects the master orders writes of: each costs it a count and kept writes. */
    static final int MAX_OBJECTS = 4096;
    /** The most requests and writes a master, elected, keeps while the members hand their replicas over. */
    static final int MAX_HELD = 1 << 18;
    /** And the most bytes of their calls. */
    static final long MAX_HELD_BYTES = 256L << 20;
    /**
     * How long a master, elected, waits for the members' handovers before it orders without those
     * missing: a link's liveness timeout, after which a member silent so long is being declared dead.
     */
    static final Duration GATHER = Requests.STALL;

    private final SharedPort port;
    private final Replicas replicas;
    /** Per object, the number of the last write ordered; guarded by this. */
    private final Map<Long, Long> last = new HashMap<>();
    /** Per object, the last writes ordered, oldest first; guarded by this. */
    private final Map<Long, ArrayDeque<Message.SharedWrite>> kept = new HashMap<>();
    /** The members that were given the replicas' states; guarded by itself. */
    private final Set<Integer> given = new HashSet<>();
    /**
     * Members whose link closed, or could not take a write: what was on its way to them may be
     * lost, so each is given the states again once a link to it opens; guarded by this.
     */
    private final Set<Integer> owed = new HashSet<>();

    /** Where this master stands after an election; what is ordered waits, in the order it came, unless ORDERING. */
    private enum Phase {
        /** No election to wait for: orders go out at once. */
        ORDERING,
        /**
         * Elected ({@link #elected}); this member's own requests are not among those waiting yet,
         * and the wait may not end: what waits would be ordered, under its writers' locks, while
         * the member's lock of its requests is held to hand them over.
         */
        ELECTED,
        /** Waiting for the members' handovers ({@link #awaitHandovers}), or for {@link #GATHER} to pass. */
        GATHERING,
        /** The wait is over and what waited is being ordered. */
        ENDING
    }

    /** Guarded by this. */
    private Phase phase = Phase.ORDERING;
    private final List<Runnable> held = new ArrayList<>();
    /** The bytes of the calls in {@link #held}; guarded by this. */
    private long heldBytes;
    /** Members whose handover this master, elected, waits for; guarded by this. */
    private final Set<Integer> awaiting = new HashSet<>();
    /** Per member, the last of its requests that a replica applied, as the handovers say; guarded by this. */
    private final Map<Integer, Long> taken = new HashMap<>();
    /** Members whose handover never came: their next request is taken to be the one after the last ordered; guarded by this. */
    private final Set<Integer> unheard = new HashSet<>();

    /** Ordered writes this master sent across the wide area. */
    final AtomicLong wanWrites = new AtomicLong();
    /** Per member, the number of its last request ordered (or refused); each member's entry is its own lock. */
    private final Map<Integer, long[]> lastRequest = new ConcurrentHashMap<>();

    /** What became of a member's request. */
    enum Taken {
        /** Ordered and applied here. */
        ORDERED,
        /** Ordered already: sent again after a link closed. */
        HAD,
        /** An earlier request of the member is missing: it comes again, with this one after it. */
        EARLY,
        /** Its number is used, but nothing is ordered: its call does not hold (see the log). */
        REFUSED,
        /** Kept until the members handed their replicas over to this master, elected. */
        HELD
    }

    Sequencer(SharedPort port, Replicas replicas) {
        this.port = port;
        this.replicas = replicas;
    }

    /**
     * The master's own write: numbered now, or once the members handed their replicas over after
     * an election; false, doing nothing, if it is of a new object and the master orders as many as
     * it may.
     */
    boolean order(long id, byte[] call) {
        synchronized (this) {
            if (phase != Phase.ORDERING) {
                hold(() -> number(id, call), call.length); // past its bounds, hold says so itself
                return true;
            }
        }
        return number(id, call);
    }

    /**
     * Gives the write the next number of its object, sends it to every other member, then applies it
     * here; false, doing nothing, if it is of a new object and the master orders as many as it may.
     */
    private boolean number(long id, byte[] call) {
        Message.SharedWrite w;
        synchronized (this) {
            if (!last.containsKey(id)) {
                if (last.size() >= MAX_OBJECTS) {
                    return false;
                }
                // after an election the replicas hold the old master's writes: the numbers go on from them
                last.put(id, replicas.applied(id));
            }
            w = new Message.SharedWrite(id, last.merge(id, 1L, Long::sum), call);
            ArrayDeque<Message.SharedWrite> k = kept.computeIfAbsent(id, x -> new ArrayDeque<>());
            if (k.size() == KEPT) {
                k.removeFirst();
            }
            k.addLast(w);
            for (int member : port.others()) {
                if (!port.send(member, w)) {
                    owed.add(member);
                } else if (port.wideArea(member)) {
                    wanWrites.incrementAndGet();
                }
            }
        }
        // outside the order's lock: the worker that wrote holds the object's lock, and applying takes it
        replicas.ordered(id, w.sequence(), call);
        return true;
    }

    /**
     * Member {@code from}'s request number {@code request}: ordered if it is the next of the
     * member's, so that each member's writes are ordered in the order it asked for them, once,
     * whatever a link that closed lost or what comes twice. {@code valid} says whether the call
     * holds; one that does not uses its number up.
     */
    Taken request(int from, long request, long id, byte[] call, boolean valid) {
        synchronized (this) {
            if (phase != Phase.ORDERING) {
                // past its bounds, not taken: like a request after a missing one, it must come again
                return hold(() -> requestNow(from, request, id, call, valid), call.length) ? Taken.HELD : Taken.EARLY;
            }
        }
        return requestNow(from, request, id, call, valid);
    }

    private Taken requestNow(int from, long request, long id, byte[] call, boolean valid) {
        long[] last = lastRequest.computeIfAbsent(from, m -> new long[1]);
        synchronized (last) { // one member's requests in order, even from two links at once
            if (unheard(from)) {
                last[0] = Math.max(last[0], request - 1); // its first since the election tells where it stands
            }
            if (request <= last[0]) {
                return Taken.HAD;
            }
            if (request != last[0] + 1) {
                return Taken.EARLY;
            }
            last[0] = request;
            return valid && number(id, call) ? Taken.ORDERED : Taken.REFUSED;
        }
    }

    /**
     * The number of {@code member}'s last request taken (ordered or refused), 0 if none: a state
     * says it, for the orders of the member's requests that it holds may never have reached the
     * member (they were lost with a link), and a member waits for room until its requests settle.
     * Never called under this object's lock: a request takes the member's lock, then this one.
     */
    private long settled(int member) {
        long[] last = lastRequest.get(member);
        if (last == null) {
            return 0;
        }
        synchronized (last) {
            return last[0];
        }
    }

    /** On the master, the members that came since the last change get every replica's state. */
    void membersChanged() {
        if (port.self() != port.master()) {
            return;
        }
        synchronized (given) {
            List<Integer> others = port.others();
            for (int member : others) {
                if (given.add(member) && !giveStates(member)) {
                    owe(member);
                }
            }
            given.retainAll(others);
        }
        boolean heardAll;
        synchronized (this) {
            owed.retainAll(port.others());
            awaiting.retainAll(port.others());
            heardAll = phase == Phase.GATHERING && awaiting.isEmpty();
        }
        if (heardAll) {
            endGathering();
        }
    }

    /**
     * This member was elected master after the old one died. Its replicas, and every member's,
     * applied a prefix of the old master's order of each object's writes; the longest of them
     * holds every write any member applied. So orders wait until each member has handed its
     * replicas over ({@link #handedOver}), or left, or {@link #GATHER} has passed; then each
     * object's numbers go on from the longest state, which every member is given, and each
     * member's requests that a replica applied are not ordered again when they come again.
     * {@code applied}: per member, the last of its requests this member's replicas applied.
     */
    void elected(Map<Integer, Long> applied) {
        List<Integer> others = port.others();
        synchronized (given) {
            given.addAll(others); // they get the states once the handovers are in
        }
        synchronized (this) {
            phase = Phase.ELECTED;
            awaiting.addAll(others);
            applied.forEach((member, request) -> taken.merge(member, request, Math::max));
        }
    }

    /** After {@link #elected}, once this member's own requests wait among the rest: the wait for the handovers begins. */
    void awaitHandovers() {
        boolean heardAll;
        synchronized (this) {
            phase = Phase.GATHERING;
            heardAll = awaiting.isEmpty();
        }
        if (heardAll) {
            endGathering();
        } else {
            CompletableFuture.delayedExecutor(GATHER.toMillis(), TimeUnit.MILLISECONDS).execute(this::endGathering);
        }
    }

    /** Whether this master, elected, waits for {@code member}'s handover. */
    synchronized boolean awaits(int member) {
        return awaiting.contains(member);
    }

    /** {@code member} handed its replicas over; {@code applied}: per member, the last of its requests they applied. */
    void handedOver(int member, Map<Integer, Long> applied) {
        boolean heardAll;
        synchronized (this) {
            if (!awaiting.remove(member)) {
                return;
            }
            applied.forEach((m, request) -> taken.merge(m, request, Math::max));
            heardAll = awaiting.isEmpty();
        }
        if (heardAll) {
            endGathering();
        }
    }

    /** Keeps what would be ordered until the handovers are in; false if too much waits already. */
    private boolean hold(Runnable ordering, long bytes) {
        if (held.size() >= MAX_HELD || heldBytes + bytes > MAX_HELD_BYTES) {
            LOG.log(System.Logger.Level.WARNING, "{0} requests and writes ({1} bytes) wait for the members'' replicas"
                    + " already: one more is refused", held.size(), heldBytes);
            return false;
        }
        held.add(ordering);
        heldBytes += bytes;
        return true;
    }

    private synchronized boolean unheard(int member) {
        return unheard.remove(member);
    }

    /** The handovers are in, or will not come: the longest states go to every member, then what waited is ordered. */
    private void endGathering() {
        Map<Integer, Long> upTo;
        synchronized (this) {
            if (phase != Phase.GATHERING) {
                return;
            }
            phase = Phase.ENDING;
            unheard.addAll(awaiting);
            awaiting.clear();
            upTo = new HashMap<>(taken);
        }
        upTo.forEach((member, request) -> {
            long[] last = lastRequest.computeIfAbsent(member, m -> new long[1]);
            synchronized (last) {
                last[0] = Math.max(last[0], request);
            }
        });
        replicas.dropHeld();
        for (int member : port.others()) {
            if (!giveStates(member)) {
                owe(member);
            }
        }
        while (true) {
            List<Runnable> batch;
            synchronized (this) {
                if (held.isEmpty()) {
                    phase = Phase.ORDERING;
                    return;
                }
                batch = new ArrayList<>(held);
                held.clear();
                heldBytes = 0;
            }
            batch.forEach(Runnable::run);
        }
    }

    /**
     * A published object left the master for the first time: every member gets its state now, and
     * its writes as every object's; a member that cannot be reached gets it with the others once a
     * link to it opens.
     */
    void publish(SharedObject object) {
        Replicas.State s = replicas.state(object);
        Map<Integer, Long> settled = new LinkedHashMap<>(); // one view of the members, read outside this lock
        port.others().forEach(member -> settled.put(member, settled(member)));
        synchronized (this) {
            settled.forEach((member, upTo) -> {
                if (!port.send(member, new Message.SharedState(s.bytes(), upTo))) {
                    owed.add(member);
                }
            });
        }
    }

    /**
     * The link to {@code member} closed: writes sent into it may never have arrived, and a member
     * never asks for one it missed. The states go to it again, on a new link; if none can form
     * yet, when one opens ({@link #linkOpened}).
     */
    void linkLost(int member) {
        if (port.self() != port.master() || !port.others().contains(member)) {
            return;
        }
        owe(member);
        linkOpened(member);
    }

    /** A link to {@code member} opened: a member owed the states gets them now. */
    void linkOpened(int member) {
        if (port.self() != port.master()) {
            return;
        }
        synchronized (this) {
            if (!owed.remove(member)) {
                return;
            }
        }
        if (!giveStates(member)) {
            owe(member);
        }
    }

    /** {@code member} may have missed what was sent to it: it gets every state once a link to it opens. */
    private synchronized void owe(int member) {
        owed.add(member);
    }

    /**
     * A state, then the kept writes it does not hold: the member is among the others already, so
     * every write ordered after this goes to it too, and one it gets twice it drops.
     */
    private boolean giveStates(int member) {
        boolean sent = true;
        for (Map.Entry<Long, SharedObject> e : replicas.all()) {
            Replicas.State s = replicas.state(e.getValue());
            long settled = settled(member);
            synchronized (this) {
                sent &= port.send(member, new Message.SharedState(s.bytes(), settled));
                for (Message.SharedWrite w : kept.getOrDefault(e.getKey(), new ArrayDeque<>())) {
                    if (w.sequence() > s.sequence()) {
                        sent &= port.send(member, w);
                    }
                }
            }
        }
        return sent;
    }
}
