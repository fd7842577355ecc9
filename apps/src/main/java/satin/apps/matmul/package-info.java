/**
 * Matrix multiplication (van Nieuwpoort, Kielmann and Bal, PPoPP 2001, section 4): C = A B for n x n matrices of small integers drawn
 * from a seed, by recursive subdivision into quadrants whose eight block products are spawns
 * returning their blocks, down to blocks of at most {@code leaf} rows (48 in the paper) multiplied
 * two rows by two columns at a time. Arguments: N [LEAF [SEED]]; prints a checksum of C, checked
 * exactly against A (B v) for random vectors v. Presets: small n=384, medium n=1536 (the paper's
 * size), large n=3072, all with leaf 48.
 */
package satin.apps.matmul;
