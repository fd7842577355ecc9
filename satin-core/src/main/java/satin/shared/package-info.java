/**
 * Shared objects across a pool: each member's replicas, the master's total order of their writes,
 * and the state a member that joins is given.
 */
package satin.shared;
