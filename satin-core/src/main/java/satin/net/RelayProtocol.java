package satin.net;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * What a dialing end and a front-end's relay say before the relay splices the connection through:
 * lines of text, each at most {@link #MAX_LINE} bytes. The relay greets with a random nonce; the
 * dialer answers with where to go next ({@code target ADDRESS} for the member it wants,
 * {@code relay ADDRESS} for another cluster's relay on the way) and an HMAC of that answer and the
 * nonce under the pool's secret, so that a relay carries only a pool member's connections and a
 * replayed answer is worth nothing. The relay answers a target with {@link #OK} once connected, or
 * either kind with {@link #REFUSED} or {@link #UNREACHABLE} and why; a further relay greets through
 * the first one.
 */
public final class RelayProtocol {

    /** A line longer than this (a peer that sends no newline) breaks the protocol. */
    public static final int MAX_LINE = 300;
    public static final String GREETING = "satin-relay/1 ";
    public static final String OK = "ok";
    /** A judgement of the request (no proof of the secret, a host outside the pool): another try fares no better. */
    public static final String REFUSED = "refused ";
    /** The way is shut for now (the target does not answer, the relay is full): another try may get through. */
    public static final String UNREACHABLE = "unreachable ";

    private RelayProtocol() {
    }

    /** Where the dialer asks a relay to go. */
    public enum Kind {
        /** The member the connection is for: the relay answers {@link #OK} once it reaches it. */
        TARGET,
        /** Another relay, which greets the dialer through this one. */
        RELAY;

        String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A dialer's answer, once parsed; its MAC is checked by {@link #proves}. */
    public record Request(Kind kind, String next, byte[] mac) {
    }

    public static String greeting(byte[] nonce) {
        return GREETING + HexFormat.of().formatHex(nonce);
    }

    /** The nonce of a relay's greeting. */
    public static byte[] nonceOf(String line) {
        if (!line.startsWith(GREETING)) {
            throw new ProtocolException("the relay greeted with '" + printable(line) + "', not '" + GREETING + "...'");
        }
        return hex(line.substring(GREETING.length()), "the relay's nonce");
    }

    /** The dialer's answer to a greeting of {@code nonce}: where to go next, signed. */
    public static String request(PoolIdentity self, byte[] nonce, Kind kind, String next) {
        return kind.word() + " " + next + " " + HexFormat.of().formatHex(self.sign(label(kind, next), nonce));
    }

    /** A dialer's answer, read by a relay. */
    public static Request parse(String line) {
        String[] words = line.split(" ", -1);
        if (words.length != 3) {
            throw new ProtocolException("expected 'target|relay tcp://HOST:PORT MAC', found '" + printable(line) + "'");
        }
        Kind kind = switch (words[0]) {
            case "target" -> Kind.TARGET;
            case "relay" -> Kind.RELAY;
            default -> throw new ProtocolException("expected target or relay, found '" + printable(words[0]) + "'");
        };
        Transport.checkAddress(words[1]);
        if (!words[1].startsWith("tcp://")) {
            throw new ProtocolException("a relay goes to tcp:// addresses only, not " + printable(words[1]));
        }
        return new Request(kind, words[1], hex(words[2], "the MAC"));
    }

    /** Whether a request proves its sender knows the pool's secret, for the greeting of {@code nonce}. */
    public static boolean proves(PoolIdentity relay, byte[] nonce, Request r) {
        return relay.verify(label(r.kind(), r.next()), nonce, r.mac());
    }

    private static String label(Kind kind, String next) {
        return "relay " + kind.word() + " " + next + " ";
    }

    /**
     * The next line in {@code in} without its newline, consumed; null while none is complete.
     *
     * @throws ProtocolException when more than {@link #MAX_LINE} bytes come without a newline
     */
    public static String line(ByteBuf in) {
        int end = in.indexOf(in.readerIndex(), in.writerIndex(), (byte) '\n');
        if (end < 0) {
            if (in.readableBytes() > MAX_LINE) {
                throw new ProtocolException("more than " + MAX_LINE + " bytes without a newline before the relay's splice");
            }
            return null;
        }
        if (end - in.readerIndex() > MAX_LINE) {
            throw new ProtocolException("a line of " + (end - in.readerIndex()) + " bytes before the relay's splice; at most "
                    + MAX_LINE);
        }
        String line = in.toString(in.readerIndex(), end - in.readerIndex(), StandardCharsets.US_ASCII);
        in.readerIndex(end + 1);
        return line;
    }

    private static byte[] hex(String text, String what) {
        try {
            return HexFormat.of().parseHex(text);
        } catch (IllegalArgumentException e) {
            throw new ProtocolException(what + " is not hexadecimal: '" + printable(text) + "'");
        }
    }

    /** A peer's text as it may go in a log: printable ASCII, at most 80 characters. */
    static String printable(String text) {
        String cut = text.length() > 80 ? text.substring(0, 80) + "..." : text;
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
