package satin.net;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The pool's certificate authority, derived from the pool's secret and name alone: every process
 * that knows the secret derives the same CA key (HKDF-SHA256, RFC 5869, then an ECDSA P-256 private
 * key), so users need nothing beyond the secret they already give, and a peer whose certificate
 * does not chain to this key does not know the secret. The derived key only ever signs this
 * process's own short-lived node certificates, whose keys are made fresh at each start.
 */
final class PoolCa {

    private static final String CURVE = "secp256r1";
    private static final byte[] SALT = "satin pool CA, version 1".getBytes(StandardCharsets.UTF_8);
    private static final AtomicLong SERIALS = new AtomicLong(System.nanoTime() & 0xFFFFFFFL);
    /** Room for clocks that disagree, and for a process that runs a month. */
    private static final Duration SKEW = Duration.ofDays(1);
    private static final Duration LIFE = Duration.ofDays(31);

    private static final String SIGNATURE = "SHA256withECDSA";
    private static final byte[] ECDSA_WITH_SHA256 = Der.sequence(Der.oid("1.2.840.10045.4.3.2"));
    private static final byte[] NAME = name("satin pool CA");
    /** KeyUsage bits (RFC 5280, 4.2.1.3): digitalSignature is bit 0, keyCertSign bit 5. */
    private static final int DIGITAL_SIGNATURE = 0x80;
    private static final int KEY_CERT_SIGN = 0x04;

    private final KeyPair key;
    private final X509Certificate certificate;

    PoolCa(String pool, String secret) {
        try {
            this.key = derive(pool, secret);
            this.certificate = sign(NAME, key.getPublic(), true);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot derive the pool's TLS authority: " + e.getMessage(), e);
        }
    }

    X509Certificate certificate() {
        return certificate;
    }

    /** A certificate for {@code nodeKey}, signed by the pool's key. */
    X509Certificate certify(PublicKey nodeKey) {
        try {
            return sign(name("satin node"), nodeKey, false);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot certify this node's TLS key: " + e.getMessage(), e);
        }
    }

    /** An X.509 v3 certificate (RFC 5280) of {@code subjectKey}, issued and signed by this CA's key. */
    private X509Certificate sign(byte[] subject, PublicKey subjectKey, boolean authority) throws GeneralSecurityException {
        Instant now = Instant.now();
        int usage = authority ? KEY_CERT_SIGN | DIGITAL_SIGNATURE : DIGITAL_SIGNATURE;
        byte[] extensions = Der.sequence(
                extension("2.5.29.19", authority ? Der.sequence(Der.bool(true)) : Der.sequence()), // basicConstraints
                extension("2.5.29.15", Der.bits(Integer.numberOfTrailingZeros(usage), new byte[] {(byte) usage})));
        byte[] toBeSigned = Der.sequence(Der.explicit(0, Der.integer(BigInteger.TWO)),
                Der.integer(BigInteger.valueOf(SERIALS.incrementAndGet())), ECDSA_WITH_SHA256, NAME,
                Der.sequence(Der.time(now.minus(SKEW)), Der.time(now.plus(LIFE))), subject, subjectKey.getEncoded(),
                Der.explicit(3, extensions));
        Signature signer = Signature.getInstance(SIGNATURE);
        signer.initSign(key.getPrivate());
        signer.update(toBeSigned);
        byte[] der = Der.sequence(toBeSigned, ECDSA_WITH_SHA256, Der.bits(0, signer.sign()));
        return (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new java.io.ByteArrayInputStream(der));
    }

    /** A critical extension: its identifier, and its value's encoding. */
    private static byte[] extension(String oid, byte[] value) {
        return Der.sequence(Der.oid(oid), Der.bool(true), Der.octets(value));
    }

    /** A distinguished name of one common name. */
    private static byte[] name(String commonName) {
        return Der.sequence(Der.set(Der.sequence(Der.oid("2.5.4.3"), Der.utf8(commonName))));
    }

    /**
     * The P-256 key pair whose private scalar is 1 + (HKDF(secret, pool) mod (n - 1)). Its public
     * point is checked: a signature made with the private key must verify with it.
     */
    static KeyPair derive(String pool, String secret) throws GeneralSecurityException {
        AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
        parameters.init(new ECGenParameterSpec(CURVE));
        ECParameterSpec spec = parameters.getParameterSpec(ECParameterSpec.class);
        // 16 bytes beyond the order's 32 make the reduction's bias negligible (FIPS 186-4 B.4.1)
        BigInteger okm = new BigInteger(1, hkdf(secret.getBytes(StandardCharsets.UTF_8),
                pool.getBytes(StandardCharsets.UTF_8), 48));
        BigInteger d = okm.mod(spec.getOrder().subtract(BigInteger.ONE)).add(BigInteger.ONE);
        KeyFactory ec = KeyFactory.getInstance("EC");
        KeyPair pair = new KeyPair(ec.generatePublic(new ECPublicKeySpec(new P256(spec).times(d), spec)),
                ec.generatePrivate(new ECPrivateKeySpec(d, spec)));
        check(pair);
        return pair;
    }

    private static void check(KeyPair pair) throws GeneralSecurityException {
        byte[] probe = "satin pool CA key check".getBytes(StandardCharsets.US_ASCII);
        Signature s = Signature.getInstance(SIGNATURE);
        s.initSign(pair.getPrivate());
        s.update(probe);
        byte[] signature = s.sign();
        s.initVerify(pair.getPublic());
        s.update(probe);
        if (!s.verify(signature)) {
            throw new GeneralSecurityException("the derived CA key's public point does not match its private scalar");
        }
    }

    /** HKDF-SHA256 (RFC 5869) with this class's salt. */
    static byte[] hkdf(byte[] inputKey, byte[] info, int length) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SALT, "HmacSHA256"));
        byte[] prk = mac.doFinal(inputKey);
        mac.init(new SecretKeySpec(prk, "HmacSHA256"));
        byte[] out = new byte[length];
        byte[] block = new byte[0];
        for (int i = 0, done = 0; done < length; i++) {
            mac.update(block);
            mac.update(info);
            mac.update((byte) (i + 1));
            block = mac.doFinal();
            int n = Math.min(block.length, length - done);
            System.arraycopy(block, 0, out, done, n);
            done += n;
        }
        return out;
    }
}
