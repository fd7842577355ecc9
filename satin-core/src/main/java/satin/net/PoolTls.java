package satin.net;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLException;

/**
 * This process's TLS contexts for one pool: a fresh key with a certificate from the {@link PoolCa},
 * presented on both ends, and trust in that CA alone, required of both ends. Made once per pool
 * and secret in a process (making them costs some 100 ms, mostly loading classes).
 */
final class PoolTls {

    private static final Map<List<String>, PoolTls> MADE = new ConcurrentHashMap<>();
    /** Pools whose contexts are being made ahead: 64 nodes of one JVM start one maker, not 64 rehearsals. */
    private static final java.util.Set<List<String>> PREPARING = ConcurrentHashMap.newKeySet();
    private static final String[] PROTOCOLS = {"TLSv1.3"};

    private final SslContext server;
    private final SslContext client;

    private PoolTls(String pool, String secret) {
        PoolCa ca = new PoolCa(pool, secret);
        KeyPair mine = freshKey();
        X509Certificate[] chain = {ca.certify(mine.getPublic()), ca.certificate()};
        try {
            server = SslContextBuilder.forServer(mine.getPrivate(), chain).trustManager(ca.certificate())
                    .clientAuth(ClientAuth.REQUIRE).protocols(PROTOCOLS).sslProvider(SslProvider.JDK).build();
            // a pool's peers are known by the pool's CA, not by host names: dialed addresses are
            // often bare IP addresses, and any holder of the secret may serve any of them
            client = SslContextBuilder.forClient().keyManager(mine.getPrivate(), chain).trustManager(ca.certificate())
                    .endpointIdentificationAlgorithm(null).protocols(PROTOCOLS).sslProvider(SslProvider.JDK).build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS for pool '" + pool + "': " + e.getMessage(), e);
        }
    }

    /**
     * Starts making the contexts on a daemon thread, if they are not made yet: some 3,000 classes
     * load the first time (TLS, certificates, Bouncy Castle), which a node's first link (its join,
     * under the default policy) would otherwise wait for. A link that comes first waits for this.
     */
    static void prepare(PoolIdentity identity) {
        if (!MADE.containsKey(key(identity)) && PREPARING.add(key(identity))) {
            Thread t = new Thread(() -> of(identity).rehearse(), "satin-tls");
            t.setDaemon(true);
            t.start();
        }
    }

    private static List<String> key(PoolIdentity identity) {
        return List.of(identity.pool(), identity.secret());
    }

    static PoolTls of(PoolIdentity identity) {
        return MADE.computeIfAbsent(key(identity),
                k -> new PoolTls(identity.pool(), identity.secret()));
    }

    /**
     * One TLS handshake with itself, in memory: the first handshake loads as many classes again as
     * the contexts did, which a node's first link would otherwise wait for, within its deadline.
     */
    private void rehearse() {
        EmbeddedChannel c = new EmbeddedChannel(client.newHandler(ByteBufAllocator.DEFAULT));
        EmbeddedChannel s = new EmbeddedChannel(server.newHandler(ByteBufAllocator.DEFAULT));
        try {
            for (boolean moved = true; moved; ) {
                moved = pass(c, s) | pass(s, c);
            }
        } finally {
            c.finishAndReleaseAll();
            s.finishAndReleaseAll();
        }
    }

    private static boolean pass(EmbeddedChannel from, EmbeddedChannel to) {
        boolean moved = false;
        for (Object out; (out = from.readOutbound()) != null; moved = true) {
            to.writeInbound(out);
        }
        return moved;
    }

    SslContext server() {
        return server;
    }

    SslContext client() {
        return client;
    }

    private static KeyPair freshKey() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"));
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make a TLS key: " + e.getMessage(), e);
        }
    }
}
