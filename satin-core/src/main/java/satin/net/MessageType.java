package satin.net;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The message types with their wire codes, and how each is written to and read from a frame.
 * Reading trusts nothing: every length is checked against what is left in the frame and against
 * the limits, and a frame must be consumed exactly.
 */
public enum MessageType {
    CHALLENGE(1),
    HELLO(2),
    WELCOME(3),
    REFUSED(4),
    JOIN(10),
    MEMBERS(11),
    MEMBER_JOINED(12),
    MEMBER_GONE(13),
    STOP(14),
    STATISTICS(15),
    LEAVE(16),
    STEAL_REQUEST(20),
    STEAL_REPLY(21),
    RESULT(22),
    PUSH(23),
    BALANCER_NOTE(24),
    PUSH_RECEIVED(25),
    DECLINED(26),
    HEARTBEAT(5),
    ABANDON(27),
    REGISTRY_MOVED(28),
    RESULT_KNOWN(29),
    CANCEL(31),
    SHARED_WRITE(32),
    SHARED_STATE(33);

    private static final MessageType[] BY_CODE = new MessageType[256];

    static {
        for (MessageType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    final int code;

    MessageType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The type with this wire code, or null. */
    static MessageType of(int code) {
        return BY_CODE[code & 0xFF];
    }

    static void write(Message m, ByteBuf out) {
        if (m instanceof Message.Challenge c) {
            bytes(out, c.nonce());
        } else if (m instanceof Message.Hello h) {
            string(out, h.pool());
            string(out, h.node());
            string(out, h.cluster());
            string(out, h.address());
            bytes(out, h.nonce());
            bytes(out, h.mac());
        } else if (m instanceof Message.Welcome w) {
            bytes(out, w.mac());
        } else if (m instanceof Message.Refused r) {
            string(out, r.reason());
        } else if (m instanceof Message.Join j) {
            string(out, j.name());
            string(out, j.cluster());
            string(out, j.address());
            out.writeBoolean(j.wantsMaster());
            string(out, j.allow());
            out.writeInt(j.previousId());
        } else if (m instanceof Message.Members ms) {
            out.writeInt(ms.you());
            out.writeInt(ms.master());
            out.writeInt(ms.members().size());
            for (Message.Member member : ms.members()) {
                member(out, member);
            }
        } else if (m instanceof Message.MemberJoined j) {
            member(out, j.member());
        } else if (m instanceof Message.MemberGone g) {
            out.writeInt(g.id());
            out.writeBoolean(g.died());
        } else if (m instanceof Message.Statistics st) {
            out.writeInt(st.node());
            string(out, st.json());
        } else if (m instanceof Message.StealRequest r) {
            out.writeLong(r.request());
        } else if (m instanceof Message.StealReply r) {
            out.writeLong(r.request());
            out.writeLong(r.job());
            out.writeBoolean(r.payload() != null);
            if (r.payload() != null) {
                bytes(out, r.payload());
            }
        } else if (m instanceof Message.Result r) {
            out.writeLong(r.job());
            out.writeBoolean(r.failed());
            bytes(out, r.payload());
        } else if (m instanceof Message.Push p) {
            out.writeLong(p.job());
            bytes(out, p.payload());
        } else if (m instanceof Message.PushReceived r) {
            out.writeLong(r.job());
        } else if (m instanceof Message.Abandon a) {
            out.writeLong(a.job());
        } else if (m instanceof Message.Cancel c) {
            out.writeLong(c.job());
        } else if (m instanceof Message.ResultKnown k) {
            bytes(out, k.key());
            bytes(out, k.result());
        } else if (m instanceof Message.SharedWrite w) {
            out.writeLong(w.object());
            out.writeLong(w.sequence());
            bytes(out, w.call());
        } else if (m instanceof Message.SharedState st) {
            bytes(out, st.state());
            out.writeLong(st.settledUpTo());
        } else if (m instanceof Message.RegistryMoved r) {
            out.writeInt(r.host());
            string(out, r.address());
        } else if (m instanceof Message.Declined d) {
            out.writeLong(d.job());
            string(out, d.reason());
        } else if (m instanceof Message.BalancerNote n) {
            out.writeInt(n.from());
            out.writeInt(n.kind());
            out.writeLong(n.value());
        }
        // Stop, Leave and Heartbeat carry nothing
    }

    static Message read(MessageType type, ByteBuf in) {
        return switch (type) {
            case CHALLENGE -> new Message.Challenge(bytes(in));
            case HELLO -> new Message.Hello(string(in), string(in), string(in), string(in), bytes(in), bytes(in));
            case WELCOME -> new Message.Welcome(bytes(in));
            case REFUSED -> new Message.Refused(string(in));
            case JOIN -> new Message.Join(string(in), string(in), string(in), bool(in), string(in), in.readInt());
            case MEMBERS -> {
                int you = in.readInt();
                int master = in.readInt();
                int n = count(in, 12);
                List<Message.Member> members = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    members.add(member(in));
                }
                yield new Message.Members(you, master, List.copyOf(members));
            }
            case MEMBER_JOINED -> new Message.MemberJoined(member(in));
            case MEMBER_GONE -> new Message.MemberGone(in.readInt(), bool(in));
            case STOP -> new Message.Stop();
            case LEAVE -> new Message.Leave();
            case STATISTICS -> new Message.Statistics(in.readInt(), string(in, Integer.MAX_VALUE));
            case STEAL_REQUEST -> new Message.StealRequest(in.readLong());
            case STEAL_REPLY -> {
                long request = in.readLong();
                long job = in.readLong();
                yield new Message.StealReply(request, job, bool(in) ? bytes(in) : null);
            }
            case RESULT -> new Message.Result(in.readLong(), bool(in), bytes(in));
            case PUSH -> new Message.Push(in.readLong(), bytes(in));
            case BALANCER_NOTE -> new Message.BalancerNote(in.readInt(), in.readInt(), in.readLong());
            case PUSH_RECEIVED -> new Message.PushReceived(in.readLong());
            case DECLINED -> new Message.Declined(in.readLong(), string(in));
            case HEARTBEAT -> new Message.Heartbeat();
            case ABANDON -> new Message.Abandon(in.readLong());
            case CANCEL -> new Message.Cancel(in.readLong());
            case REGISTRY_MOVED -> new Message.RegistryMoved(in.readInt(), string(in));
            case RESULT_KNOWN -> new Message.ResultKnown(bytes(in), bytes(in));
            case SHARED_WRITE -> new Message.SharedWrite(in.readLong(), in.readLong(), bytes(in));
            case SHARED_STATE -> new Message.SharedState(bytes(in), in.readLong());
        };
    }

    /** A boolean is 0 or 1; anything else is a broken message, not "true". */
    private static boolean bool(ByteBuf in) {
        int b = in.readUnsignedByte();
        if (b > 1) {
            throw new ProtocolException("a boolean byte of " + b);
        }
        return b == 1;
    }

    private static void member(ByteBuf out, Message.Member m) {
        out.writeInt(m.id());
        string(out, m.name());
        string(out, m.cluster());
        string(out, m.address());
    }

    private static Message.Member member(ByteBuf in) {
        return new Message.Member(in.readInt(), string(in), string(in), string(in));
    }

    private static void bytes(ByteBuf out, byte[] b) {
        out.writeInt(b.length);
        out.writeBytes(b);
    }

    private static byte[] bytes(ByteBuf in) {
        int n = count(in, 1);
        byte[] b = new byte[n];
        in.readBytes(b);
        return b;
    }

    private static void string(ByteBuf out, String s) {
        bytes(out, s.getBytes(StandardCharsets.UTF_8));
    }

    private static String string(ByteBuf in) {
        return string(in, FrameFormat.MAX_STRING);
    }

    private static String string(ByteBuf in, int max) {
        int n = count(in, 1);
        if (n > max) {
            throw new ProtocolException("a string of " + n + " bytes, more than the " + max + " allowed");
        }
        byte[] b = new byte[n];
        in.readBytes(b);
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(b)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ProtocolException("a string that is not UTF-8");
        }
    }

    /** A count of items of at least {@code minBytes} each, which must fit in what is left of the frame. */
    private static int count(ByteBuf in, int minBytes) {
        int n = in.readInt();
        if (n < 0 || (long) n * minBytes > in.readableBytes()) {
            throw new ProtocolException("a count of " + n + " with " + in.readableBytes() + " bytes left in the frame");
        }
        return n;
    }
}
