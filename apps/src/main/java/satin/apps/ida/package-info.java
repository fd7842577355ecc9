/**
 * IDA* on the 15-puzzle with the Manhattan-distance heuristic (van Nieuwpoort, Kielmann and Bal, PPoPP 2001, section 4): iterative
 * deepening where each iteration spawns a job per move down to a spawn depth and searches
 * sequentially below it, every iteration to the end. Arguments: PUZZLE [SPAWN_DEPTH], the puzzle
 * {@code korfN} (ten of Korf's 100 instances), {@code walk:LENGTH:SEED} (a random walk from the
 * goal) or 16 comma-separated tiles; prints the optimal length, the number of optimal solutions,
 * the first in move order (checked to reach the goal, and against Korf's published length) and
 * the nodes expanded. Presets: small korf79, medium korf2, large korf3. {@link satin.apps.ida.IdaFirst}
 * (ida-first) ends on the first solution in move order instead, by throwing it, and prints that
 * solution and the bounds of its iterations. (What the helper classes
 * share with Ida is public: the tests load the sequential Ida in a class loader of its own.)
 */
package satin.apps.ida;
