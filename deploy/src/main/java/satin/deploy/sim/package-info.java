/**
 * The applications as the simulator ({@code satin.sim}) models them: the binding of an
 * application's main class and arguments to a {@code satin.sim.Workload} ({@link
 * satin.deploy.sim.Workloads}). It lives here, where both the applications and the simulator are
 * known, so that the simulator depends on no application.
 */
package satin.deploy.sim;
