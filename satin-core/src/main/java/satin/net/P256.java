package satin.net;

import java.math.BigInteger;
import java.security.spec.ECFieldFp;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;

/**
 * The public point of a P-256 private scalar, {@code d * G}, which the JDK computes only for keys it
 * generates itself: the pool's CA key is derived from the secret instead (see {@link PoolCa}). The
 * curve's numbers come from the JDK's own parameters; a Montgomery ladder in Jacobian coordinates
 * does the same additions and doublings whatever the scalar's bits. The caller checks the result:
 * a signature made with {@code d} by the JDK must verify with the point, so an error here cannot
 * pass unseen.
 */
final class P256 {

    private final BigInteger p;
    private final BigInteger a;
    private final ECPoint g;

    P256(ECParameterSpec spec) {
        this.p = ((ECFieldFp) spec.getCurve().getField()).getP();
        this.a = spec.getCurve().getA();
        this.g = spec.getGenerator();
    }

    /** {@code d * G}, for {@code 0 < d < n}. */
    ECPoint times(BigInteger d) {
        BigInteger[] r0 = {BigInteger.ONE, BigInteger.ONE, BigInteger.ZERO}; // the point at infinity: Z = 0
        BigInteger[] r1 = {g.getAffineX(), g.getAffineY(), BigInteger.ONE};
        for (int i = d.bitLength() - 1; i >= 0; i--) {
            if (d.testBit(i)) {
                r0 = add(r0, r1);
                r1 = twice(r1);
            } else {
                r1 = add(r0, r1);
                r0 = twice(r0);
            }
        }
        BigInteger zInverse = r0[2].modInverse(p);
        BigInteger z2 = zInverse.multiply(zInverse).mod(p);
        return new ECPoint(r0[0].multiply(z2).mod(p), r0[1].multiply(z2).multiply(zInverse).mod(p));
    }

    /** Doubling in Jacobian coordinates: X = M^2 - 2S, Y = M(S - X) - 8Y^4, Z = 2YZ, with S = 4XY^2, M = 3X^2 + aZ^4. */
    private BigInteger[] twice(BigInteger[] q) {
        if (q[2].signum() == 0 || q[1].signum() == 0) {
            return new BigInteger[] {BigInteger.ONE, BigInteger.ONE, BigInteger.ZERO};
        }
        BigInteger y2 = q[1].multiply(q[1]).mod(p);
        BigInteger s = q[0].multiply(y2).shiftLeft(2).mod(p);
        BigInteger z2 = q[2].multiply(q[2]).mod(p);
        BigInteger m = q[0].multiply(q[0]).multiply(BigInteger.valueOf(3)).add(a.multiply(z2).multiply(z2)).mod(p);
        BigInteger x = m.multiply(m).subtract(s.shiftLeft(1)).mod(p);
        BigInteger y = m.multiply(s.subtract(x)).subtract(y2.multiply(y2).shiftLeft(3)).mod(p);
        BigInteger z = q[1].multiply(q[2]).shiftLeft(1).mod(p);
        return new BigInteger[] {x, y, z};
    }

    /** Addition in Jacobian coordinates, with the point at infinity and equal points handled. */
    private BigInteger[] add(BigInteger[] q, BigInteger[] r) {
        if (q[2].signum() == 0) {
            return r;
        }
        if (r[2].signum() == 0) {
            return q;
        }
        BigInteger qz2 = q[2].multiply(q[2]).mod(p);
        BigInteger rz2 = r[2].multiply(r[2]).mod(p);
        BigInteger u1 = q[0].multiply(rz2).mod(p);
        BigInteger u2 = r[0].multiply(qz2).mod(p);
        BigInteger s1 = q[1].multiply(rz2).multiply(r[2]).mod(p);
        BigInteger s2 = r[1].multiply(qz2).multiply(q[2]).mod(p);
        BigInteger h = u2.subtract(u1).mod(p);
        BigInteger rr = s2.subtract(s1).mod(p);
        if (h.signum() == 0) {
            return rr.signum() == 0 ? twice(q) : new BigInteger[] {BigInteger.ONE, BigInteger.ONE, BigInteger.ZERO};
        }
        BigInteger h2 = h.multiply(h).mod(p);
        BigInteger h3 = h2.multiply(h).mod(p);
        BigInteger v = u1.multiply(h2).mod(p);
        BigInteger x = rr.multiply(rr).subtract(h3).subtract(v.shiftLeft(1)).mod(p);
        BigInteger y = rr.multiply(v.subtract(x)).subtract(s1.multiply(h3)).mod(p);
        BigInteger z = q[2].multiply(r[2]).multiply(h).mod(p);
        return new BigInteger[] {x, y, z};
    }
}
