package satin.apps.uts;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * SHA-1 of the two messages UTS hashes, both shorter than one 64-byte block: a child's state is
 * the digest of its parent's 20-byte state followed by the child's index (4 bytes, big-endian), the
 * root's the digest of 16 zero bytes followed by the seed. One compression from the initial hash
 * value does it, with the padding and the length written in as constants, and the rounds are
 * unrolled so that the 16-word message window and the five working variables can stay in
 * registers. Where the JDK's SHA-1 runs on the processor's SHA instructions it is faster than this
 * (see {@link Walk}); this is the implementation for the others, and the tests' second opinion.
 */
final class Sha1 {

    private static final VarHandle BIG_ENDIAN = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private Sha1() {
    }

    /**
     * Writes the digest of the 24 bytes {@code message[0..23]} (a parent's state and a child's
     * index) to {@code out[off..off+19]}.
     */
    static void child(byte[] message, byte[] out, int off) {
        // the 0x80 pad byte follows the message; its length in bits is 192
        compress(out, off, word(message, 0), word(message, 4), word(message, 8), word(message, 12),
                word(message, 16), word(message, 20), 0x80000000, 0, 0, 0, 0, 0, 0, 0, 0, 192);
    }

    /** Writes the state of the root of the tree with this seed (the digest of 16 zero bytes and the seed) to {@code out[off..off+19]}. */
    static void root(int seed, byte[] out, int off) {
        // the 0x80 pad byte follows the 20 bytes of message; its length in bits is 160
        compress(out, off, 0, 0, 0, 0, seed, 0x80000000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 160);
    }

    /** The big-endian int at {@code b[off..off+3]}. */
    static int word(byte[] b, int off) {
        return (int) BIG_ENDIAN.get(b, off);
    }

    /** The digest of a message that, padded, is the single block w0..w15. */
    static void compress(byte[] out, int off, int w0, int w1, int w2, int w3, int w4, int w5, int w6, int w7,
            int w8, int w9, int w10, int w11, int w12, int w13, int w14, int w15) {
        int a = 0x67452301;
        int b = 0xEFCDAB89;
        int c = 0x98BADCFE;
        int d = 0x10325476;
        int e = 0xC3D2E1F0;
        e += Integer.rotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5A827999 + w0;
        b = Integer.rotateLeft(b, 30);
        d += Integer.rotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5A827999 + w1;
        a = Integer.rotateLeft(a, 30);
        c += Integer.rotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5A827999 + w2;
        e = Integer.rotateLeft(e, 30);
        b += Integer.rotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5A827999 + w3;
        d = Integer.rotateLeft(d, 30);
        a += Integer.rotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5A827999 + w4;
        c = Integer.rotateLeft(c, 30);
        e += Integer.rotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5A827999 + w5;
        b = Integer.rotateLeft(b, 30);
        d += Integer.rotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5A827999 + w6;
        a = Integer.rotateLeft(a, 30);
        c += Integer.rotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5A827999 + w7;
        e = Integer.rotateLeft(e, 30);
        b += Integer.rotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5A827999 + w8;
        d = Integer.rotateLeft(d, 30);
        a += Integer.rotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5A827999 + w9;
        c = Integer.rotateLeft(c, 30);
        e += Integer.rotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5A827999 + w10;
        b = Integer.rotateLeft(b, 30);
        d += Integer.rotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5A827999 + w11;
        a = Integer.rotateLeft(a, 30);
        c += Integer.rotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5A827999 + w12;
        e = Integer.rotateLeft(e, 30);
        b += Integer.rotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5A827999 + w13;
        d = Integer.rotateLeft(d, 30);
        a += Integer.rotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5A827999 + w14;
        c = Integer.rotateLeft(c, 30);
        e += Integer.rotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5A827999 + w15;
        b = Integer.rotateLeft(b, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        d += Integer.rotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5A827999 + w0;
        a = Integer.rotateLeft(a, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        c += Integer.rotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5A827999 + w1;
        e = Integer.rotateLeft(e, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        b += Integer.rotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5A827999 + w2;
        d = Integer.rotateLeft(d, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        a += Integer.rotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5A827999 + w3;
        c = Integer.rotateLeft(c, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w4;
        b = Integer.rotateLeft(b, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w5;
        a = Integer.rotateLeft(a, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w6;
        e = Integer.rotateLeft(e, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w7;
        d = Integer.rotateLeft(d, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w8;
        c = Integer.rotateLeft(c, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w9;
        b = Integer.rotateLeft(b, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w10;
        a = Integer.rotateLeft(a, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w11;
        e = Integer.rotateLeft(e, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w12;
        d = Integer.rotateLeft(d, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w13;
        c = Integer.rotateLeft(c, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w14;
        b = Integer.rotateLeft(b, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w15;
        a = Integer.rotateLeft(a, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w0;
        e = Integer.rotateLeft(e, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w1;
        d = Integer.rotateLeft(d, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w2;
        c = Integer.rotateLeft(c, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w3;
        b = Integer.rotateLeft(b, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w4;
        a = Integer.rotateLeft(a, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w5;
        e = Integer.rotateLeft(e, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w6;
        d = Integer.rotateLeft(d, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w7;
        c = Integer.rotateLeft(c, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (d & (b | c))) + 0x8F1BBCDC + w8;
        b = Integer.rotateLeft(b, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (c & (a | b))) + 0x8F1BBCDC + w9;
        a = Integer.rotateLeft(a, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (b & (e | a))) + 0x8F1BBCDC + w10;
        e = Integer.rotateLeft(e, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (a & (d | e))) + 0x8F1BBCDC + w11;
        d = Integer.rotateLeft(d, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (e & (c | d))) + 0x8F1BBCDC + w12;
        c = Integer.rotateLeft(c, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (d & (b | c))) + 0x8F1BBCDC + w13;
        b = Integer.rotateLeft(b, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (c & (a | b))) + 0x8F1BBCDC + w14;
        a = Integer.rotateLeft(a, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (b & (e | a))) + 0x8F1BBCDC + w15;
        e = Integer.rotateLeft(e, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (a & (d | e))) + 0x8F1BBCDC + w0;
        d = Integer.rotateLeft(d, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (e & (c | d))) + 0x8F1BBCDC + w1;
        c = Integer.rotateLeft(c, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (d & (b | c))) + 0x8F1BBCDC + w2;
        b = Integer.rotateLeft(b, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (c & (a | b))) + 0x8F1BBCDC + w3;
        a = Integer.rotateLeft(a, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (b & (e | a))) + 0x8F1BBCDC + w4;
        e = Integer.rotateLeft(e, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (a & (d | e))) + 0x8F1BBCDC + w5;
        d = Integer.rotateLeft(d, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (e & (c | d))) + 0x8F1BBCDC + w6;
        c = Integer.rotateLeft(c, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (d & (b | c))) + 0x8F1BBCDC + w7;
        b = Integer.rotateLeft(b, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (c & (a | b))) + 0x8F1BBCDC + w8;
        a = Integer.rotateLeft(a, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (b & (e | a))) + 0x8F1BBCDC + w9;
        e = Integer.rotateLeft(e, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (a & (d | e))) + 0x8F1BBCDC + w10;
        d = Integer.rotateLeft(d, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (e & (c | d))) + 0x8F1BBCDC + w11;
        c = Integer.rotateLeft(c, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w12;
        b = Integer.rotateLeft(b, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w13;
        a = Integer.rotateLeft(a, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w14;
        e = Integer.rotateLeft(e, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w15;
        d = Integer.rotateLeft(d, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w0;
        c = Integer.rotateLeft(c, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w1;
        b = Integer.rotateLeft(b, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w2;
        a = Integer.rotateLeft(a, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w3;
        e = Integer.rotateLeft(e, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w4;
        d = Integer.rotateLeft(d, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w5;
        c = Integer.rotateLeft(c, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w6;
        b = Integer.rotateLeft(b, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w7;
        a = Integer.rotateLeft(a, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w8;
        e = Integer.rotateLeft(e, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w9;
        d = Integer.rotateLeft(d, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w10;
        c = Integer.rotateLeft(c, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w11;
        b = Integer.rotateLeft(b, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w12;
        a = Integer.rotateLeft(a, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w13;
        e = Integer.rotateLeft(e, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w14;
        d = Integer.rotateLeft(d, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w15;
        c = Integer.rotateLeft(c, 30);
        BIG_ENDIAN.set(out, off, a + 0x67452301);
        BIG_ENDIAN.set(out, off + 4, b + 0xEFCDAB89);
        BIG_ENDIAN.set(out, off + 8, c + 0x98BADCFE);
        BIG_ENDIAN.set(out, off + 12, d + 0x10325476);
        BIG_ENDIAN.set(out, off + 16, e + 0xC3D2E1F0);
    }
}
