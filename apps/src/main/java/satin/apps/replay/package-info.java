/**
 * Any application on many emulated nodes of a small machine: its spawn tree, recorded once on one
 * worker ({@link satin.apps.replay.RecordTree}), replayed with waits in place of its computation
 * and payloads of its sizes in place of its arguments and results ({@link satin.apps.replay.Replay}),
 * so that 64 nodes on 2 cores balance its load and move its bytes as 64 CPUs would (decision 0022).
 */
package satin.apps.replay;
