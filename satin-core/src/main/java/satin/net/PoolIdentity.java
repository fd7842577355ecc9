package satin.net;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Who a connection's end claims to be, and the pool secret both ends must prove they know. The
 * secret itself never travels: each side signs the other's random challenge with it (HMAC-SHA256).
 *
 * @param pool    the pool's name
 * @param node    this end's name, for logs
 * @param cluster this end's cluster
 * @param address where this end accepts connections, or "" if it does not
 */
public record PoolIdentity(String pool, String node, String cluster, String address, String secret) {

    private static final SecureRandom RANDOM = new SecureRandom();

    public static byte[] nonce() {
        byte[] n = new byte[16];
        RANDOM.nextBytes(n);
        return n;
    }

    byte[] sign(String label, byte[] nonce) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update(label.getBytes(StandardCharsets.UTF_8));
            mac.update(pool.getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(nonce);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    boolean verify(String label, byte[] nonce, byte[] mac) {
        return MessageDigest.isEqual(sign(label, nonce), mac);
    }

    @Override
    public String toString() {
        return node + "@" + cluster + (address.isEmpty() ? "" : " (" + address + ")"); // never the secret
    }
}
