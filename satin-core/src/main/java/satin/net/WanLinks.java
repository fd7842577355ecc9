package satin.net;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import satin.runtime.Durations;

/**
 * The emulated wide-area links between clusters, as van Nieuwpoort, Kielmann and Bal (PPoPP 2001) emulates them in its communication
 * layer: per ordered pair of clusters a one-way latency, a bandwidth and optionally a jitter. A
 * message of S bytes from cluster A to cluster B waits until the A-to-B link is free, occupies it
 * for S / bandwidth, and arrives one latency later; messages on a link never overtake each other.
 * Links inside a cluster are untouched. One link is shared by all nodes of a cluster in this
 * process (a pool spread over several processes gets one link per process).
 *
 * <p>Written as {@code 10ms/100KB/s} for every pair of different clusters, or per pair, with an
 * optional default: {@code A>B=10ms/100KB/s, B>A=20ms/1MB/s/2ms, *=100ms/1000KB/s}. A jitter (the
 * third part) is the standard deviation of a normal variation of the latency, never below zero.
 * KB is 1000 bytes, MB a million; latencies in ns, us, ms or s.
 */
public final class WanLinks {

    /** One direction of a link between two clusters. */
    public record Spec(long latencyNanos, long bytesPerSecond, long jitterNanos) {

        public Spec {
            if (latencyNanos < 0 || bytesPerSecond <= 0 || jitterNanos < 0) {
                throw new IllegalArgumentException("a link needs a latency >= 0, a bandwidth > 0 and a jitter >= 0");
            }
        }

        /** The time S bytes occupy the link. */
        public long transmitNanos(long bytes) {
            return (long) (bytes * 1e9 / bytesPerSecond);
        }

        @Override
        public String toString() {
            return duration(latencyNanos) + "/" + rate(bytesPerSecond) + (jitterNanos > 0 ? "/" + duration(jitterNanos) : "");
        }
    }

    /**
     * The state of one directed link: when it is free again, and when its last message arrives.
     * Shared by every connection from the one cluster to the other, on whichever event loop.
     */
    public static final class Link {
        private final Spec spec;
        private final SplittableRandom random;
        private long freeAt = Long.MIN_VALUE;
        private long lastArrival = Long.MIN_VALUE;

        Link(Spec spec, long seed) {
            this.spec = spec;
            this.random = new SplittableRandom(seed);
        }

        public Spec spec() {
            return spec;
        }

        /** A message of {@code bytes} handed to the link at {@code now}: when it arrives at the far end. */
        public synchronized long arrival(long now, long bytes) {
            long start = Math.max(now, freeAt);
            freeAt = start + spec.transmitNanos(bytes);
            long latency = spec.latencyNanos();
            if (spec.jitterNanos() > 0) {
                latency = Math.max(0, latency + (long) (nextGaussian() * spec.jitterNanos()));
            }
            lastArrival = Math.max(lastArrival, freeAt + latency);
            return lastArrival;
        }

        private double nextGaussian() {
            // Box-Muller: SplittableRandom has no gaussian before Java 17's RandomGenerator
            double u = 1 - random.nextDouble();
            double v = random.nextDouble();
            return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
        }
    }

    private static final Pattern SPEC = Pattern.compile(
            "\\s*" + Durations.REGEX + "\\s*/\\s*(\\d+(?:\\.\\d+)?)\\s*(B|KB|MB|GB)/s\\s*"
                    + "(?:/\\s*" + Durations.REGEX + "\\s*)?");

    private final Map<String, Spec> specs;
    private final Spec fallback;
    private final Map<String, Link> links = new ConcurrentHashMap<>();
    private final long seed;

    private WanLinks(Map<String, Spec> specs, Spec fallback, long seed) {
        this.specs = Map.copyOf(specs);
        this.fallback = fallback;
        this.seed = seed;
    }

    /** No emulation: every link is as fast as the network under it. */
    public static WanLinks none() {
        return new WanLinks(Map.of(), null, 0);
    }

    /** The same link between every pair of different clusters. */
    public static WanLinks uniform(Spec spec) {
        return new WanLinks(Map.of(), spec, 0);
    }

    /**
     * Reads links as {@link WanLinks} describes them.
     *
     * @throws IllegalArgumentException naming the part that is wrong
     */
    public static WanLinks parse(String text) {
        if (text == null || text.isBlank() || text.trim().equals("none")) {
            return none();
        }
        Map<String, Spec> specs = new LinkedHashMap<>();
        Spec fallback = null;
        for (String part : text.split(",")) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                if (fallback != null || text.contains("=")) {
                    throw new IllegalArgumentException("WAN link '" + part.trim() + "' names no clusters (A>B=...)");
                }
                fallback = spec(part);
                continue;
            }
            String pair = part.substring(0, eq).trim();
            Spec s = spec(part.substring(eq + 1));
            if (pair.equals("*")) {
                fallback = s;
            } else {
                String[] ends = pair.split(">");
                if (ends.length != 2 || ends[0].isBlank() || ends[1].isBlank() || ends[0].trim().equals(ends[1].trim())) {
                    throw new IllegalArgumentException("WAN link '" + pair + "' is not FROM>TO between two clusters");
                }
                specs.put(key(ends[0].trim(), ends[1].trim()), s);
            }
        }
        return new WanLinks(specs, fallback, 0);
    }

    static Spec spec(String text) {
        Matcher m = SPEC.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("WAN link '" + text.trim()
                    + "' is not LATENCY/BANDWIDTH[/JITTER], for example 10ms/100KB/s or 100ms/1MB/s/5ms, where LATENCY"
                    + " and JITTER are each " + Durations.EXPECTED);
        }
        long latency = nanos(m.group(1), m.group(2), "latency", text);
        double perSecond = Double.parseDouble(m.group(3)) * switch (m.group(4)) {
            case "KB" -> 1e3;
            case "MB" -> 1e6;
            case "GB" -> 1e9;
            default -> 1;
        };
        long jitter = m.group(5) == null ? 0 : nanos(m.group(5), m.group(6), "jitter", text);
        if (perSecond < 1) {
            throw new IllegalArgumentException("WAN link '" + text.trim() + "' has a bandwidth below 1 B/s");
        }
        return new Spec(latency, (long) perSecond, jitter);
    }

    /**
     * The longest latency or jitter: an hour. Longer ones would be a typo rather than a network,
     * and near 2^63 ns one added to a clock reading wraps around into the past.
     */
    static final long MAX_DELAY_NANOS = 3_600_000_000_000L;

    private static long nanos(String number, String unit, String what, String text) {
        long v = Durations.nanos(number, unit);
        if (v > MAX_DELAY_NANOS) {
            throw new IllegalArgumentException("WAN link '" + text.trim() + "' has a " + what + " of " + number + unit
                    + "; it may be at most 1 h");
        }
        return v;
    }

    /**
     * One latency or jitter on its own (a descriptor's {@code latency:} or {@code jitter:}), held
     * to the limits of one in link text.
     *
     * @throws IllegalArgumentException saying what was found and what was expected
     */
    public static long delayNanos(String text) {
        long v = Durations.nanos(text);
        if (v > MAX_DELAY_NANOS) {
            throw new IllegalArgumentException("found '" + text.trim() + "'; expected a duration of at most 1h");
        }
        return v;
    }

    private static String key(String from, String to) {
        return from + ">" + to;
    }

    /** The spec of the link from one cluster to another, or null: the same cluster, or not emulated. */
    public Spec spec(String from, String to) {
        if (from.equals(to)) {
            return null;
        }
        Spec s = specs.get(key(from, to));
        return s != null ? s : fallback;
    }

    /** The shared state of the link from one cluster to another, or null if it is not emulated. */
    public Link link(String from, String to) {
        Spec s = spec(from, to);
        if (s == null) {
            return null;
        }
        return links.computeIfAbsent(key(from, to), k -> new Link(s, seed ^ k.hashCode()));
    }

    public boolean emulates() {
        return fallback != null || !specs.isEmpty();
    }

    @Override
    public String toString() {
        if (!emulates()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        specs.forEach((k, v) -> b.append(b.length() > 0 ? ", " : "").append(k).append('=').append(v));
        if (fallback != null) {
            b.append(b.length() > 0 ? ", *=" : "").append(fallback);
        }
        return b.toString();
    }

    static String duration(long nanos) {
        if (nanos % 1_000_000 == 0) {
            return nanos / 1_000_000 + "ms";
        }
        return nanos % 1_000 == 0 ? nanos / 1_000 + "us" : nanos + "ns";
    }

    static String rate(long bytesPerSecond) {
        if (bytesPerSecond % 1_000_000 == 0) {
            return bytesPerSecond / 1_000_000 + "MB/s";
        }
        return bytesPerSecond % 1_000 == 0 ? bytesPerSecond / 1_000 + "KB/s" : String.format(Locale.ROOT, "%dB/s",
                bytesPerSecond);
    }
}
