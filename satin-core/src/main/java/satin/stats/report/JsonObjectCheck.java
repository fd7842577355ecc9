package satin.stats.report;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Whether a text is exactly one JSON object, nested at most so deep: what a member sends as its
 * statistics goes into the run's statistics file as it is, so anything else would forge or break
 * that file (a second node after its own, a nest that ends the file's reader). Read with a stack
 * of its own, not by recursion, so that no text can overflow this thread's.
 */
public final class JsonObjectCheck {

    private final String text;
    private final int maxDepth;
    private final Deque<Character> open = new ArrayDeque<>();
    private int at;

    private JsonObjectCheck(String text, int maxDepth) {
        this.text = text;
        this.maxDepth = maxDepth;
    }

    /** What is wrong with {@code text} as one JSON object, with where; null if nothing is. */
    public static String problem(String text, int maxDepth) {
        JsonObjectCheck c = new JsonObjectCheck(text, maxDepth);
        try {
            c.document();
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private void document() {
        blank();
        if (!next('{')) {
            throw wrong("'{'");
        }
        push('{');
        while (!open.isEmpty()) {
            blank();
            char inside = open.peek();
            char close = inside == '{' ? '}' : ']';
            if (next(close)) {
                open.pop();
                afterOpening = false;
                continue;
            }
            if (!afterOpening && !next(',')) {
                throw wrong("',' or '" + close + "'");
            }
            afterOpening = false;
            blank();
            if (inside == '{') {
                string();
                blank();
                if (!next(':')) {
                    throw wrong("':'");
                }
                blank();
            }
            value();
        }
        blank();
        if (at != text.length()) {
            throw wrong("the end of the text");
        }
    }

    /** Whether the last token opened an object or array: its first member needs no comma. */
    private boolean afterOpening;

    private void push(char c) {
        if (open.size() == maxDepth) {
            throw wrong("at most " + maxDepth + " levels of nesting");
        }
        open.push(c);
        afterOpening = true;
    }

    private void value() {
        if (next('{')) {
            push('{');
        } else if (next('[')) {
            push('[');
        } else if (peek() == '"') {
            string();
        } else if (!word("true") && !word("false") && !word("null") && !number()) {
            throw wrong("a value");
        }
    }

    private void string() {
        if (!next('"')) {
            throw wrong("'\"'");
        }
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return;
            }
            if (c < 0x20) {
                throw wrong("no control character in a string");
            }
            if (c == '\\') {
                char e = at < text.length() ? text.charAt(at++) : 0;
                if (e == 'u') {
                    for (int i = 0; i < 4; i++) {
                        if (at >= text.length() || Character.digit(text.charAt(at++), 16) < 0) {
                            throw wrong("four hexadecimal digits after \\u");
                        }
                    }
                } else if ("\"\\/bfnrt".indexOf(e) < 0 || e == 0) {
                    throw wrong("an escape such as \\n");
                }
            }
        }
        throw wrong("the end of a string");
    }

    private boolean number() {
        int start = at;
        next('-');
        int digits = digits();
        if (digits == 0 || (digits > 1 && text.charAt(at - digits) == '0')) {
            at = start;
            return false;
        }
        if (next('.') && digits() == 0) {
            throw wrong("digits after '.'");
        }
        if (next('e') || next('E')) {
            if (!next('+')) {
                next('-');
            }
            if (digits() == 0) {
                throw wrong("digits in an exponent");
            }
        }
        return true;
    }

    private int digits() {
        int n = 0;
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
            n++;
        }
        return n;
    }

    private boolean word(String w) {
        if (text.startsWith(w, at)) {
            at += w.length();
            return true;
        }
        return false;
    }

    private void blank() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : 0;
    }

    private boolean next(char c) {
        if (peek() == c && at < text.length()) {
            at++;
            return true;
        }
        return false;
    }

    private IllegalArgumentException wrong(String expected) {
        return new IllegalArgumentException("expected " + expected + " at character " + at + " of " + text.length());
    }
}
