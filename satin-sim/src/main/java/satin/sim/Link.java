package satin.sim;

import java.util.SplittableRandom;

/**
 * One direction of a simulated link, with the arithmetic of the WAN emulator's link
 * ({@code satin.net.WanLinks.Link}): a message of S bytes handed to the link waits until the link
 * is free, occupies it for S / bandwidth, and arrives one latency later, the latency varied by a
 * normal jitter (never below zero); a message never arrives before one handed to the link earlier.
 * The jitter comes from the simulation's seed, not from the clock.
 */
final class Link {

    private final long latencyNanos;
    private final long bytesPerSecond;
    private final long jitterNanos;
    private final SplittableRandom random;
    private long freeAt = Long.MIN_VALUE;
    private long lastArrival = Long.MIN_VALUE;

    Link(long latencyNanos, long bytesPerSecond, long jitterNanos, SplittableRandom random) {
        if (latencyNanos < 0 || bytesPerSecond <= 0 || jitterNanos < 0) {
            throw new IllegalArgumentException("a link needs a latency >= 0, a bandwidth > 0 and a jitter >= 0");
        }
        this.latencyNanos = latencyNanos;
        this.bytesPerSecond = bytesPerSecond;
        this.jitterNanos = jitterNanos;
        this.random = random;
    }

    /** When a message of {@code bytes} handed to the link at {@code now} arrives at the far end. */
    long arrival(long now, long bytes) {
        long start = Math.max(now, freeAt);
        freeAt = start + transmitNanos(bytes);
        long latency = latencyNanos;
        if (jitterNanos > 0) {
            latency = Math.max(0, latency + (long) (gaussian() * jitterNanos));
        }
        lastArrival = Math.max(lastArrival, freeAt + latency);
        return lastArrival;
    }

    /** The time {@code bytes} occupy the link, rounded as the emulator rounds it. */
    long transmitNanos(long bytes) {
        return (long) (bytes * 1e9 / bytesPerSecond);
    }

    long latencyNanos() {
        return latencyNanos;
    }

    private double gaussian() {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
