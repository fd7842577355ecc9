/**
 * Binomial coefficients C(N, K) by Pascal's rule, spawning both terms for N at or above THRESHOLD
 * and recursing sequentially below it; the result is checked against the multiplicative formula
 * in BigInteger. Parameters: N (0 to 66), K (0 to N), THRESHOLD. Presets small / medium / large:
 * C(28, 14), C(32, 16), C(36, 18), thresholds 18 / 20 / 22.
 */
package satin.apps.binomial;
