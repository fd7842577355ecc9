package satin.net;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslHandler;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * This process's TLS context for one pool: a fresh key with a certificate from the {@link PoolCa},
 * presented on both ends, and trust in that CA alone, required of both ends. Made once per pool
 * and secret in a process. It is the JDK's own {@code SSLContext}, given the key and the trust
 * directly: Netty's context builder first initializes the JDK's default context, which parses the
 * system's whole CA store, and puts the key in a key store of its own, which together cost every
 * process some 0.3 s of CPU at its start for trust this pool never uses (decision 0044).
 */
final class PoolTls {

    private static final Map<List<String>, PoolTls> MADE = new ConcurrentHashMap<>();
    /** Pools whose contexts are being made ahead: 64 nodes of one JVM start one maker, not 64 rehearsals. */
    private static final java.util.Set<List<String>> PREPARING = ConcurrentHashMap.newKeySet();
    private static final String[] PROTOCOLS = {"TLSv1.3"};

    private final SSLContext context;

    private PoolTls(String pool, String secret) {
        PoolCa ca = new PoolCa(pool, secret);
        KeyPair mine = freshKey();
        X509Certificate[] chain = {ca.certify(mine.getPublic()), ca.certificate()};
        try {
            KeyStore anchors = KeyStore.getInstance(KeyStore.getDefaultType());
            anchors.load(null, null);
            anchors.setCertificateEntry("pool-ca", ca.certificate());
            TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
            trust.init(anchors);
            context = SSLContext.getInstance("TLSv1.3");
            context.init(new javax.net.ssl.KeyManager[] {new OneKey(mine.getPrivate(), chain)}, trust.getTrustManagers(),
                    null);
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new IllegalStateException("cannot set up TLS for pool '" + pool + "': " + e.getMessage(), e);
        }
    }

    /**
     * A TLS 1.3 end that requires the peer's certificate from the pool's CA. A pool's peers are known
     * by the CA, not by host names: dialed addresses are often bare IP addresses, and any holder of
     * the secret may serve any of them, so the dialing end checks no name (an engine's default).
     */
    private SslHandler handler(boolean dialing) {
        SSLEngine engine = context.createSSLEngine();
        engine.setUseClientMode(dialing);
        engine.setEnabledProtocols(PROTOCOLS);
        if (!dialing) {
            engine.setNeedClientAuth(true);
        }
        return new SslHandler(engine);
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
        EmbeddedChannel c = new EmbeddedChannel(client());
        EmbeddedChannel s = new EmbeddedChannel(server());
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

    /** A handler for a connection this process accepted. */
    SslHandler server() {
        return handler(false);
    }

    /** A handler for a connection this process dials. */
    SslHandler client() {
        return handler(true);
    }

    /** The one key and chain this process presents, whichever end it is. */
    private static final class OneKey extends X509ExtendedKeyManager {
        private static final String ALIAS = "node";
        private final PrivateKey key;
        private final X509Certificate[] chain;

        OneKey(PrivateKey key, X509Certificate[] chain) {
            this.key = key;
            this.chain = chain.clone();
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return new String[] {ALIAS};
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return ALIAS;
        }

        @Override
        public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
            return ALIAS;
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return new String[] {ALIAS};
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return ALIAS;
        }

        @Override
        public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
            return ALIAS;
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return chain.clone();
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return key;
        }
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
