/**
 * The programming model, and everything a user must learn: {@link satin.Spawnable} on methods,
 * {@code sync()} from {@link satin.SatinObject} or {@link satin.Satin}, and
 * {@link satin.SpawnException} when a spawned call failed.
 *
 * <p>Without rewriting, these types do nothing at all: an annotated class is the sequential
 * program, and it is the oracle every parallel result is checked against. The rewriter (module
 * {@code satin-rewriter}) turns spawns and syncs into calls on {@link satin.runtime}.
 */
package satin;
