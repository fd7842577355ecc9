/**
 * Recorded spawn trees: the shape of one run of an application (who spawned whom, in which sync
 * group), each call's own compute time without its children's, and the bytes its arguments and
 * result take through the pool's codec. Recorded once on one worker (by-value mode, so that every
 * spawn goes through the codec and its size is known), folded to a size that a replay can hold,
 * kept in a small versioned file, and replayed with waits instead of computation, so that 64
 * emulated nodes on a small machine can run any application (decision 0022).
 */
package satin.record;
