package satin.apps;

import java.util.List;
import java.util.Map;

/**
 * How every application reads its command line: a preset's name or explicit arguments, and
 * numbers checked against their range, refused with the parameter, the value and what was
 * expected. Not rewritten (it spawns nothing), so the sequential and the parallel program share it.
 */
public final class AppArguments {

    private AppArguments() {
    }

    /** The arguments themselves, those of the preset named as the only one, or the small preset for none. */
    public static List<String> of(Map<String, List<String>> presets, String... args) {
        if (args.length == 0) {
            return presets.get("small");
        }
        if (args.length == 1 && presets.containsKey(args[0])) {
            return presets.get(args[0]);
        }
        return List.of(args);
    }

    /**
     * Whether a search shares its bound (an {@link Incumbent}) rather than passing it down: the
     * argument at {@code index}, {@code shared} (also when there is none) or {@code passed}.
     */
    public static boolean sharesBound(List<String> args, int index) {
        if (args.size() <= index || args.get(index).equals("shared")) {
            return true;
        }
        if (args.get(index).equals("passed")) {
            return false;
        }
        throw new IllegalArgumentException("the bound must be shared (one shared object for all jobs) or passed"
                + " (passed down to each job), not " + args.get(index));
    }

    /** An integer from {@code min} to {@code max}; any int when the range is all of them. */
    public static int integer(String value, String name, int min, int max) {
        return (int) checked(value, name, min, max, min == Integer.MIN_VALUE && max == Integer.MAX_VALUE);
    }

    /** An integer from {@code min} to {@code max}; any long when the range is all of them. */
    public static long integer(String value, String name, long min, long max) {
        return checked(value, name, min, max, min == Long.MIN_VALUE && max == Long.MAX_VALUE);
    }

    private static long checked(String value, String name, long min, long max, boolean anyOfItsType) {
        try {
            long v = Long.parseLong(value.trim());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // named below, with what was expected
        }
        String range = anyOfItsType ? "" : " from " + min + " to " + max;
        throw new IllegalArgumentException(name + " must be an integer" + range + ", not '" + value + "'");
    }

    /** A number from {@code min} to {@code max}. */
    public static double number(String value, String name, double min, double max) {
        try {
            double v = Double.parseDouble(value.trim());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // named below, with what was expected
        }
        throw new IllegalArgumentException(name + " must be a number from " + min + " to " + max + ", not '" + value + "'");
    }
}
