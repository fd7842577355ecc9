package satin.deploy.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A command line's durations, in the units every duration takes ({@link satin.runtime.Durations}). */
final class Durations {

    private static final Pattern DURATION = Pattern.compile(satin.runtime.Durations.REGEX);

    private static final Duration LONGEST = Duration.ofHours(8760);

    private Durations() {
    }

    static Duration parse(String option, String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(option + ": found '" + text + "'; expected " + satin.runtime.Durations.EXPECTED);
        }
        Duration d = Duration.ofNanos(satin.runtime.Durations.nanos(m.group(1), m.group(2)));
        if (d.compareTo(LONGEST) > 0) { // a deadline of now plus more than 2^63 ns cannot be kept
            throw new IllegalArgumentException(option + " may be at most 8760h (a year), not '" + text + "'");
        }
        if (d.isZero()) {
            throw new IllegalArgumentException(option + " must be longer than 0, not '" + text + "'");
        }
        return d;
    }
}
