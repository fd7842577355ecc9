/**
 * Relays on cluster front-ends: a cluster whose nodes only its front-end can reach joins a pool
 * through a relay process there, which splices a member's proven connections through to the
 * member they name ({@link satin.relay.RelayServer}), and the table by which every node routes a
 * link to or from such a cluster ({@link satin.relay.Relays}).
 */
package satin.relay;
