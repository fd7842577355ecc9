/**
 * A discrete-event simulator that runs the real load balancers ({@code satin.lb}, made by
 * {@code satin.lb.Balancers.parse}, unchanged) on a virtual clock, so that pools of thousands of
 * nodes can be studied on one small machine (decision 0020).
 *
 * <p>How the parts meet: a {@link satin.sim.Simulation} owns the clock ({@link satin.sim.EventQueue})
 * and the pool. Each {@link satin.sim.SimNode} is the port ({@code satin.lb.BalancerPort}) of its
 * balancer and holds its {@link satin.sim.SimWorker}s, each with a {@link satin.sim.JobDeque} of the
 * runtime's split-deque semantics and a stack of frames, and its queue of jobs that arrived from
 * elsewhere ({@link satin.sim.Arrivals}). Jobs are a few longs of a {@link satin.sim.Workload} (a
 * {@link satin.sim.RegularTree}, a {@link satin.sim.ReplayWorkload}, or any other) from which their
 * cost and children follow, generated as they are spawned. The simulator knows no application:
 * whoever runs it binds the applications to workloads (satin-deploy's satin.deploy.sim: the
 * synthetic tree, UTS, recorded trees).
 * Between nodes, the {@link satin.sim.Protocol} moves steal requests, replies, pushes, results and
 * notes as the real steal protocol does, each in the {@link satin.sim.WireFrame} of the real message
 * (its size measured by the real encoder), through the {@link satin.sim.Network}: a
 * {@link satin.sim.Link} per sending node inside a cluster ({@link satin.sim.Interconnect}: Myrinet,
 * InfiniBand, this machine's emulation, or custom) and one per ordered pair of clusters between
 * them, with the WAN emulator's latency, bandwidth occupancy and jitter. The {@link satin.sim.SimResult}
 * writes the statistics a real run's master writes, so reports read both alike.
 */
package satin.sim;
