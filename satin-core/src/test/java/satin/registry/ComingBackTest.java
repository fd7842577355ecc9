package satin.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import satin.net.Message;

class ComingBackTest {

    private static final long TIMEOUT = TimeUnit.SECONDS.toNanos(4);

    @Test
    void onlyAnAddressThatRefusesConnectionsIsGone() throws Exception {
        try (ServerSocket frozen = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Message.Member dead = new Message.Member(1, "dead", "c", deadAddress());
            Message.Member stopped = new Message.Member(2, "stopped", "c", "tcp://127.0.0.1:" + frozen.getLocalPort());
            Message.Member local = new Message.Member(3, "local", "c", "local://somewhere");
            assertEquals(Set.of(1), ComingBack.gone(List.of(dead, stopped, local)));
        }
    }

    @Test
    void aMemberNeitherGoneNorFoundSilentMayComeBackAnyTime() {
        Message.Member m = new Message.Member(1, "m", "c", "local://m");
        assertEquals(Long.MAX_VALUE, ComingBack.untilNoneCan(List.of(m), Set.of(), Silences.NONE, TIMEOUT));
        assertTrue(ComingBack.untilNoneCan(List.of(m), Set.of(1), Silences.NONE, TIMEOUT) <= 0, "gone: none can");
    }

    @Test
    void aSilentMemberCanComeBackForATimeoutAndAQuarterAfterItsLastWord() {
        Message.Member old = new Message.Member(1, "old", "c", "local://old");
        Message.Member recent = new Message.Member(2, "recent", "c", "local://recent");
        long now = System.nanoTime();
        Silences heard = name -> OptionalLong.of(name.equals("old") ? now - 2 * TIMEOUT : now - TIMEOUT);
        assertTrue(ComingBack.untilNoneCan(List.of(old), Set.of(), heard, TIMEOUT) <= 0, "silent for two timeouts");
        long wait = ComingBack.untilNoneCan(List.of(old, recent), Set.of(), heard, TIMEOUT);
        assertTrue(wait > 0 && wait <= TIMEOUT / 4, "the recent one has what is left of its quarter: " + wait);
        assertEquals(TIMEOUT + TIMEOUT / 4, ComingBack.graceNanos(TIMEOUT));
    }

    /** A TCP address nobody listens at: its port was just free. */
    private static String deadAddress() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "tcp://127.0.0.1:" + s.getLocalPort();
        }
    }
}
