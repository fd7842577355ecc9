package satin.codec;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

/**
 * A Kryo input over one message that believes no length it reads more than the bytes left can
 * hold. Kryo allocates a string's characters or an array's elements as soon as it has read their
 * count; a forged count of two billion would then cost gigabytes, or an {@code OutOfMemoryError},
 * before the input runs out. Every element takes at least one byte (a fixed-width one, its width),
 * so a count above what is left is refused at once.
 */
final class BoundedInput extends Input {

    BoundedInput(byte[] bytes) {
        super(bytes);
    }

    /** Refuses a count of elements of at least {@code bytesEach} bytes that the rest of {@code in} cannot hold. */
    static void check(Input in, long count, int bytesEach, String what) {
        long left = in.limit() - in.position();
        if (count < 0 || count * bytesEach > left) {
            throw new KryoException(what + " of " + count + " elements in a message with " + left + " bytes left");
        }
    }

    @Override
    public String readString() {
        checkStringLength();
        try {
            return super.readString();
        } catch (IndexOutOfBoundsException e) {
            // Kryo's reader of an ASCII string past a buffer's end: a string the message cuts short
            throw new KryoException("a string cut short (" + e.getMessage() + ")");
        }
    }

    @Override
    public StringBuilder readStringBuilder() {
        checkStringLength();
        return super.readStringBuilder();
    }

    /** A string is ASCII (ended by a high bit, so it cannot claim a length) or counted: the count is checked. */
    private void checkStringLength() {
        if (position < limit && readVarIntFlag()) {
            int start = position;
            int countPlusOne = readVarIntFlag(true);
            position = start;
            if (countPlusOne > 1) { // 0 is null, 1 the empty string
                check(this, countPlusOne - 1L, 1, "a string");
            }
        }
    }

    @Override
    public byte[] readBytes(int length) {
        check(this, length, 1, "a byte array");
        return super.readBytes(length);
    }

    @Override
    public int[] readInts(int length) {
        check(this, length, 4, "an int array");
        return super.readInts(length);
    }

    @Override
    public int[] readInts(int length, boolean optimizePositive) {
        check(this, length, 1, "an int array");
        return super.readInts(length, optimizePositive);
    }

    @Override
    public long[] readLongs(int length) {
        check(this, length, 8, "a long array");
        return super.readLongs(length);
    }

    @Override
    public long[] readLongs(int length, boolean optimizePositive) {
        check(this, length, 1, "a long array");
        return super.readLongs(length, optimizePositive);
    }

    @Override
    public float[] readFloats(int length) {
        check(this, length, 4, "a float array");
        return super.readFloats(length);
    }

    @Override
    public double[] readDoubles(int length) {
        check(this, length, 8, "a double array");
        return super.readDoubles(length);
    }

    @Override
    public short[] readShorts(int length) {
        check(this, length, 2, "a short array");
        return super.readShorts(length);
    }

    @Override
    public char[] readChars(int length) {
        check(this, length, 2, "a char array");
        return super.readChars(length);
    }

    @Override
    public boolean[] readBooleans(int length) {
        check(this, length, 1, "a boolean array");
        return super.readBooleans(length);
    }
}
