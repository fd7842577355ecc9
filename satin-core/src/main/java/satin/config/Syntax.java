package satin.config;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * What values a setting takes, as a check: the problem with a value, or null if it is good. The
 * syntaxes any setting may have are here; a setting whose values are those of a type above this
 * package (a deque kind, a TLS policy) is declared {@link #OF_ITS_TYPE}, and that type's parser is
 * handed to the start-up check with {@link #parsedBy}, for this package depends on no other.
 */
@FunctionalInterface
public interface Syntax {

    /** Values are checked by the parser of the setting's type, where that type is read. */
    Syntax OF_ITS_TYPE = (name, value) -> null;

    /** Any text. */
    Syntax TEXT = (name, value) -> null;

    /** {@code true} or {@code false}, in any case, spaces around them ignored. */
    Syntax SWITCH = (name, value) -> {
        try {
            SwitchProperty.parse(name, value);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    };

    /** The problem with {@code value} of the setting {@code name}, or null if there is none. */
    String problem(String name, String value);

    /** A whole number from {@code min} to {@code max}, spaces around it ignored. */
    static Syntax wholeNumber(long min, long max, Complaint complaint) {
        return wholeNumber(min, max, complaint, complaint);
    }

    /** The same, with one complaint about text that is no number and another about a number out of bounds. */
    static Syntax wholeNumber(long min, long max, Complaint notANumber, Complaint outOfBounds) {
        return (name, value) -> {
            long n;
            try {
                n = Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                return notANumber.about(name, value);
            }
            return n >= min && n <= max ? null : outOfBounds.about(name, value);
        };
    }

    /** One of {@code words}, in any case, spaces around it ignored. */
    static Syntax oneOf(List<String> words, Complaint complaint) {
        return (name, value) -> words.contains(value.trim().toLowerCase(Locale.ROOT)) ? null
                : complaint.about(name, value);
    }

    /**
     * The syntax a type's parser defines: the parser's refusal (an {@link IllegalArgumentException})
     * is the problem, after {@code -Dname=value: }.
     */
    static Syntax parsedBy(Consumer<String> parser) {
        return (name, value) -> {
            String m = refusal(parser, value);
            return m == null ? null : Complaint.expected(m).about(name, value);
        };
    }

    /** The same, for a parser whose refusal names the setting and the value itself. */
    static Syntax parsedNamingItselfBy(Consumer<String> parser) {
        return (name, value) -> refusal(parser, value);
    }

    private static String refusal(Consumer<String> parser, String value) {
        try {
            parser.accept(value);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
