package satin.net;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The few DER encodings (ITU-T X.690) that an X.509 certificate of {@link PoolCa} needs, written
 * here rather than loaded from a library: the one that did it (Bouncy Castle) is a signed jar,
 * which no class-data archive holds, and its classes cost every process a second of its start
 * (decision 0044).
 */
final class Der {

    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'")
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter GENERALIZED_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private Der() {
    }

    static byte[] sequence(byte[]... parts) {
        return tagged(0x30, concat(parts));
    }

    static byte[] set(byte[]... parts) {
        return tagged(0x31, concat(parts));
    }

    /** A context-specific constructed tag {@code [n]} around {@code content} (EXPLICIT tagging). */
    static byte[] explicit(int n, byte[] content) {
        return tagged(0xA0 | n, content);
    }

    static byte[] integer(BigInteger value) {
        return tagged(0x02, value.toByteArray()); // two's complement, minimal: what DER asks
    }

    static byte[] bool(boolean value) {
        return tagged(0x01, new byte[] {(byte) (value ? 0xFF : 0)});
    }

    static byte[] octets(byte[] value) {
        return tagged(0x04, value);
    }

    /** A BIT STRING of whole bytes whose last {@code unused} bits are not part of it. */
    static byte[] bits(int unused, byte[] value) {
        byte[] content = new byte[value.length + 1];
        content[0] = (byte) unused;
        System.arraycopy(value, 0, content, 1, value.length);
        return tagged(0x03, content);
    }

    static byte[] utf8(String text) {
        return tagged(0x0C, text.getBytes(StandardCharsets.UTF_8));
    }

    /** An OBJECT IDENTIFIER from its dotted form. */
    static byte[] oid(String dotted) {
        String[] arcs = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Integer.parseInt(arcs[0]) * 40 + Integer.parseInt(arcs[1]));
        for (int i = 2; i < arcs.length; i++) {
            long arc = Long.parseLong(arcs[i]);
            int groups = Math.max(1, (64 - Long.numberOfLeadingZeros(arc) + 6) / 7);
            for (int g = groups - 1; g >= 0; g--) {
                out.write((int) ((arc >>> (7 * g)) & 0x7F) | (g > 0 ? 0x80 : 0));
            }
        }
        return tagged(0x06, out.toByteArray());
    }

    /** A certificate's time: UTCTime up to 2049, GeneralizedTime from 2050 on (RFC 5280, 4.1.2.5). */
    static byte[] time(Instant at) {
        boolean utc = at.atZone(ZoneOffset.UTC).getYear() < 2050;
        return tagged(utc ? 0x17 : 0x18, (utc ? UTC_TIME : GENERALIZED_TIME).format(at).getBytes(StandardCharsets.US_ASCII));
    }

    static byte[] tagged(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int n = content.length;
        if (n < 0x80) {
            out.write(n);
        } else {
            int bytes = (32 - Integer.numberOfLeadingZeros(n) + 7) / 8;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(n >>> (8 * i));
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
