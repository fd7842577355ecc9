package satin.net;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;

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

    /**
     * HMAC-SHA256 (RFC 2104) of label, pool name and nonce under the secret, built on the SHA-256
     * digest directly: {@code javax.crypto.Mac} would first load the JCE providers, some 30 ms
     * that every joining node pays on its critical path.
     */
    byte[] sign(String label, byte[] nonce) {
        MessageDigest sha256 = sha256();
        byte[] key = secret.getBytes(StandardCharsets.UTF_8);
        if (key.length > HMAC_BLOCK) {
            key = sha256.digest(key);
        }
        byte[] inner = new byte[HMAC_BLOCK];
        byte[] outer = new byte[HMAC_BLOCK];
        for (int i = 0; i < HMAC_BLOCK; i++) {
            byte k = i < key.length ? key[i] : 0;
            inner[i] = (byte) (k ^ 0x36);
            outer[i] = (byte) (k ^ 0x5c);
        }
        sha256.update(inner);
        sha256.update(label.getBytes(StandardCharsets.UTF_8));
        sha256.update(pool.getBytes(StandardCharsets.UTF_8));
        byte[] innerHash = sha256.digest(nonce);
        sha256.update(outer);
        return sha256.digest(innerHash);
    }

    private static final int HMAC_BLOCK = 64;

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
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
