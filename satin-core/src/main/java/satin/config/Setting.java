package satin.config;

import java.util.Properties;
import java.util.function.Function;

/**
 * One {@code satin.*} system property, declared once: its name, its default, the values it takes
 * (as text for people and as a {@link Syntax} for the start-up check), what it means, and which
 * part of satin reads it. Reading sites take the value through it, so that the name, the default
 * and the bound cannot differ between a reader, the check and the documentation.
 *
 * @param name         the property, {@code satin.something}
 * @param defaultValue what a reader gets when it is not set; null if there is none
 * @param shownDefault the default as {@code docs/configuration.md} shows it, without its backticks
 * @param scope        which part of satin reads it
 * @param bound        the values it takes, in words
 * @param syntax       the values it takes, as a check
 * @param meaning      what it does, in one line
 */
public record Setting(String name, String defaultValue, String shownDefault, Scope scope, String bound, Syntax syntax,
        String meaning) {

    public Setting {
        if (!name.startsWith("satin.")) {
            throw new IllegalArgumentException("a satin setting is named satin.*, not " + name);
        }
    }

    /** A setting whose default is shown as it is ("none" if it has none). */
    static Setting of(Scope scope, String name, String defaultValue, String bound, Syntax syntax, String meaning) {
        return new Setting(name, defaultValue, defaultValue == null ? "none" : defaultValue, scope, bound, syntax,
                meaning);
    }

    /** The same setting, its default shown as {@code shown}: one that depends on others, or that a script sets. */
    Setting shownAs(String shown) {
        return new Setting(name, defaultValue, shown, scope, bound, syntax, meaning);
    }

    /** Whether its values are those of a type above {@code satin.config}, whose parser checks them. */
    public boolean ofItsType() {
        return syntax == Syntax.OF_ITS_TYPE;
    }

    /** The value set in {@code p}, or null if it is not set. */
    public String raw(Properties p) {
        return p.getProperty(name);
    }

    /** The value set among the system properties, or null. */
    public String raw() {
        return raw(System.getProperties());
    }

    /**
     * The value set in {@code p} once checked, else the default (null if there is none).
     *
     * @throws IllegalArgumentException naming the property and the value if the value is bad
     */
    public String text(Properties p) {
        String value = raw(p);
        if (value == null) {
            return defaultValue;
        }
        check(value);
        return value;
    }

    /** {@link #text(Properties)} of the system properties. */
    public String text() {
        return text(System.getProperties());
    }

    /**
     * The value in {@code p}, or the default, as {@code parse} reads it: for a setting of its type,
     * whose parser refuses a bad value. The refusal is named as {@link Syntax#parsedBy} names it.
     *
     * @throws IllegalArgumentException naming the property and the value if the value is bad
     */
    public <T> T parsed(Properties p, Function<String, T> parse) {
        String value = text(p);
        try {
            return parse.apply(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(Complaint.expected(e.getMessage()).about(name, value), e);
        }
    }

    /** A whole-number setting's value in {@code p}, or its default. */
    public long longValue(Properties p) {
        return Long.parseLong(text(p).trim());
    }

    /** {@link #longValue(Properties)} of the system properties. */
    public long longValue() {
        return longValue(System.getProperties());
    }

    /** A whole-number setting's default, one that fits an int. */
    public int defaultInt() {
        return Integer.parseInt(defaultValue);
    }

    /** A whole-number setting's value in {@code p}, or its default: one whose bounds fit an int. */
    public int intValue(Properties p) {
        return Math.toIntExact(longValue(p));
    }

    /** {@link #intValue(Properties)} of the system properties. */
    public int intValue() {
        return intValue(System.getProperties());
    }

    /** A switch's value in {@code p}, or its default. */
    public boolean isOn(Properties p) {
        return SwitchProperty.parse(name, text(p));
    }

    /** {@link #isOn(Properties)} of the system properties. */
    public boolean isOn() {
        return isOn(System.getProperties());
    }

    /** The problem with {@code value} of this setting, or null if it is good (or of its type). */
    public String problem(String value) {
        return syntax.problem(name, value);
    }

    /**
     * Refuses a bad {@code value} of this setting.
     *
     * @throws IllegalArgumentException naming the property and the value
     */
    public void check(String value) {
        String problem = problem(value);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }
}
