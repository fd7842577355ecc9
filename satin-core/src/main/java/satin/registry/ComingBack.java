package satin.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import satin.net.Message;
import satin.net.Transport;

/**
 * Whether members the pool lost touch with can still come back: a process whose address refuses
 * connections is gone, and one silent for longer than a failure timeout and a quarter cannot come
 * back either, for a process stopped for longer than the timeout ends itself when it runs again
 * and its last word may have come up to a heartbeat period (a fifth of the timeout) before it
 * stopped. Anything else may be alive: frozen for a moment, or beyond a network that split.
 */
public final class ComingBack {

    /** How long a missing member's address may take to refuse a connection. */
    private static final int PROBE_MILLIS = 1_000;

    private ComingBack() {
    }

    /** How long after its last word a silent member can no longer come back. */
    public static long graceNanos(long timeoutNanos) {
        return timeoutNanos + timeoutNanos / 4;
    }

    /** The ids of the members whose process is gone: their address refuses connections. All are asked at once. */
    public static Set<Integer> gone(List<Message.Member> missing) {
        Set<Integer> gone = ConcurrentHashMap.newKeySet();
        List<Thread> probes = new ArrayList<>();
        for (Message.Member m : missing) {
            Thread probe = new Thread(() -> {
                if (Transport.refusesConnections(m.address(), PROBE_MILLIS)) {
                    gone.add(m.id());
                }
            }, "satin-registry-probe");
            probe.setDaemon(true);
            probe.start();
            probes.add(probe);
        }
        try {
            for (Thread probe : probes) {
                probe.join(2L * PROBE_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // decided on what is known by now
        }
        return Set.copyOf(gone);
    }

    /**
     * Nanoseconds until none of {@code missing} can come back: 0 or less if none can now, and
     * {@link Long#MAX_VALUE} if one may come back whenever it likes, as far as this node knows.
     *
     * @param gone the ids among them whose address refused connections
     */
    public static long untilNoneCan(List<Message.Member> missing, Set<Integer> gone, Silences silences,
            long timeoutNanos) {
        long now = System.nanoTime();
        long wait = 0;
        for (Message.Member m : missing) {
            if (gone.contains(m.id())) {
                continue;
            }
            OptionalLong heard = silences.lastHeard(m.name());
            if (heard.isEmpty()) {
                return Long.MAX_VALUE;
            }
            wait = Math.max(wait, heard.getAsLong() + graceNanos(timeoutNanos) - now);
        }
        return wait;
    }
}
