/**
 * Comparison reports of runs, as van Nieuwpoort, Kielmann and Bal (PPoPP 2001) compares its load balancers and Perarnau and Sato (victim selection) reads occupancy:
 * tables and charts made from run directories. {@link satin.deploy.report.RunReader} reads a run
 * ({@code result.json} from the launcher, {@code stats.json} from the pool's master, parsed by the
 * {@link satin.deploy.report.Json} on Jackson) into a {@link satin.deploy.report.RunData};
 * {@link satin.deploy.report.Comparison} arranges runs by workload, balancer and configuration
 * (one cluster, or several over a WAN setting) and summarises repetitions as a
 * {@link satin.deploy.report.Spread} (median, min, max), from which cells within each other's noise
 * are found; {@link satin.deploy.report.ShortRuns} names runs too short to compare balancers by;
 * {@link satin.deploy.report.Experiments} keeps runs of different invocations apart;
 * {@link satin.deploy.report.Tables} writes them as CSV and Markdown;
 * {@link satin.deploy.report.Occupancy} turns the nodes' activity traces into occupancy over time
 * with starting and ending latencies, and {@link satin.deploy.report.TraceEvents} into a timeline
 * that Perfetto and chrome://tracing open (with the workers' states and the jobs between nodes,
 * read by {@link satin.deploy.report.TimelineReader}); {@link satin.deploy.report.Charts} draws figures once onto a
 * canvas that is either PNG (Java2D, headless) or SVG (written as text).
 * {@link satin.deploy.report.Reports} ties them together and is the {@code satin report} command.
 */
package satin.deploy.report;
