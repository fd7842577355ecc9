/**
 * The {@code satin} command. {@link satin.deploy.Main} sends {@code pool} to the pool launcher,
 * {@code run}, {@code compare}, {@code report} and {@code registry} to the command line
 * ({@code satin.deploy.cli}), which turns descriptors ({@code satin.deploy.descriptor}) or options
 * into run plans ({@code satin.deploy.plan}) for the launchers ({@code satin.deploy.launch}) and
 * reports their results ({@code satin.deploy.report}); no arguments run the main job, a short
 * comparison, and {@code fib} the spawn-cost demonstration. The top-level {@code ./satin} script
 * runs it.
 */
package satin.deploy;
