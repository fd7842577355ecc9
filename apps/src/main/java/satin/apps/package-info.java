/**
 * The applications, each an annotated class whose un-rewritten form is the sequential program,
 * rewritten at build time once the rewriter's Maven plugin exists. Until then the parallel forms
 * of Fibonacci, N-queens and an array loop are written by hand: they are the specification in
 * satin-core's tests ({@code satin.spec}), and the {@code satin} command runs them.
 */
package satin.apps;
