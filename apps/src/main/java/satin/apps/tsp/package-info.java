/**
 * The traveling salesperson problem by branch and bound (van Nieuwpoort, Kielmann and Bal, PPoPP 2001, section 4): cities on a grid
 * from a seed, rounded Euclidean distances, partial tours extended nearest city first, spawning
 * down to a spawn depth; every job prunes with the bound it was passed, the tours found below it
 * and (unless the bound is {@code passed}) the shortest tour found anywhere, a shared object, so the
 * tour is the same wherever jobs run. Arguments: CITIES [SPAWN_DEPTH [SEED [shared|passed]]]; prints the
 * shortest tour, checked to be a permutation whose recomputed length is the one reported. Presets:
 * small 14 cities, medium 17, large 19, all from seed 3 and spawning 3 levels. (Helper classes are public: the tests load the sequential
 * Tsp in a class loader of its own.)
 */
package satin.apps.tsp;
