/**
 * The {@code satin} command line (picocli): {@code run} carries out one run from a descriptor or
 * from options, {@code compare} a matrix of runs with a progress bar and then its report,
 * {@code report} turns run directories into tables and charts, {@code registry} serves a pool's
 * registry for runs over several hosts. Each command only turns its options into a
 * {@code satin.deploy.plan.RunPlan} and hands it to the launcher and the report; what a run is and
 * how it is carried out live in their own packages.
 */
package satin.deploy.cli;
