/**
 * Prime factorization by trial division, spawning halves of the range of candidate divisors (2 to
 * the square root of n) while a range holds more than THRESHOLD candidates. The number is the
 * product of FACTORS primes made from SEED, about 2^BITS (BITS 4 to 64; numbers are carried as
 * 30-bit limbs, so they may exceed a long); the factors found are checked to be prime, to multiply
 * back to it and to be the primes it was made of. Presets small / medium / large: BITS 40 / 56 /
 * 64, 3 factors, seed 1, thresholds 100000 / 1000000 / 1000000.
 */
package satin.apps.primes;
