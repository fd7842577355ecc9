/**
 * What a run is, whatever it was written in: the pool, its clusters and where their nodes run, the
 * emulated wide-area links, the application, the load balancer and where results go. The
 * descriptor reader makes plans from YAML, the command line makes them from options, the
 * comparison makes one per cell of its matrix, and the launchers carry them out; none of these
 * knows the others, only the plan.
 */
package satin.deploy.plan;
