package satin.net;

/**
 * The frame: a 4-byte length (of what follows), a protocol version byte, a message type byte, and
 * the message. Frames longer than the configured limit are refused before they are read.
 *
 * <p>A batch frame ({@link #BATCH}, written by {@link Coalescer}) carries several messages to one
 * peer as one frame: after the version and its type byte, a 2-byte count, then per message a
 * 2-byte length and the message's type byte and message, as a frame of its own would carry them
 * without the version. Only an admitted peer may send one.
 */
public final class FrameFormat {

    /** Bumped whenever a message changes shape; peers of another version are refused. */
    public static final int VERSION = 4;
    public static final int LENGTH_BYTES = 4;
    public static final int HEADER_BYTES = 2;
    public static final int DEFAULT_MAX_FRAME = 16 << 20;
    /** The type byte of a batch frame; no message type has it. */
    public static final int BATCH = 30;
    public static final int BATCH_HEADER_BYTES = HEADER_BYTES + 2;
    /** What each message of a batch adds to its own type and body: its 2-byte length. */
    public static final int BATCH_ENTRY_BYTES = 2;
    /** The most messages a batch may carry, whatever their sizes. */
    public static final int MAX_BATCH = 1024;
    /** The longest string a message may carry. */
    public static final int MAX_STRING = 1 << 16;

    private FrameFormat() {
    }
}
