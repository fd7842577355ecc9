package satin.shared;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import satin.net.Message;
import satin.runtime.Abandoned;
import satin.runtime.Worker;

/**
 * A member's requests to the master to order its writes, numbered 1, 2, 3, ... and kept until the
 * member applies the master's ordered write of one (which confirms it and every earlier one). A
 * link to the master that closes may lose requests on their way; when a link opens again they are
 * all sent again in order, and the master, which orders each member's requests in their numbers'
 * order only once, drops those it has. A member has at most a window of requests waiting: a writer
 * past it waits for the master to order its earlier ones, so that no member sends writes faster
 * than the master orders them and sends them to everyone.
 */
final class Requests {

    private static final System.Logger LOG = System.getLogger("satin.shared");
    /** The most requests kept unconfirmed; beyond it the oldest is given up, with a warning. */
    static final int MAX_UNCONFIRMED = 1 << 16;
    /** The most requests a member has waiting for the master's order before a writer waits. */
    static final int WINDOW = 1024;
    /**
     * How long writers wait for room while no order of their requests comes back before they
     * send anyway, until one does: the window paces a writer while the master orders, and holds
     * no one when it does not. As long as a link's liveness timeout: a master silent for longer
     * is being declared dead.
     */
    static final Duration STALL = Duration.ofSeconds(5);

    private final String name;
    private final SharedPort port;
    private final int window;
    private final long stallNanos;
    /** Requests this member sent across the wide area (not counting those sent again). */
    final AtomicLong wanRequests = new AtomicLong();
    /** How many times writers went on after a stall: the window held them while no order came back. */
    final AtomicLong stalls = new AtomicLong();
    /** Guarded by this. */
    private final TreeMap<Long, Message.SharedWrite> unconfirmed = new TreeMap<>();
    /** Guarded by this. */
    private long last;
    /** The master this member's requests go to, -1 before it joined; guarded by this. */
    private int following = -1;
    /** The link to the master closed since requests were last sent again; guarded by this. */
    private boolean owed;
    /**
     * The last request sent before a link to the master closed; guarded by this. Those up to it
     * are in doubt: the master may have had them already, and drops them when they come again, so
     * no order comes back for them; only a later request's order, or a state the master gives
     * again, confirms them. So they do not count against the window, else a writer would wait for
     * ever for them.
     */
    private long inDoubtUpTo;

    /** When a writer first waited for room since an order of this member's requests last came back, 0 if none did; guarded by this. */
    private long blockedSince;
    /** Whether the stall since {@link #blockedSince} was counted and logged; guarded by this. */
    private boolean stallTold;

    Requests(String name, SharedPort port) {
        this(name, port, WINDOW, STALL);
    }

    Requests(String name, SharedPort port, int window, Duration stall) {
        if (window < 1) {
            throw new IllegalArgumentException("a window of write requests holds at least one, not " + window);
        }
        this.name = name;
        this.port = port;
        this.window = window;
        this.stallNanos = stall.toNanos();
    }

    /**
     * Waits until fewer than a window of requests wait for the master, or until no order of them
     * has come back for {@link #STALL}: then the writer goes on, as it did before there was a
     * window, rather than wait for orders that may never come (a link that closed took them, or
     * a master that is gone). The writer holds {@code writing}'s lock (a write is synchronized),
     * and the master's order of its earlier writes to that object is applied under it: so it
     * waits on that lock, which lets go of it meanwhile, and looks again every millisecond, since
     * what frees room may be the order of a write to another object.
     *
     * @throws Abandoned when the writer's work was abandoned or cancelled meanwhile
     * @throws IllegalStateException when the writer is interrupted (its node is closing)
     */
    void awaitRoom(Object writing, String what) {
        while (inWindow() >= window && !stalled()) {
            Worker.unwindIfAbandoned("room for " + what);
            synchronized (writing) {
                try {
                    writing.wait(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(what + " on node " + name + " was interrupted waiting for the master", e);
                }
            }
        }
    }

    /**
     * Whether writers have waited for room for {@link #STALL} with no order of this member's
     * requests coming back; the first call after an order came marks when the waiting began.
     */
    private synchronized boolean stalled() {
        long now = System.nanoTime();
        if (blockedSince == 0) {
            blockedSince = now;
            stallTold = false;
        }
        boolean stalled = now - blockedSince > stallNanos;
        if (stalled && !stallTold) {
            stallTold = true;
            stalls.incrementAndGet();
            LOG.log(Level.WARNING, "node {0}''s writers go on without the master''s order: none of its {1} requests"
                    + " waiting came back for {2} ms", name, unconfirmed.size(), stallNanos / 1_000_000);
        }
        return stalled;
    }

    /**
     * Numbers a request, keeps it and sends it to the master; {@code call} writes the call of
     * request number N. On the master, hands the call (request 0) to {@code orderHere} instead.
     */
    synchronized void send(long object, LongFunction<byte[]> call, Consumer<byte[]> orderHere) {
        if (ordersItself()) {
            orderHere.accept(call.apply(0));
            return;
        }
        Message.SharedWrite w = new Message.SharedWrite(object, 0, call.apply(++last));
        unconfirmed.put(last, w);
        if (unconfirmed.size() > MAX_UNCONFIRMED) {
            long given = unconfirmed.pollFirstEntry().getKey();
            LOG.log(Level.WARNING, "node {0} gives up its write request {1}: {2} requests wait for the master", name,
                    given, MAX_UNCONFIRMED);
        }
        if (port.master() == port.self() || !port.send(port.master(), w)) {
            owed = true; // no link now (or this member is elected and does not know it yet): sent again when one opens
        } else if (port.wideArea(port.master())) {
            wanRequests.incrementAndGet();
        }
    }

    /**
     * The master took this member's request {@code request} (its order came, or a state says so):
     * it and every earlier one are settled.
     */
    synchronized void confirmed(long request) {
        if (request <= 0) {
            return;
        }
        blockedSince = 0;
        unconfirmed.headMap(request, true).clear();
    }

    /** How many requests wait for the master's order. */
    synchronized int waiting() {
        return unconfirmed.size();
    }

    /** How many of them count against the window: those sent since a link to the master last closed. */
    synchronized int inWindow() {
        return unconfirmed.tailMap(inDoubtUpTo, false).size();
    }

    /**
     * Follows the master the registry names. After an election after the master died, every
     * request not confirmed goes to the new master, which learns from the members' handovers
     * which of them the old master ordered and drops those; a member elected hands them, by number
     * and in their order, to {@code orderHere} instead, and orders its later writes itself. Under this
     * object's lock, so that no write of this member's overtakes them.
     */
    void follow(BiConsumer<Long, Message.SharedWrite> orderHere) {
        synchronized (this) {
            int master = port.master();
            int before = following;
            following = master;
            if (before < 0 || master < 0 || before == master) {
                return;
            }
            inDoubtUpTo = last; // the old master may have ordered them: their orders may never come
            blockedSince = 0;
            if (master == port.self()) {
                Map<Long, Message.SharedWrite> own = new TreeMap<>(unconfirmed);
                unconfirmed.clear();
                owed = false;
                own.forEach(orderHere);
                return;
            }
            owed = true;
        }
        linkOpened(port.master());
    }

    /**
     * Whether this member orders its writes itself: it is the master, and has ordered what it
     * asked the one before for (or there was none before: it follows nobody yet).
     */
    synchronized boolean ordersItself() {
        return (following < 0 || following == port.self()) && port.master() == port.self();
    }

    /** A link to {@code member} closed: if the master's, what was on its way may be lost. */
    void linkLost(int member) {
        if (member != port.master() || port.self() == port.master()) {
            return;
        }
        synchronized (this) {
            owed = true;
            inDoubtUpTo = last;
        }
        linkOpened(member);
    }

    /** A link to {@code member} opened: if the master's and requests may have been lost, they all go again. */
    synchronized void linkOpened(int member) {
        if (member != port.master() || !owed) {
            return;
        }
        List<Message.SharedWrite> again = new ArrayList<>(unconfirmed.values());
        boolean sent = true;
        for (Message.SharedWrite w : again) {
            sent &= port.send(member, w);
        }
        owed = !sent;
    }
}
