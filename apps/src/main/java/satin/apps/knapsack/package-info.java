/**
 * The 0/1 knapsack problem by branch and bound with the fractional relaxation as the upper bound,
 * on an even-odd subset-sum instance (the hard kind for branch and bound) of ITEMS items with
 * weights up to MAX_WEIGHT made from SEED; the first SPAWN_DEPTH items spawn both branches. Each
 * job prunes with the bound it was given (the greedy packing at the root), the packings it found
 * itself and, unless the fifth argument is {@code passed}, the best value any job has found, a
 * shared object. The packing found is checked to fit and be worth its value, and against dynamic
 * programming when the capacity is at most 4,000,000. Presets small / medium / large: 22 / 30 /
 * 33 items, weights up to 10000, seed 1, spawn depth 6 / 8 / 8.
 */
package satin.apps.knapsack;
