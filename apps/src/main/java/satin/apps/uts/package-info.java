/**
 * Unbalanced Tree Search (UTS, Olivier, Prins et al.): counts the nodes, leaves and depth of an
 * implicit tree whose nodes are SHA-1 digests, geometric (shapes linear, expdec, cyclic, fixed),
 * binomial, hybrid or balanced, generated exactly as by the reference benchmark (UTS 2.1), so the
 * same parameters ({@code -t -b -r -a -d -q -m -f -g}, or a sample tree's name such as T1 or T3L,
 * checked against its published size) give the same tree; {@code -c} is the number of nodes a
 * job walks before it hands part of its frontier to a spawned job, {@code -s own} uses this
 * package's SHA-1 instead of the JDK's. Presets (processor time of the sequential program, JVM included):
 * small (T3, 4.1 million nodes, 0.7 s), medium (T1 with 8 SHA-1 evaluations per child, 2.5 s),
 * large (T1L with 2 evaluations per child, 102 million nodes, 16 s).
 */
package satin.apps.uts;
