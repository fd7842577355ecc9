package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;

/** Test helpers: frames as bytes, and one of every message. */
final class Frames {

    private Frames() {
    }

    /** A whole frame: length, version, type code, body. */
    static ByteBuf frame(int version, int type, byte[] body) {
        ByteBuf b = Unpooled.buffer();
        b.writeInt(2 + body.length);
        b.writeByte(version);
        b.writeByte(type);
        b.writeBytes(body);
        return b;
    }

    /** The body of a frame after the length: what the message decoder reads. */
    static ByteBuf body(Message m) {
        ByteBuf b = Unpooled.buffer();
        b.writeByte(FrameFormat.VERSION);
        b.writeByte(m.type().code());
        MessageType.write(m, b);
        return b;
    }

    static List<Message> everyMessage() {
        Message.Member a = new Message.Member(1, "node-1", "c1", "tcp://127.0.0.1:4000");
        Message.Member b = new Message.Member(2, "nöde-2", "c2", "local://n2");
        return List.of(new Message.Challenge(new byte[] {1, 2, 3}),
                new Message.Hello("pool", "node", "cluster", "tcp://h:1", new byte[16], new byte[32]),
                new Message.Welcome(new byte[32]), new Message.Refused("because"),
                new Message.Join("node-3", "c1", "local://x", true, "com.acme.Point,org.acme.*"), new Message.Members(2, 1, List.of(a, b)),
                new Message.MemberJoined(b), new Message.MemberGone(7, true), new Message.Stop(),
                new Message.Statistics(3, "{\"spawns\": 12}"), new Message.Leave(), new Message.StealRequest(99),
                new Message.StealReply(99, 1234, new byte[] {9, 8, 7}), new Message.StealReply(100, 0, null),
                new Message.Result(1234, false, new byte[] {5}), new Message.Result(1235, true, new byte[0]),
                new Message.Push(77, new byte[] {4, 2}), new Message.BalancerNote(3, 1, 42),
                new Message.PushReceived(77), new Message.Declined(1234, "class a.B may not travel"),
                new Message.Heartbeat(), new Message.Abandon(4321), new Message.Cancel(4322), new Message.RegistryMoved(3, "tcp://10.0.0.1:7000"),
                new Message.ResultKnown(new byte[32], new byte[] {1, 2}),
                new Message.SharedWrite(5, 0, new byte[] {1}), new Message.SharedWrite(5, 12, new byte[] {1, 2}),
                new Message.SharedState(new byte[] {3, 4}, 9));
    }
}
