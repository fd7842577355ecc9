/**
 * The applications, each an annotated class whose un-rewritten form is the sequential program.
 * The build rewrites them in place with the rewriter's Maven plugin (goal {@code satin:rewrite},
 * phase {@code process-classes}) and keeps the sequential programs in
 * {@code target/sequential-classes} for the tests to compare against.
 */
package satin.apps;
