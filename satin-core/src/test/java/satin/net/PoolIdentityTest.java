package satin.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The handshake's signature is HMAC-SHA256 exactly as the JDK's own implementation computes it. */
class PoolIdentityTest {

    private static byte[] jdkHmac(String secret, String label, String pool, byte[] nonce) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update(label.getBytes(StandardCharsets.UTF_8));
        mac.update(pool.getBytes(StandardCharsets.UTF_8));
        return mac.doFinal(nonce);
    }

    @Test
    void signsAsTheJdkMacDoesForShortAndLongSecrets() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        for (int length : new int[] {1, 20, 63, 64, 65, 200}) {
            StringBuilder secret = new StringBuilder();
            for (int i = 0; i < length; i++) {
                secret.append((char) ('a' + random.nextInt(26)));
            }
            PoolIdentity id = new PoolIdentity("pool", "n", "c", "", secret.toString());
            byte[] nonce = PoolIdentity.nonce();
            assertArrayEquals(jdkHmac(secret.toString(), "hello", "pool", nonce), id.sign("hello", nonce), "length " + length);
        }
    }

    @Test
    void aSignatureProvesTheSecretThePoolAndTheLabel() {
        byte[] nonce = PoolIdentity.nonce();
        PoolIdentity mine = new PoolIdentity("pool", "n", "c", "", "secret");
        byte[] signed = mine.sign("hello", nonce);
        assertTrue(mine.verify("hello", nonce, signed));
        assertFalse(new PoolIdentity("pool", "n", "c", "", "secreT").verify("hello", nonce, signed));
        assertFalse(new PoolIdentity("other", "n", "c", "", "secret").verify("hello", nonce, signed));
        assertFalse(mine.verify("welcome", nonce, signed));
        assertFalse(mine.verify("hello", PoolIdentity.nonce(), signed));
    }
}
