package satin.net;

/**
 * The frame: a 4-byte length (of what follows), a protocol version byte, a message type byte, and
 * the message. Frames longer than the configured limit are refused before they are read.
 */
public final class FrameFormat {

    /** Bumped whenever a message changes shape; peers of another version are refused. */
    public static final int VERSION = 4;
    public static final int LENGTH_BYTES = 4;
    public static final int HEADER_BYTES = 2;
    public static final int DEFAULT_MAX_FRAME = 16 << 20;
    /** The longest string a message may carry. */
    public static final int MAX_STRING = 1 << 16;

    private FrameFormat() {
    }
}
