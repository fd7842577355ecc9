package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import satin.net.Connection;
import satin.net.Message;
import satin.net.TestConnections;

/**
 * The gate before the steal protocol, alone: once it refuses a peer the registry has not announced,
 * nothing more of that connection passes, not the messages decoded from what had arrived before
 * the close, nor those after the registry announces the peer after all.
 */
class MemberGateTest {

    private final List<Message> delivered = new ArrayList<>();
    private final Members members = new Members("c0");
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Connection stranger = TestConnections.over(channel, "stranger");

    private MemberGate gate(long maxBytes) {
        MemberGate gate = new MemberGate("self", members, TimeUnit.MINUTES.toNanos(1), maxBytes,
                (c, m) -> delivered.add(m));
        gate.opened(stranger);
        return gate;
    }

    @Test
    void afterTooManyMessagesNothingMorePasses() {
        MemberGate gate = gate(1 << 20);
        for (int i = 0; i <= MemberGate.MAX_WAITING; i++) {
            gate.received(stranger, new Message.StealRequest(i)); // the last is one too many
        }
        assertFalse(channel.isActive(), "refused");
        gate.received(stranger, new Message.StealRequest(100)); // decoded from the bytes before the close
        members.reset(1, 1, List.of(new Message.Member(1, "self", "c0", "local://self"),
                new Message.Member(2, "stranger", "c0", "local://stranger")));
        gate.membersChanged();
        channel.runPendingTasks();
        gate.received(stranger, new Message.StealRequest(101));
        assertEquals(List.of(), delivered, "nothing of a refused connection reaches the steal protocol");
    }

    @Test
    void afterTooManyBytesNothingMorePasses() {
        MemberGate gate = gate(100);
        gate.received(stranger, new Message.Push(1, new byte[40]));
        gate.received(stranger, new Message.Push(2, new byte[40])); // 2 x (40 + 32) > 100
        assertFalse(channel.isActive(), "refused");
        gate.received(stranger, new Message.StealRequest(3));
        assertEquals(List.of(), delivered);
    }

    @Test
    void aPeerAnnouncedInTimeIsHeardInOrder() {
        MemberGate gate = gate(1 << 20);
        gate.received(stranger, new Message.StealRequest(1));
        members.reset(1, 1, List.of(new Message.Member(1, "self", "c0", "local://self"),
                new Message.Member(2, "stranger", "c0", "local://stranger")));
        gate.received(stranger, new Message.StealRequest(2));
        assertEquals(List.of(new Message.StealRequest(1), new Message.StealRequest(2)), delivered);
    }
}
