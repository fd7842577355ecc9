package satin.config;

import java.util.Locale;

/** A size in bytes as settings write it: a number, or one with a {@code k}, {@code m} or {@code g} suffix. */
public final class Bytes {

    private Bytes() {
    }

    /**
     * The bytes {@code text} names ({@code 512m} is 512 MiB).
     *
     * @throws IllegalArgumentException if it is no size, or one beyond a long
     */
    public static long parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("k") || t.endsWith("m") || t.endsWith("g")) {
            unit = switch (t.charAt(t.length() - 1)) {
                case 'k' -> 1L << 10;
                case 'm' -> 1L << 20;
                default -> 1L << 30;
            };
            t = t.substring(0, t.length() - 1);
        }
        try {
            return Math.multiplyExact(Long.parseLong(t), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is not a size in bytes (such as 512m)");
        }
    }

    /** At least {@code min} bytes; {@code below} says what falls short, after {@code -Dname=value: }. */
    static Syntax atLeast(long min, String below) {
        return (name, value) -> {
            long bytes;
            try {
                bytes = parse(value);
            } catch (IllegalArgumentException e) {
                return Complaint.expected(e.getMessage()).about(name, value);
            }
            return bytes >= min ? null : Complaint.expected(bytes + " bytes is below " + below).about(name, value);
        };
    }
}
