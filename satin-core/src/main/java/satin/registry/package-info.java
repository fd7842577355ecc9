/**
 * Pool membership: the {@link satin.registry.Registry} that nodes join, which tells them who is in
 * the pool, elects the master, and ends the run everywhere when the master's main returns.
 */
package satin.registry;
