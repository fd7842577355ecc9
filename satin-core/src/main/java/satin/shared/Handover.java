package satin.shared;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import satin.net.Message;

/**
 * What a member hands a master it elected after the old one died (decision 0050, elections): the
 * state of each replica, then the last request of each member that its replicas applied, as
 * {@code SHARED_STATE} messages whose number, negative, says so; and the messages for the master
 * that reach a member before it hears it was elected itself.
 */
final class Handover {

    /** A replica's state handed over: no state from a master says a negative number. */
    static final long STATE = -1;
    /** The end of a handover; its bytes say each member's last request that the replicas applied. */
    static final long END = -2;
    /** The most members a handover's end may name. */
    static final int MAX_MEMBERS = 1 << 16;
    /** The most messages for the master kept by a member that may be elected and not know it yet. */
    static final int MAX_EARLY = 1 << 16;
    /** And the most bytes of them: a state may be as large as a frame. */
    static final long MAX_EARLY_BYTES = 64L << 20;

    /** Per member, the last of its requests whose write a replica here applied. */
    private final Map<Integer, Long> applied = new ConcurrentHashMap<>();
    /** Guarded by itself. */
    private final List<Map.Entry<Integer, Message>> early = new ArrayList<>();
    /** Guarded by {@link #early}. */
    private long earlyBytes;
    /** The handover could not all go: it goes again when a link to the master opens. */
    volatile boolean owed;

    /** Whether {@code m} is meant for the master: a write request, or a handover. */
    static boolean forTheMaster(Message m) {
        return m instanceof Message.SharedWrite w && w.sequence() == 0
                || m instanceof Message.SharedState s && s.settledUpTo() < 0;
    }

    /** A replica here applied request {@code request} of member {@code origin}. */
    void applied(int origin, long request) {
        applied.merge(origin, request, Math::max);
    }

    /** Per member, the last of its requests applied here. */
    Map<Integer, Long> applied() {
        return Map.copyOf(applied);
    }

    /** The handover's end, after the states. */
    Message.SharedState end() {
        return new Message.SharedState(encode(applied()), END);
    }

    /** Keeps a message for the master until this member hears whether it was elected; false past the bounds. */
    boolean keepEarly(int from, Message m) {
        long bytes = m instanceof Message.SharedWrite w ? w.call().length : ((Message.SharedState) m).state().length;
        synchronized (early) {
            if (early.size() >= MAX_EARLY || earlyBytes + bytes > MAX_EARLY_BYTES) {
                return false;
            }
            early.add(Map.entry(from, m));
            earlyBytes += bytes;
            return true;
        }
    }

    /** The messages kept for the master, taken away. */
    List<Map.Entry<Integer, Message>> takeEarly() {
        synchronized (early) {
            List<Map.Entry<Integer, Message>> came = List.copyOf(early);
            early.clear();
            earlyBytes = 0;
            return came;
        }
    }

    /** Per member, its last request applied: 12 bytes each, the member and the request. */
    static byte[] encode(Map<Integer, Long> applied) {
        ByteBuffer b = ByteBuffer.allocate(12 * applied.size());
        applied.forEach((member, request) -> b.putInt(member).putLong(request));
        return b.array();
    }

    /** What {@link #encode} wrote, or null for bytes that are not that (or name too many members). */
    static Map<Integer, Long> decode(byte[] bytes) {
        if (bytes.length % 12 != 0 || bytes.length / 12 > MAX_MEMBERS) {
            return null;
        }
        Map<Integer, Long> applied = new HashMap<>();
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
            int member = b.getInt();
            long request = b.getLong();
            if (member < 0 || request < 0) {
                return null;
            }
            applied.merge(member, request, Math::max);
        }
        return applied;
    }
}
