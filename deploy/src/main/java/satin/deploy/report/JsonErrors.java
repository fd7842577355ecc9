package satin.deploy.report;

import java.util.List;

/**
 * What a reader of a broken file was expecting, in its words rather than Jackson's: a user who
 * edited a result file by hand reads "expected ':'" faster than the parser's sentence. Jackson's
 * own message stays for whatever this table does not know.
 */
final class JsonErrors {

    /** A phrase of Jackson's message, and what it means was expected. */
    private record Phrase(String jackson, String expected) {
    }

    private static final List<Phrase> PHRASES = List.of(
            new Phrase("was expecting a colon", "':'"),
            new Phrase("comma to separate Array entries", "',' or ']'"),
            new Phrase("comma to separate Object entries", "',' or '}'"),
            new Phrase("double-quote to start field name", "a quoted field name"),
            new Phrase("close marker for Array", "']'"),
            new Phrase("close marker for Object", "'}'"),
            new Phrase("closing quote", "a closing quote"),
            new Phrase("character escape", "one of \" \\ / b f n r t u after a backslash"),
            new Phrase("Unrecognized token", "a value"),
            new Phrase("expected a valid value", "a value"));

    private JsonErrors() {
    }

    private static final String UNRECOGNIZED = "Unrecognized token '";

    /**
     * Where the problem starts: Jackson places an unrecognized word ({@code tru}) after it, the
     * reader at its first character.
     */
    static int start(String jacksonMessage, int at) {
        if (jacksonMessage == null || !jacksonMessage.startsWith(UNRECOGNIZED)) {
            return at;
        }
        int end = jacksonMessage.indexOf('\'', UNRECOGNIZED.length());
        return end < 0 ? at : Math.max(0, at - (end - UNRECOGNIZED.length()));
    }

    /** What {@code jacksonMessage} says was expected. */
    static String expected(String jacksonMessage) {
        String message = jacksonMessage == null ? "" : jacksonMessage;
        for (Phrase p : PHRASES) {
            if (message.contains(p.jackson())) {
                return p.expected();
            }
        }
        int cut = message.indexOf(" (start marker");
        return "valid JSON (" + (cut < 0 ? message : message.substring(0, cut)) + ")";
    }
}
