package satin.bench;

/**
 * The values of a bench command's options, each checked where it is read: a value that is not a
 * number, or an option with no value after it, is named with the option in one line (which
 * {@link Bench#main} follows with the usage of every command), not met as a NumberFormatException's
 * stack trace.
 */
public final class Args {

    private Args() {
    }

    /** A bench command line that cannot be run as given; its message names the option and the value. */
    public static final class Bad extends IllegalArgumentException {
        public Bad(String message) {
            super(message);
        }
    }

    /** The value of the option at {@code i - 1}. */
    public static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new Bad("option " + args[i - 1] + " needs a value");
        }
        return args[i];
    }

    /** The whole number, 0 or more, given to the option at {@code i - 1}. */
    static int intOf(String[] args, int i) {
        return count(value(args, i), "option " + args[i - 1]);
    }

    /** The whole number, 1 or more, given to the option at {@code i - 1} (a count of rounds, of nodes). */
    public static int positiveOf(String[] args, int i) {
        return positive(value(args, i), "option " + args[i - 1]);
    }

    /** {@code value} as a whole number, 1 or more. */
    static int positive(String value, String what) {
        int n = count(value, what);
        if (n < 1) {
            throw new Bad(what + ": " + n + " is not 1 or more");
        }
        return n;
    }

    /** The whole number given to the option at {@code i - 1}, as a long. */
    static long longOf(String[] args, int i) {
        String v = value(args, i);
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new Bad("option " + args[i - 1] + ": '" + v + "' is not a whole number");
        }
    }

    /** {@code value} as a whole number, 0 or more; {@code what} says what gave it ("option --rounds", "ROUNDS"). */
    static int count(String value, String what) {
        int n;
        try {
            n = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new Bad(what + ": '" + value + "' is not a whole number");
        }
        if (n < 0) {
            throw new Bad(what + ": " + n + " is below 0");
        }
        return n;
    }

    /** {@code value} as a number with or without a fraction. */
    static double fraction(String value, String what) {
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new Bad(what + ": '" + value + "' is not a number");
        }
    }

    /** An option the command does not know. */
    public static Bad unknown(String option) {
        return new Bad("unknown option " + option);
    }

    /** What {@code parse} gives, its IllegalArgumentException (which names the value) taken as a bad command line. */
    static <T> T checked(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (Bad e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new Bad(e.getMessage());
        }
    }
}
