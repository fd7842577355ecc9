package satin.config;

import java.util.Locale;

/**
 * A system property that is on or off. {@code Boolean.getBoolean} takes every value but
 * {@code true} for off, so {@code -Dsatin.requireRewritten=yes} switched the check off while its
 * user thought it on; here {@code true} and {@code false} (in any case, spaces around them
 * ignored) are the only values, and anything else is refused with the property and the value.
 */
final class SwitchProperty {

    private SwitchProperty() {
    }

    /**
     * The switch {@code value} of {@code name} says.
     *
     * @throws IllegalArgumentException naming the property and the value if it is neither true nor false
     */
    static boolean parse(String name, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("-D" + name + "=" + value + ": expected true or false");
        };
    }
}
