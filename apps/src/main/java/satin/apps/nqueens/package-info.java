/**
 * N-queens: counts the placements of N non-attacking queens on an N x N board, spawning one job
 * per free column in each of the first SPAWN_ROWS rows and searching sequentially with bit masks
 * below them. Parameters: N (1 to 30) and SPAWN_ROWS (default N / 4). Presets small / medium /
 * large: N = 12 / 15 / 16 with 3 / 4 / 4 spawning rows. Counts for N up to 12 are checked against
 * a naive search that tests each queen against the earlier ones.
 */
package satin.apps.nqueens;
