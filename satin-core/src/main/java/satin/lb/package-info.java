/**
 * Load balancers: how a node gets work from other nodes. One class per algorithm behind one small
 * interface ({@link satin.lb.LoadBalancer}, acting through a {@link satin.lb.BalancerPort}), free of
 * threads and of the network, so that the same classes can run inside a simulator.
 * {@link satin.lb.RandomStealing} is the first (van Nieuwpoort, Kielmann and Bal, PPoPP 2001 section 3.1).
 */
package satin.lb;
