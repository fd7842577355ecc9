package satin.pool;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiConsumer;
import satin.net.Connection;
import satin.net.Message;

/**
 * Lets the messages of a connection another node opened reach the steal protocol only once the
 * registry has announced that node as a member: knowing the pool's secret is not enough to take
 * or push jobs. A newcomer may connect a moment before this node hears of it from the registry,
 * so its messages wait, in order and only so many (in number, and in bytes: a frame's worth), until
 * the registry announces it; if it has not within the failure timeout, the connection is refused
 * and the reason logged.
 */
final class MemberGate {

    private static final System.Logger LOG = System.getLogger("satin.pool");
    /** More than a newcomer sends before the registry's word reaches this node: a steal request or a few. */
    static final int MAX_WAITING = 64;

    private final String self;
    private final Members members;
    private final long graceNanos;
    private final BiConsumer<Connection, Message> deliver;
    /** The most bytes of messages held for one connection: one frame's worth. */
    private final long maxBytes;
    /** Connections of peers not announced yet, with what they sent; each is touched on its connection's event loop only. */
    private final Map<Connection, Held> waiting = new ConcurrentHashMap<>();

    /** What one connection sent before its peer was announced. */
    private static final class Held {
        final List<Message> messages = new ArrayList<>();
        long bytes;
        /**
         * Refused, and closing: messages decoded from what had arrived before the close still come,
         * and must not pass for a member's.
         */
        boolean refused;
    }

    /**
     * @param self       this node's name, for the log
     * @param graceNanos how long a peer's connection may wait for the registry to announce it
     * @param maxBytes   the most bytes of messages held for one connection (the frame limit)
     * @param deliver    where the messages of members go
     */
    MemberGate(String self, Members members, long graceNanos, long maxBytes, BiConsumer<Connection, Message> deliver) {
        this.self = self;
        this.members = members;
        this.graceNanos = graceNanos;
        this.maxBytes = maxBytes;
        this.deliver = deliver;
    }

    /** Another node's connection was admitted: its messages pass if the registry announced the node. */
    void opened(Connection c) {
        if (!isMember(c)) {
            waiting.put(c, new Held());
            c.schedule(graceNanos, () -> expire(c));
        }
    }

    void received(Connection c, Message m) {
        Held held = waiting.get(c);
        if (held != null && held.refused) {
            return;
        }
        if (held == null || isMember(c)) {
            release(c);
            deliver.accept(c, m);
        } else if (held.messages.size() == MAX_WAITING) {
            refuse(c, "it sent " + MAX_WAITING + " messages before the registry announced it");
        } else if (held.bytes + bytesOf(m) > maxBytes) {
            refuse(c, "it sent more than " + maxBytes + " bytes before the registry announced it");
        } else {
            held.messages.add(m);
            held.bytes += bytesOf(m);
        }
    }

    /** The registry announced members: those among the waiting connections' peers are let through. */
    void membersChanged() {
        for (Connection c : waiting.keySet()) {
            try {
                c.execute(() -> {
                    if (isMember(c)) {
                        release(c);
                    }
                });
            } catch (RejectedExecutionException e) {
                // the connection's event loop is stopping, and the connection with it
            }
        }
    }

    void closed(Connection c) {
        waiting.remove(c);
    }

    private void release(Connection c) {
        Held held = waiting.get(c);
        if (held != null && !held.refused && waiting.remove(c, held)) {
            held.messages.forEach(m -> deliver.accept(c, m));
        }
    }

    private void expire(Connection c) {
        Held held = waiting.get(c);
        if (held == null || held.refused) {
            return;
        }
        if (isMember(c)) {
            release(c);
        } else {
            refuse(c, "the registry announced no member called " + c.peer().node() + " within "
                    + java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(graceNanos) + " ms");
        }
    }

    private void refuse(Connection c, String why) {
        Held held = waiting.get(c);
        held.refused = true; // until closed(c)
        held.messages.clear();
        LOG.log(Level.WARNING, "node {0} refuses {1}: {2}", self, c, why);
        c.close();
    }

    /** About what a message holds: its byte strings and texts, and a little for the rest. */
    static long bytesOf(Message m) {
        long fixed = 32;
        if (m instanceof Message.Push p) {
            return fixed + p.payload().length;
        } else if (m instanceof Message.StealReply r) {
            return fixed + (r.payload() == null ? 0 : r.payload().length);
        } else if (m instanceof Message.Result r) {
            return fixed + r.payload().length;
        } else if (m instanceof Message.ResultKnown k) {
            return fixed + k.key().length + k.result().length;
        } else if (m instanceof Message.SharedWrite w) {
            return fixed + w.call().length;
        } else if (m instanceof Message.SharedState st) {
            return fixed + st.state().length;
        } else if (m instanceof Message.Declined d) {
            return fixed + 2L * d.reason().length();
        } else if (m instanceof Message.RegistryMoved r) {
            return fixed + 2L * r.address().length();
        }
        return fixed;
    }

    private boolean isMember(Connection c) {
        return members.idOf(c.peer().node()) >= 0;
    }
}
