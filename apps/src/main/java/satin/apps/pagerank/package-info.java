/**
 * PageRank by power iteration on a random graph whose in-links every node makes from the seed:
 * each round, jobs compute ranges of the new ranks from the last round's, which the program
 * publishes once per round in a {@link satin.Published} shared object that its jobs wait for with
 * a guard (Satin++), or passes to every spawn. Parameters: PAGES LINKS ROUNDS SEED [shared|passed].
 */
package satin.apps.pagerank;
