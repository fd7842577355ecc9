package satin.lb;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Balancers by name, with their tunables: {@code RS}, {@code RP:threshold=8,inFlight=4,interval=1ms},
 * {@code CHS:arity=2}, {@code CLS:threshold=16,prefetches=1,interval=10ms}, {@code CRS}, {@code LL:steals=2,interval=1ms}, and the nine EARTH balancers of Kakulavarapu et al. (decision 0047):
 * {@code SND}, {@code HIS}, {@code RANGE} and {@code CATAPULT} with {@code threshold},
 * {@code inFlight} and {@code interval}, {@code DUAL:threshold=2,interval=1ms}, {@code SPN}, {@code SHIS}, {@code RAND:inFlight=2,interval=1ms}
 * and {@code MINIMA:interval=1ms}; each also
 * takes {@code victims=uniform|round-robin|distance|distance:FLOOR_US} and {@code chunk=1|half|N} (how many jobs a
 * steal moves, {@link StealChunk}; by default {@code -Dsatin.stealChunk}, else 1). What is not given
 * keeps its default.
 */
public final class Balancers {

    /** The wide-area paper's five and the lifeline balancer: what the wide-area benchmarks compare by default. */
    public static final List<String> WIDE_AREA = List.of("RS", "RP", "CHS", "CLS", "CRS", "LL");
    /** The nine of the EARTH paper (decision 0047). */
    public static final List<String> EARTH = List.of("DUAL", "SPN", "SHIS", "SND", "HIS", "RANGE", "CATAPULT", "RAND",
            "MINIMA");
    public static final List<String> NAMES = java.util.stream.Stream.concat(WIDE_AREA.stream(), EARTH.stream()).toList();

    private Balancers() {
    }

    /**
     * A maker of balancers, one per node, as the text describes.
     *
     * @throws IllegalArgumentException naming the balancer or the setting that is wrong
     */
    public static Supplier<LoadBalancer> parse(String text) {
        String name = text.trim();
        Map<String, String> options = new LinkedHashMap<>();
        int colon = name.indexOf(':');
        if (colon >= 0) {
            for (String part : name.substring(colon + 1).split(",")) {
                int eq = part.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("balancer setting '" + part.trim() + "' is not NAME=VALUE");
                }
                options.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
            }
            name = name.substring(0, colon).trim();
        }
        String upper = name.toUpperCase(java.util.Locale.ROOT);
        Settings s = new Settings(upper, options);
        VictimSelector victims = VictimSelector.parse(s.text("victims", "uniform"));
        String chunkText = s.text("chunk", null);
        StealChunk chunk = chunkText == null ? StealChunk.fromProperty() : StealChunk.parse(chunkText, upper + " setting chunk");
        Supplier<LoadBalancer> kind = switch (upper) {
            case "RS" -> () -> new RandomStealing(victims.forNode());
            case "CRS" -> () -> new ClusterAwareRandomStealing(victims.forNode());
            case "CHS" -> {
                int arity = s.integer("arity", HierarchicalStealing.DEFAULT_ARITY);
                yield () -> new HierarchicalStealing(arity);
            }
            case "RP" -> {
                int threshold = s.integer("threshold", RandomPushing.DEFAULT_THRESHOLD);
                int inFlight = s.integer("inFlight", RandomPushing.DEFAULT_IN_FLIGHT);
                long interval = s.nanos("interval", RandomPushing.DEFAULT_INTERVAL_NANOS);
                yield () -> new RandomPushing(threshold, inFlight, interval, victims.forNode());
            }
            case "CLS" -> {
                int threshold = s.integer("threshold", 0);
                int prefetches = s.integer("prefetches", LoadBasedStealing.DEFAULT_PREFETCHES);
                long interval = s.nanos("interval", LoadBasedStealing.DEFAULT_INTERVAL_NANOS);
                yield () -> new LoadBasedStealing(threshold, prefetches, interval, victims.forNode());
            }
            case "LL" -> {
                int steals = s.integer("steals", LifelineStealing.DEFAULT_STEALS);
                long interval = s.nanos("interval", LifelineStealing.DEFAULT_INTERVAL_NANOS);
                yield () -> new LifelineStealing(steals, interval, victims.forNode());
            }
            case "SND", "HIS", "RANGE", "CATAPULT" -> earthSender(upper, s);
            case "DUAL" -> {
                int threshold = s.integer("threshold", DualBalancing.DEFAULT_THRESHOLD);
                long interval = s.nanos("interval", DualBalancing.DEFAULT_INTERVAL_NANOS);
                yield () -> new DualBalancing(threshold, interval);
            }
            case "SPN" -> SpnStealing::new;
            case "SHIS" -> ShisStealing::new;
            case "RAND" -> {
                int inFlight = s.integer("inFlight", RandBalancing.DEFAULT_IN_FLIGHT);
                long interval = s.nanos("interval", RandBalancing.DEFAULT_INTERVAL_NANOS);
                yield () -> new RandBalancing(inFlight, interval);
            }
            case "MINIMA" -> {
                long interval = s.nanos("interval", MinimaBalancing.DEFAULT_INTERVAL_NANOS);
                yield () -> new MinimaBalancing(interval);
            }
            default -> throw new IllegalArgumentException("no balancer called '" + name + "'; there are " + NAMES);
        };
        s.checkAllUsed();
        Supplier<LoadBalancer> maker = () -> withChunk(kind.get(), chunk);
        maker.get(); // a setting out of range is refused now, not on the first node
        return maker;
    }

    /** The EARTH balancers that send above a threshold, with at most so many in transit, checked every interval. */
    private static Supplier<LoadBalancer> earthSender(String name, Settings s) {
        // the four share their defaults: a paper's "rich" node, and RP's flow control and pace
        int threshold = s.integer("threshold", RangeSending.DEFAULT_THRESHOLD);
        int inFlight = s.integer("inFlight", RangeSending.DEFAULT_IN_FLIGHT);
        long interval = s.nanos("interval", RangeSending.DEFAULT_INTERVAL_NANOS);
        return switch (name) {
            case "SND" -> () -> new SndOffering(threshold, inFlight, interval);
            case "HIS" -> () -> new HistoryBalancing(threshold, inFlight, interval);
            case "RANGE" -> () -> new RangeBalancing(threshold, inFlight, interval);
            default -> () -> new CatapultBalancing(threshold, inFlight, interval);
        };
    }

    private static LoadBalancer withChunk(LoadBalancer b, StealChunk chunk) {
        if (b instanceof MemberAware m) {
            m.chunk = chunk;
        }
        return b;
    }

    /** A balancer's tunables as {@code name=value, ...}, its steal chunk last, for a run's report. */
    public static String describe(LoadBalancer b) {
        StringBuilder text = new StringBuilder();
        b.settings().forEach((k, v) -> text.append(k).append('=').append(v).append(", "));
        return text.append("chunk=").append(b.stealChunk()).toString();
    }

    /** The settings given to one balancer; each read marks it used, and the rest are refused. */
    private static final class Settings {
        private final String balancer;
        private final Map<String, String> given;
        private final Map<String, String> unused;

        Settings(String balancer, Map<String, String> given) {
            this.balancer = balancer;
            this.given = given;
            this.unused = new LinkedHashMap<>(given);
        }

        String text(String key, String otherwise) {
            unused.remove(key);
            return given.getOrDefault(key, otherwise);
        }

        int integer(String key, int otherwise) {
            String v = text(key, null);
            if (v == null) {
                return otherwise;
            }
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(balancer + " setting " + key + " needs a number, not '" + v + "'");
            }
        }

        long nanos(String key, long otherwise) {
            String v = text(key, null);
            if (v == null) {
                return otherwise;
            }
            try {
                return satin.runtime.Durations.nanos(v);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(balancer + " setting " + key + ": " + e.getMessage(), e);
            }
        }

        void checkAllUsed() {
            if (!unused.isEmpty()) {
                throw new IllegalArgumentException(balancer + " has no setting " + unused.keySet().iterator().next());
            }
        }
    }
}
