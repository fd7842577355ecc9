package satin.deploy.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people type them: 500ms, 90s, 30m, 2h. */
final class Durations {

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");

    private Durations() {
    }

    static Duration parse(String option, String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(option + " needs a duration like 90s or 30m, not '" + text + "'");
        }
        Duration d;
        try {
            long n = Long.parseLong(m.group(1));
            d = switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        } catch (NumberFormatException | ArithmeticException tooLong) {
            d = null;
        }
        if (d == null || d.compareTo(LONGEST) > 0) { // a deadline of now plus more than 2^63 ns cannot be kept
            throw new IllegalArgumentException(option + " may be at most 8760h (a year), not '" + text + "'");
        }
        if (d.isZero()) {
            throw new IllegalArgumentException(option + " must be longer than 0, not '" + text + "'");
        }
        return d;
    }

    private static final Duration LONGEST = Duration.ofHours(8760);
}
