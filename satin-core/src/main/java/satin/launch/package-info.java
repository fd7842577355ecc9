/**
 * The process that runs a pool's nodes ({@link satin.launch.PoolMain}): its checked command line
 * ({@code LaunchOptions}), the registry it may embed and where it announces it
 * ({@code RegistryFile}), its nodes, and, on the master, the program's main, whose end ends the
 * run and whose statistics it gathers; a master frozen out of its own run ends itself
 * ({@code Fence}).
 */
package satin.launch;
