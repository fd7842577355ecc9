package satin.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.List;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.Test;

/**
 * The pool's CA without a certificate library: its public point is the JDK's for the same scalar,
 * every holder of the secret derives the same key, and the certificates it writes are ones the
 * JDK's own PKIX validation accepts, as an authority and as a node, and refuses from another secret.
 */
class PoolCaTest {

    @Test
    void thePublicPointOfAScalarIsTheJdksForRandomKeys() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        for (int i = 0; i < 25; i++) {
            KeyPair k = g.generateKeyPair();
            ECPublicKey expected = (ECPublicKey) k.getPublic();
            P256 curve = new P256(expected.getParams());
            assertEquals(expected.getW(), curve.times(((ECPrivateKey) k.getPrivate()).getS()), "key " + i);
        }
    }

    @Test
    void theSecretAndThePoolAloneDecideTheKey() throws Exception {
        KeyPair a = PoolCa.derive("pool", "secret");
        assertArrayEquals(a.getPublic().getEncoded(), PoolCa.derive("pool", "secret").getPublic().getEncoded());
        assertTrue(!java.util.Arrays.equals(a.getPublic().getEncoded(), PoolCa.derive("pool", "secret2").getPublic()
                .getEncoded()), "another secret, another key");
        assertTrue(!java.util.Arrays.equals(a.getPublic().getEncoded(), PoolCa.derive("pool2", "secret").getPublic()
                .getEncoded()), "another pool, another key");
    }

    @Test
    void itsCertificatesPassTheJdksValidationAndAnotherSecretsDoNot() throws Exception {
        PoolCa ca = new PoolCa("pool", "secret");
        X509Certificate authority = ca.certificate();
        assertEquals("CN=satin pool CA", authority.getSubjectX500Principal().getName());
        assertEquals(authority.getSubjectX500Principal(), authority.getIssuerX500Principal());
        assertTrue(authority.getBasicConstraints() >= 0, "an authority");
        assertTrue(authority.getKeyUsage()[5], "keyCertSign");
        assertTrue(authority.getCriticalExtensionOIDs().containsAll(List.of("2.5.29.19", "2.5.29.15")));
        authority.verify(authority.getPublicKey());

        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair node = g.generateKeyPair();
        X509Certificate nodeCert = ca.certify(node.getPublic());
        assertEquals(-1, nodeCert.getBasicConstraints(), "not an authority");
        assertTrue(nodeCert.getKeyUsage()[0] && !nodeCert.getKeyUsage()[5], "digitalSignature only");
        nodeCert.checkValidity();

        // another process of the pool makes its own CA certificate from the same key: it is the anchor
        X509TrustManager trust = trustIn(new PoolCa("pool", "secret").certificate());
        trust.checkClientTrusted(new X509Certificate[] {nodeCert, authority}, "EC");
        trust.checkServerTrusted(new X509Certificate[] {nodeCert, authority}, "ECDHE_ECDSA");
        X509Certificate stranger = new PoolCa("pool", "another secret").certify(node.getPublic());
        assertThrows(java.security.cert.CertificateException.class,
                () -> trust.checkClientTrusted(new X509Certificate[] {stranger}, "EC"));
    }

    private static X509TrustManager trustIn(X509Certificate anchor) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        store.setCertificateEntry("ca", anchor);
        TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        f.init(store);
        return (X509TrustManager) f.getTrustManagers()[0];
    }
}
