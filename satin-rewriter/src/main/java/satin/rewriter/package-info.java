/**
 * The bytecode rewriter that turns spawns and syncs into invocation records and frame calls (the
 * contract is in {@link satin.runtime}; its hand-written specification is {@code satin.spec} in
 * satin-core's tests). Not written yet: until it is, programs run sequentially unless their
 * parallel form is written by hand.
 */
package satin.rewriter;
