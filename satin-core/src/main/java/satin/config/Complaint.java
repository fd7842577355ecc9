package satin.config;

/**
 * What to say about a bad value of a setting. The messages differ in shape from setting to setting
 * because scripts and tests match them; each declaration keeps its own, and most are
 * {@link #expected(String) -Dname=value: expected ...}.
 */
@FunctionalInterface
public interface Complaint {

    /** The message refusing {@code value} of the setting {@code name}. */
    String about(String name, String value);

    /** {@code -Dname=value: } followed by {@code what}. */
    static Complaint expected(String what) {
        return (name, value) -> "-D" + name + "=" + value + ": " + what;
    }
}
