/**
 * Deployment descriptors: a run written down once in YAML, read into a
 * {@link satin.deploy.plan.RunPlan} (and, for comparison runs, a {@link satin.deploy.descriptor.Comparison}
 * matrix) that the launchers carry out. It exists so that a pool of several clusters, its links and
 * its application can be kept, reviewed and repeated instead of retyped as options.
 *
 * <p>The format ({@code deploy/examples/README.md} has it with examples):
 *
 * <pre>{@code
 * pool: paper                 # default satin
 * secret: s3cret              # or secretFile: PATH (relative to the descriptor); default $SATIN_SECRET;
 *                             # a pool wholly in this JVM may have none (a random one is made)
 * clusters:                   # at least one
 *   - name: A                 # letters, digits, _ . -; unique
 *     nodes: 16               # >= 1
 *     workers: 1              # >= 1, default 1
 *     where: jvm              # jvm | processes | ssh | slurm, default jvm
 *     hosts: [n1, user@n2]    # only and always with where: ssh: ssh destinations (aliases too),
 *                             # or {ssh: alias, address: 10.0.0.5} where its nodes are reached
 *     sshOptions: [-J, gw]    # only with ssh: the ssh client's options before the destination
 *     slurm: {partition: p, nodes: 2, tasksPerNode: 8, time: '1:00:00', account: a, sbatchOptions: [], hetJob: g}
 *                             # only with slurm, each optional: what the cluster's job asks for; clusters
 *                             # of one hetJob name are the components of one heterogeneous job
 *     jvmOptions: [-Xmx1g]    # only with processes or ssh
 * wan:                        # default none; or WanLinks text as it is (wan: 10ms/100KB/s)
 *   default: {latency: 100ms, bandwidth: 100KB/s, jitter: 5ms}   # jitter optional
 *   links:                    # per direction, overriding the default
 *     - {from: A, to: B, latency: 10ms, bandwidth: 1MB/s}
 * app:
 *   name: fib                 # a short name of satin.apps.Apps, or mainClass: a.b.C
 *   args: small               # a preset of the application, or a list: [30]
 * balancer:                   # default RS; or the Balancers text as it is (balancer: RP:threshold=8)
 *   name: RP                  # RS, RP, CHS, CLS, CRS, LL, or an EARTH one (decision 0047)
 *   settings: {threshold: 8, inFlight: 2}
 * output: satin-results       # default satin-results, relative to the working directory
 * compare:                    # optional: a matrix of runs; what it omits is the run's own
 *   apps: [{name: fib, args: [30]}]
 *   balancers: [RS, CRS]
 *   wan: [single-cluster, 100ms/100KB/s]   # WanLinks text, none, single-cluster, or a wan: mapping
 *   repetitions: 3            # default 3
 * mode: run                   # run | simulate (satin run and satin compare simulate)
 * simulate:                   # optional: how (satin.deploy.plan.SimulationPlan)
 *   lan: myrinet              # myrinet | infiniband | emulated | 20us/50MB/s[/jitter]
 *   seed: 1
 *   nodeCost: 2us             # UTS: every tree node's cost
 *   offered: 4
 *   maxTime: 1h               # simulated
 * }</pre>
 *
 * <p>How the parts meet: {@link satin.deploy.descriptor.Descriptors} composes the YAML into
 * SnakeYAML nodes, which keep the line and column of every key and value; a reader per section
 * (clusters, WAN, application, balancer) turns its nodes into plan values and records every problem
 * with its place and key path instead of stopping at the first; the WAN and balancer texts are
 * finally checked by the runtime's own parsers ({@code satin.net.WanLinks}, {@code satin.lb.Balancers}),
 * so a descriptor that reads here is one the pool accepts. Only when nothing is wrong is the plan
 * built; otherwise one {@link satin.deploy.descriptor.DescriptorException} lists all problems as
 * {@code FILE:LINE:COLUMN: key.path: message}.
 */
package satin.deploy.descriptor;
