package satin.sim;

import java.util.HashMap;
import java.util.Map;
import satin.net.Coalescer;
import satin.net.FrameFormat;

/**
 * The simulated {@link Coalescer}: the small messages one node sends another within a window travel
 * as one batch frame, which takes its link as one message of the batch's size and counts as one
 * frame sent and received. The same rules as the real one: a batch leaves when the window of its
 * first message ends, or before a message that would not fit in the bucket (or be one too many);
 * a message too large for any bucket leaves alone after what is pending. Every message of a batch
 * arrives at the batch's arrival, in the order sent.
 */
final class Batches {

    /** The messages pending from one node to another, and the window their first one opened. */
    private static final class Pending {
        final int from;
        final int to;
        final int slot;
        int[] messages = new int[8];
        int count;
        /** The body of the batch frame these would make. */
        int bodyBytes = FrameFormat.BATCH_HEADER_BYTES;
        int lastFrameBytes;
        /** Tells a window's end from that of a batch that has left already. */
        long generation;

        Pending(int from, int to, int slot) {
            this.from = from;
            this.to = to;
            this.slot = slot;
        }
    }

    private final Simulation sim;
    private final long windowNanos;
    private final Map<Long, Pending> byPair = new HashMap<>();
    private final java.util.List<Pending> slots = new java.util.ArrayList<>();

    Batches(Simulation sim, long windowNanos) {
        this.sim = sim;
        this.windowNanos = windowNanos;
    }

    /** Sends message {@code m}, whose own frame takes {@code frameBytes}, from one node to another. */
    void send(int from, int to, int m, int frameBytes) {
        Pending p = byPair.computeIfAbsent((long) from * sim.topology().nodes() + to, k -> slot(from, to));
        int entry = Coalescer.entryBytes(frameBytes);
        if (FrameFormat.BATCH_HEADER_BYTES + entry > Coalescer.BUCKET_BYTES) {
            leave(p);
            sim.protocol().transmit(from, to, new int[] {m}, 1, frameBytes);
            return;
        }
        if (p.count == FrameFormat.MAX_BATCH || p.bodyBytes + entry > Coalescer.BUCKET_BYTES) {
            leave(p);
        }
        if (p.count == p.messages.length) {
            p.messages = java.util.Arrays.copyOf(p.messages, 2 * p.count);
        }
        p.messages[p.count++] = m;
        p.bodyBytes += entry;
        p.lastFrameBytes = frameBytes;
        if (p.count == 1) {
            sim.scheduleWindowEnd(p.slot, sim.now() + windowNanos, p.generation);
        }
    }

    /** The window of a batch has ended: it leaves, unless it has already. */
    void windowEnded(int slot, long generation) {
        Pending p = slots.get(slot);
        if (p.generation == generation) {
            leave(p);
        }
    }

    private Pending slot(int from, int to) {
        Pending p = new Pending(from, to, slots.size());
        slots.add(p);
        return p;
    }

    private void leave(Pending p) {
        if (p.count == 0) {
            return;
        }
        // a lone message leaves as the frame it would be without coalescing
        int bytes = p.count == 1 ? p.lastFrameBytes : FrameFormat.LENGTH_BYTES + p.bodyBytes;
        sim.protocol().transmit(p.from, p.to, p.messages, p.count, bytes);
        p.count = 0;
        p.bodyBytes = FrameFormat.BATCH_HEADER_BYTES;
        p.generation++;
    }
}
