package satin.sim;

import satin.net.Message;
import satin.net.MessageEncoder;
import satin.net.MessageType;

/**
 * The frames the simulated steal protocol sends, each the real message it stands for
 * ({@link satin.net.Message}), with the bytes that message takes on the wire: measured once with
 * the real encoder ({@link MessageEncoder#frameBytes}) rather than copied, so that a simulated
 * message occupies its link as long as the real one would. A frame that carries a job or a result
 * takes its fixed part plus the payload's bytes.
 */
enum WireFrame {

    /** A thief asks a victim for a job (and CLS's prefetch). */
    STEAL_REQUEST(new Message.StealRequest(0), false),
    /** A victim has nothing to give. */
    EMPTY_REPLY(new Message.StealReply(0, 0, null), false),
    /** A victim gives a job: a request's answer, or a further job of a chunk. */
    REPLY(new Message.StealReply(0, 0, new byte[0]), true),
    /** A node pushes a job it spawned. */
    PUSH(new Message.Push(0, new byte[0]), true),
    /** The receipt of a pushed job. */
    PUSH_RECEIVED(new Message.PushReceived(0), false),
    /** A job's result going back to the node it came from. */
    RESULT(new Message.Result(0, false, new byte[0]), true),
    /** A balancer's note to another node's balancer. */
    NOTE(new Message.BalancerNote(0, 0, 0), false);

    private final MessageType type;
    private final int fixedBytes;
    private final boolean carriesPayload;

    WireFrame(Message withoutPayload, boolean carriesPayload) {
        this.type = withoutPayload.type();
        this.fixedBytes = MessageEncoder.frameBytes(withoutPayload);
        this.carriesPayload = carriesPayload;
    }

    /** The real message type this frame is. */
    MessageType type() {
        return type;
    }

    /** Whether the frame carries a job's or a result's bytes. */
    boolean carriesPayload() {
        return carriesPayload;
    }

    /** The frame's bytes on the wire with a payload of {@code payloadBytes} (which must be 0 if it carries none). */
    int bytes(int payloadBytes) {
        if (!carriesPayload && payloadBytes != 0) {
            throw new IllegalArgumentException(this + " carries no payload, not " + payloadBytes + " bytes");
        }
        return fixedBytes + payloadBytes;
    }
}
