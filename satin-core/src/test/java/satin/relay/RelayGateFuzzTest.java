package satin.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import satin.net.PoolIdentity;
import satin.net.RelayProtocol;
import satin.testing.Seeds;
import satin.testing.UntrustedInput;

/**
 * The fuzz target for a front-end's relay reading what a stranger sends before its proof
 * ({@link RelayGate}): the relay greets, and then either waits for the rest of a short line or
 * refuses with a reason and closes; without the pool's secret it never says "ok" nor dials
 * anywhere; no exception leaves the gate; and the connection's place among the unproven ones is
 * given back when it closes, whatever it sent.
 */
@Tag("fuzz")
class RelayGateFuzzTest {

    private static final String POOL = "fuzz-relay";
    private static final RelayServer.Limits LIMITS = new RelayServer.Limits(4, 16, 10_000);
    private static final UntrustedInput.Bound BOUND = new UntrustedInput.Bound(4 << 20, 64);
    private static final Logger RELAY_LOG = Logger.getLogger("satin.relay");
    private static Level level;
    private static RelayServer server;

    @BeforeAll
    static void start() throws InterruptedException {
        level = RELAY_LOG.getLevel();
        RELAY_LOG.setLevel(Level.OFF);
        server = RelayServer.start(POOL, "relay secret", "127.0.0.1", 0, List.of("127.0.0.1"), LIMITS);
    }

    @AfterAll
    static void stop() {
        server.close();
        RELAY_LOG.setLevel(level);
    }

    @FuzzTest
    void strangerSays(byte[] stream) throws Throwable {
        UntrustedInput.read(stream.length, BOUND, () -> {
            EmbeddedChannel ch = new EmbeddedChannel(new RelayGate(server));
            List<String> said = lines(ch);
            assertTrue(said.size() == 1 && said.get(0).startsWith(RelayProtocol.GREETING), "the greeting: " + said);
            ch.writeInbound(Unpooled.wrappedBuffer(stream));
            said = lines(ch);
            assertTrue(said.size() <= 1, "more than one answer: " + said);
            if (said.isEmpty()) {
                assertTrue(ch.isOpen(), "closed without a word");
            } else {
                String answer = said.get(0);
                assertTrue(answer.startsWith(RelayProtocol.REFUSED) || answer.startsWith(RelayProtocol.UNREACHABLE),
                        "answered a stranger '" + answer + "'");
                assertTrue(answer.length() > RelayProtocol.REFUSED.length(), "a refusal without a reason");
                assertTrue(!ch.isOpen(), "refused but still open");
            }
            ch.checkException();
            ch.finishAndReleaseAll();
            assertEquals(LIMITS.unproven(), server.unproven().availablePermits(), "a place among the unproven kept");
            return null;
        });
    }

    private static List<String> lines(EmbeddedChannel ch) {
        StringBuilder all = new StringBuilder();
        for (ByteBuf b; (b = ch.readOutbound()) != null; b.release()) {
            all.append(b.toString(StandardCharsets.US_ASCII));
        }
        return all.toString().lines().toList();
    }

    /** The seeds: what a member's dialer sends (its proof made for another nonce), and near misses. */
    @Test
    void theSeedsAreWhatADialerSends() throws Exception {
        PoolIdentity member = new PoolIdentity(POOL, "m", "c", "", "relay secret");
        byte[] nonce = new byte[16];
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        seeds.put("target", bytes(RelayProtocol.request(member, nonce, RelayProtocol.Kind.TARGET, "tcp://127.0.0.1:5000")
                + "\n"));
        seeds.put("relay", bytes(RelayProtocol.request(member, nonce, RelayProtocol.Kind.RELAY, "tcp://127.0.0.1:4001")
                + "\n"));
        seeds.put("not-a-request", bytes("GET / HTTP/1.1\n"));
        Seeds.check(RelayGateFuzzTest.class, "strangerSays", seeds);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
