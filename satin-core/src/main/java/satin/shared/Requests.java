package satin.shared;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
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
    /** How long a writer waits for room before its write fails: a master that orders nothing for it is gone. */
    static final Duration WAIT_LIMIT = Duration.ofSeconds(60);

    private final String name;
    private final SharedPort port;
    /** Requests this member sent across the wide area (not counting those sent again). */
    final AtomicLong wanRequests = new AtomicLong();
    /** Guarded by this. */
    private final TreeMap<Long, Message.SharedWrite> unconfirmed = new TreeMap<>();
    /** Guarded by this. */
    private long last;
    /** The link to the master closed since requests were last sent again; guarded by this. */
    private boolean owed;

    private final int window;
    private final long waitLimitNanos;

    Requests(String name, SharedPort port) {
        this(name, port, WINDOW, WAIT_LIMIT);
    }

    Requests(String name, SharedPort port, int window, Duration waitLimit) {
        if (window < 1) {
            throw new IllegalArgumentException("a window of write requests holds at least one, not " + window);
        }
        this.name = name;
        this.port = port;
        this.window = window;
        this.waitLimitNanos = waitLimit.toNanos();
    }

    /**
     * Waits until fewer than a window of requests wait for the master, or fails the write. The
     * writer holds {@code writing}'s lock (a write is synchronized), and the master's order of
     * its earlier writes to that object is applied under it: so it waits on that lock, which
     * lets go of it meanwhile, and looks again every millisecond, since what frees room may be
     * the order of a write to another object.
     *
     * @throws Abandoned when the writer's work was abandoned or cancelled meanwhile
     * @throws IllegalStateException after {@link #WAIT_LIMIT}, or when the writer is interrupted
     */
    void awaitRoom(Object writing, String what) {
        long began = 0;
        while (waiting() >= window) {
            Worker w = Worker.current();
            if (w != null && w.runsAbandonedWork()) {
                throw new Abandoned("a job of abandoned work, stopped while " + what + " waited for the master");
            }
            long now = System.nanoTime();
            if (began == 0) {
                began = now;
            } else if (now - began > waitLimitNanos) {
                throw new IllegalStateException(what + " on node " + name + " waited "
                        + Duration.ofNanos(now - began).toSeconds() + " s for the master to order this node's "
                        + window + " earlier writes");
            }
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

    /** Numbers a request, keeps it and sends it to the master; {@code call} writes the call of request number N. */
    synchronized void send(long object, LongFunction<byte[]> call) {
        Message.SharedWrite w = new Message.SharedWrite(object, 0, call.apply(++last));
        unconfirmed.put(last, w);
        if (unconfirmed.size() > MAX_UNCONFIRMED) {
            long given = unconfirmed.pollFirstEntry().getKey();
            LOG.log(Level.WARNING, "node {0} gives up its write request {1}: {2} requests wait for the master", name,
                    given, MAX_UNCONFIRMED);
        }
        if (!port.send(port.master(), w)) {
            owed = true; // no link now: sent again when one opens
        } else if (port.wideArea(port.master())) {
            wanRequests.incrementAndGet();
        }
    }

    /** The master ordered this member's request {@code request}: it and every earlier one are settled. */
    synchronized void confirmed(long request) {
        unconfirmed.headMap(request, true).clear();
    }

    /** How many requests wait for the master's order. */
    synchronized int waiting() {
        return unconfirmed.size();
    }

    /** A link to {@code member} closed: if the master's, what was on its way may be lost. */
    void linkLost(int member) {
        if (member != port.master() || port.self() == port.master()) {
            return;
        }
        synchronized (this) {
            owed = true;
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
