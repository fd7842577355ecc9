package satin.lb;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sender side the EARTH balancers share (Kakulavarapu, Maquelin, Amaral and Gao): a node is rich
 * with more than {@code threshold} jobs queued, has at most {@code inFlight} pushed jobs (or tokens
 * that offer one) in transit
 * (the flow control the paper lacked: its Snd overflowed the network buffers), and looks every
 * {@code interval}.
 */
final class Sending {

    static final int DEFAULT_THRESHOLD = 2;
    static final int DEFAULT_IN_FLIGHT = 2;
    static final long DEFAULT_INTERVAL_NANOS = 1_000_000;

    final long intervalNanos;
    private final int threshold;
    private final int maxInFlight;
    private int inFlight;

    Sending(String balancer, int threshold, int maxInFlight, long intervalNanos) {
        if (threshold < 0 || maxInFlight < 1 || intervalNanos <= 0) {
            throw new IllegalArgumentException(balancer + " needs threshold >= 0, inFlight >= 1 and interval > 0");
        }
        this.threshold = threshold;
        this.maxInFlight = maxInFlight;
        this.intervalNanos = intervalNanos;
    }

    /** Whether the node has more than {@code threshold} jobs queued. */
    boolean rich(BalancerPort port) {
        return port.queueLength() > threshold;
    }

    /** Whether the node is rich and may send one more now. */
    boolean mayPush(BalancerPort port) {
        return inFlight < maxInFlight && rich(port);
    }

    /** Pushes a job to {@code target}; false if there was none to push. */
    boolean push(BalancerPort port, int target) {
        if (!port.pushJob(target)) {
            return false;
        }
        sent();
        return true;
    }

    /** One more is in transit: a pushed job, or a token that offers one. */
    void sent() {
        inFlight++;
    }

    /** One is no longer in transit. */
    void delivered() {
        inFlight = Math.max(0, inFlight - 1);
    }

    /** Nothing counts as in transit any more: what was, went with a member that left. */
    void forgetInTransit() {
        inFlight = 0;
    }

    int inFlight() {
        return inFlight;
    }

    Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("threshold", Integer.toString(threshold));
        s.put("inFlight", Integer.toString(maxInFlight));
        s.put("interval", intervalNanos / 1_000 + "us");
        return s;
    }
}
