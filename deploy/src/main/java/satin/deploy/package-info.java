/**
 * The {@code satin} command line and, later, deployment descriptors, launchers and comparison
 * runs. The top-level {@code ./satin} script runs {@link satin.deploy.Main}.
 */
package satin.deploy;
