/**
 * Unbalanced Tree Search (UTS, Olivier, Prins et al.): counts the nodes, leaves and depth of an
 * implicit tree whose nodes are SHA-1 digests, geometric (shapes linear, expdec, cyclic, fixed),
 * binomial, hybrid or balanced, generated exactly as by the reference benchmark (UTS 2.1), so the
 * same parameters ({@code -t -b -r -a -d -q -m -f -g}, or a sample tree's name such as T1 or T3L,
 * checked against its published size) give the same tree; {@code -c} is the number of nodes a
 * job walks before it hands half its frontier to a spawned job. Presets: small (T3, 4.1 million
 * nodes), medium (T1 with 4 SHA-1 evaluations per child), large (T3L, 111 million nodes).
 */
package satin.apps.uts;
