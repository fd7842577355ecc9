/**
 * Minimum set cover by branch and bound: the fewest of SETS random subsets of a universe of
 * UNIVERSE (up to 64) elements, made from SEED, whose union is the universe; the first
 * SPAWN_DEPTH levels of the search spawn their branches. Each job prunes with the bound it was
 * given (the greedy cover at the root) and the covers it found itself. The cover found is checked
 * to cover the universe, and against every subset of the sets for instances of up to 20 sets.
 * Presets small / medium / large: 64 elements and 60 / 100 / 110 sets, seed 1, spawn depth 3.
 */
package satin.apps.setcover;
