package satin.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.net.PoolIdentity;
import satin.net.RelayProtocol;

/**
 * A relay as a stranger and as a member meet it, over real sockets: it carries a member's
 * connection to a host of the pool, bytes unchanged both ways, and refuses, saying why, a request
 * that does not prove the secret, one for a host outside the pool, a line too long, silence past
 * its deadline, and connections beyond its bound on unproven ones.
 */
@Timeout(60)
class RelayServerTest {

    private static final String POOL = "relay-test";
    private static final String SECRET = "relay secret";
    private static final PoolIdentity MEMBER = new PoolIdentity(POOL, "m", "c", "", SECRET);

    private RelayServer relay;

    @AfterEach
    void close() {
        if (relay != null) {
            relay.close();
        }
    }

    private RelayServer start(RelayServer.Limits limits) throws InterruptedException {
        relay = RelayServer.start(POOL, SECRET, "127.0.0.1", 0, List.of("127.0.0.1"), limits);
        return relay;
    }

    /** A connection to the relay and its greeting's nonce. */
    private record Dialer(Socket socket, BufferedReader in, OutputStream out, byte[] nonce) implements AutoCloseable {
        static Dialer to(RelayServer r) throws IOException {
            Socket s = new Socket("127.0.0.1", r.port());
            s.setSoTimeout(20_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
            return new Dialer(s, in, s.getOutputStream(), RelayProtocol.nonceOf(in.readLine()));
        }

        void send(String line) throws IOException {
            out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @Test
    void aMembersConnectionIsCarriedToItsTargetUnchangedBothWays() throws Exception {
        start(RelayServer.Limits.DEFAULT);
        try (ServerSocket target = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"));
                Dialer d = Dialer.to(relay)) {
            d.send(RelayProtocol.request(MEMBER, d.nonce(), RelayProtocol.Kind.TARGET, "tcp://127.0.0.1:" + target.getLocalPort()));
            try (Socket far = target.accept()) {
                assertEquals(RelayProtocol.OK, d.in().readLine());
                d.send("hello\u0000there");
                BufferedReader farIn = new BufferedReader(new InputStreamReader(far.getInputStream(), StandardCharsets.US_ASCII));
                assertEquals("hello\u0000there", farIn.readLine());
                far.getOutputStream().write("and back\n".getBytes(StandardCharsets.US_ASCII));
                assertEquals("and back", d.in().readLine());
                far.close();
                assertNull(d.in().readLine(), "the target's close reaches the dialer");
            }
        }
        assertEquals(1, relay.carried());
    }

    @Test
    void aRequestWithoutTheSecretIsRefused() throws Exception {
        start(RelayServer.Limits.DEFAULT);
        PoolIdentity stranger = new PoolIdentity(POOL, "x", "c", "", "another secret");
        try (Dialer d = Dialer.to(relay)) {
            d.send(RelayProtocol.request(stranger, d.nonce(), RelayProtocol.Kind.TARGET, "tcp://127.0.0.1:22"));
            assertRefused(d, "does not prove the secret of pool " + POOL);
        }
        assertEquals(0, relay.carried());
    }

    @Test
    void aRequestSignedForAnotherGreetingIsRefused() throws Exception {
        start(RelayServer.Limits.DEFAULT);
        try (Dialer first = Dialer.to(relay); Dialer second = Dialer.to(relay)) {
            second.send(RelayProtocol.request(MEMBER, first.nonce(), RelayProtocol.Kind.TARGET, "tcp://127.0.0.1:22"));
            assertRefused(second, "does not prove the secret");
        }
    }

    @Test
    void aHostOutsideThePoolIsRefusedEvenToAMember() throws Exception {
        start(RelayServer.Limits.DEFAULT);
        try (Dialer d = Dialer.to(relay)) {
            d.send(RelayProtocol.request(MEMBER, d.nonce(), RelayProtocol.Kind.TARGET, "tcp://127.0.0.2:22"));
            assertRefused(d, "tcp://127.0.0.2:22 is not at a host of pool " + POOL);
        }
    }

    @Test
    void aLineTooLongOrMalformedIsRefused() throws Exception {
        start(RelayServer.Limits.DEFAULT);
        try (Dialer d = Dialer.to(relay)) {
            d.out().write("x".repeat(RelayProtocol.MAX_LINE + 10).getBytes(StandardCharsets.US_ASCII));
            d.out().flush();
            assertRefused(d, "without a newline");
        }
        try (Dialer d = Dialer.to(relay)) {
            d.send("target tcp://127.0.0.1:22");
            assertRefused(d, "expected 'target|relay");
        }
        try (Dialer d = Dialer.to(relay)) {
            d.send("target local://x 00");
            assertRefused(d, "tcp:// addresses only");
        }
    }

    @Test
    void aTargetThatDoesNotAnswerIsUnreachableForNow() throws Exception {
        start(RelayServer.Limits.DEFAULT);
        int closedPort;
        try (ServerSocket gone = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            closedPort = gone.getLocalPort();
        }
        try (Dialer d = Dialer.to(relay)) {
            d.send(RelayProtocol.request(MEMBER, d.nonce(), RelayProtocol.Kind.TARGET, "tcp://127.0.0.1:" + closedPort));
            assertSaid(d, RelayProtocol.UNREACHABLE, "cannot reach tcp://127.0.0.1:" + closedPort);
        }
    }

    @Test
    void silenceIsRefusedAtTheDeadlineAndUnprovenConnectionsAreBounded() throws Exception {
        start(new RelayServer.Limits(1, 10, 500));
        long started = System.nanoTime();
        try (Dialer silent = Dialer.to(relay)) {
            try (Socket beyond = new Socket("127.0.0.1", relay.port())) {
                beyond.setSoTimeout(20_000);
                assertEquals(-1, beyond.getInputStream().read(), "a second unproven connection is closed at once");
            }
            assertSaid(silent, RelayProtocol.UNREACHABLE, "no request within 500 ms");
        }
        assertTrue(System.nanoTime() - started >= 500_000_000L, "refused no earlier than its deadline");
        try (Dialer after = Dialer.to(relay)) {
            assertTrue(after.nonce().length == 16, "the bound is free again once the silent one is gone");
        }
    }

    private static void assertRefused(Dialer d, String why) throws IOException {
        assertSaid(d, RelayProtocol.REFUSED, why);
    }

    private static void assertSaid(Dialer d, String word, String why) throws IOException {
        String line = d.in().readLine();
        assertTrue(line != null && line.startsWith(word) && line.contains(why), word + "for '" + why + "': " + line);
        assertNull(d.in().readLine(), "closed after the refusal");
    }
}
