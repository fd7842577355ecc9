/**
 * Fibonacci numbers by the doubly recursive definition: {@link satin.apps.fib.Fib} spawns every
 * call (the worst case for the cost of a spawn), {@link satin.apps.fib.FibThreshold} spawns only
 * for N at or above a threshold and recurses sequentially below it. Parameters: N (0 to 92) and,
 * for FibThreshold, the spawn threshold (default 20). Presets small / medium / large: N = 30 / 43
 * / 48 (threshold 20). The result is checked against the iterative computation.
 */
package satin.apps.fib;
