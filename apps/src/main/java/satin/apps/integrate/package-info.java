/**
 * Adaptive integration: the integral of f(x) = sum of sin(k x) / k for k = 1 to 16 from A to B,
 * halving every interval whose two half trapezoids differ from its own trapezoid by EPSILON or
 * more; intervals at least THRESHOLD wide spawn their halves, narrower ones recurse sequentially.
 * The result is checked against the exact integral (within EPSILON per interval summed).
 * Parameters: A B EPSILON THRESHOLD. Presets small / medium / large: [0, 50] with 1e-10,
 * [0, 200] with 1e-12, [0, 1500] with 1e-13, threshold 1.
 */
package satin.apps.integrate;
