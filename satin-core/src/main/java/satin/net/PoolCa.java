package satin.net;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

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

    private final KeyPair key;
    private final X509Certificate certificate;
    private final X500Name name;

    PoolCa(String pool, String secret) {
        try {
            this.key = derive(pool, secret);
            this.name = new X500Name("CN=satin pool CA");
            this.certificate = sign(name, key.getPublic(), true);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot derive the pool's TLS authority: " + e.getMessage(), e);
        }
    }

    X509Certificate certificate() {
        return certificate;
    }

    /** A certificate for {@code nodeKey}, signed by the pool's key. */
    X509Certificate certify(PublicKey nodeKey) {
        try {
            return sign(new X500Name("CN=satin node"), nodeKey, false);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot certify this node's TLS key: " + e.getMessage(), e);
        }
    }

    private X509Certificate sign(X500Name subject, PublicKey subjectKey, boolean authority)
            throws GeneralSecurityException, OperatorCreationException {
        Instant now = Instant.now();
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(SERIALS.incrementAndGet()),
                Date.from(now.minus(SKEW)), Date.from(now.plus(LIFE)), subject, subjectKey);
        try {
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(authority));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(authority
                    ? KeyUsage.keyCertSign | KeyUsage.digitalSignature : KeyUsage.digitalSignature));
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException(e);
        }
        return new JcaX509CertificateConverter().getCertificate(
                b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(key.getPrivate())));
    }

    /** The P-256 key pair whose private scalar is 1 + (HKDF(secret, pool) mod (n - 1)). */
    static KeyPair derive(String pool, String secret) throws GeneralSecurityException {
        // the one curve, not the provider's table of every named curve
        X9ECParameters curve = CustomNamedCurves.getByName(CURVE);
        // 16 bytes beyond the order's 32 make the reduction's bias negligible (FIPS 186-4 B.4.1)
        BigInteger okm = new BigInteger(1, hkdf(secret.getBytes(StandardCharsets.UTF_8),
                pool.getBytes(StandardCharsets.UTF_8), 48));
        BigInteger d = okm.mod(curve.getN().subtract(BigInteger.ONE)).add(BigInteger.ONE);
        var q = new FixedPointCombMultiplier().multiply(curve.getG(), d).normalize();
        AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
        parameters.init(new ECGenParameterSpec(CURVE));
        ECParameterSpec spec = parameters.getParameterSpec(ECParameterSpec.class);
        KeyFactory ec = KeyFactory.getInstance("EC");
        return new KeyPair(ec.generatePublic(new ECPublicKeySpec(new ECPoint(q.getAffineXCoord().toBigInteger(),
                q.getAffineYCoord().toBigInteger()), spec)), ec.generatePrivate(new ECPrivateKeySpec(d, spec)));
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
