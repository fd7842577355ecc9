package satin.runtime;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people type them, the same in every field that takes one (WAN latency and jitter,
 * a simulated LAN, balancer intervals, timeouts, simulated costs and limits): a number, perhaps
 * with a fraction, and one of ns, us, ms, s, m or h. Each field adds its own limits; the units
 * and the words of a refusal are this class's, so that no field takes a unit another refuses.
 */
public final class Durations {

    /** A number and its unit as two groups, for patterns that hold a duration among other parts. */
    public static final String REGEX = "(\\d+(?:\\.\\d+)?)\\s*(ns|us|ms|s|m|h)";

    /** What a duration is written as, for messages. */
    public static final String EXPECTED = "a duration like 250ns, 2us, 10ms, 90s, 30m or 1h";

    private static final Pattern DURATION = Pattern.compile(REGEX);

    private Durations() {
    }

    /**
     * A duration in nanoseconds.
     *
     * @throws IllegalArgumentException saying what was found and what was expected
     */
    public static long nanos(String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("found '" + text + "'; expected " + EXPECTED);
        }
        long v = nanos(m.group(1), m.group(2));
        if (v == Long.MAX_VALUE) {
            throw new IllegalArgumentException("found '" + text.trim() + "', longer than 292 years; expected " + EXPECTED);
        }
        return v;
    }

    /**
     * A number and unit that {@link #REGEX} matched, in nanoseconds; {@code Long.MAX_VALUE} for
     * anything past 2^63 ns (292 years), which every field's own limit refuses.
     */
    public static long nanos(String number, String unit) {
        double v = Double.parseDouble(number) * switch (unit) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m" -> 60e9;
            default -> 3600e9;
        };
        return Math.round(v); // saturates at Long.MAX_VALUE
    }
}
