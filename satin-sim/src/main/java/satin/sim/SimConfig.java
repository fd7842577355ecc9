package satin.sim;

import java.util.Objects;
import satin.lb.Balancers;
import satin.net.WanLinks;

/**
 * One simulated run: the pool, the workload, the balancer ({@link Balancers} syntax) and the
 * wide-area links ({@link WanLinks} syntax), the network inside clusters, the seed, and the
 * runtime's own parameters the simulation follows.
 *
 * @param topology        the clusters and their nodes
 * @param workload        the tree of jobs
 * @param balancer        as {@link Balancers#parse} reads it
 * @param wan             as {@link WanLinks#parse} reads it
 * @param lan             the network inside a cluster
 * @param seed            everything random in the run follows from it: one seed, one run
 * @param offered         how many jobs a worker keeps offered to thieves (the runtime's {@code satin.offered})
 * @param idle            when an idle worker asks its balancer
 * @param maxSimulatedNanos a run that has not ended by then stops and says so
 * @param traceLimit      at most this many busy/idle transitions, summed over the nodes, go into the
 *                        statistics; shorter idle spells are left out first
 * @param formedNanos     how long the nodes were idle in a formed pool before the root job came: what
 *                        their balancers asked for then (an LL node's lifeline requests) is in place
 *                        or on its way when it does, and what they counted then is not the run's, as
 *                        a real pool that forms before its main begins has it; 0: every node starts
 *                        parked, with nothing asked yet
 * @param coalesceNanos   small messages from one node to another within this window travel as one
 *                        batch frame, as {@code -Dsatin.coalesce} makes real nodes send them
 *                        ({@link Batches}); 0: each message is its own frame (the default)
 */
public record SimConfig(Topology topology, Workload workload, String balancer, String wan, Interconnect lan, long seed,
        int offered, IdleLoop idle, long maxSimulatedNanos, int traceLimit, long formedNanos, long coalesceNanos) {

    public static final long DEFAULT_MAX_SIMULATED_NANOS = 3_600_000_000_000L;
    public static final int DEFAULT_TRACE_LIMIT = 2_000_000;

    public SimConfig {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(lan, "lan");
        Objects.requireNonNull(idle, "idle");
        Balancers.parse(balancer); // refused now, named, not on the first node
        WanLinks.parse(wan);
        if (offered < 1 || maxSimulatedNanos <= 0 || traceLimit < 0 || formedNanos < 0 || coalesceNanos < 0) {
            throw new IllegalArgumentException("a simulation needs offered >= 1, a positive time limit, a trace limit >= 0"
                    + ", a formation time >= 0 and a coalescing window >= 0");
        }
    }

    /** A run whose messages are not coalesced, as every run was before coalescing was modelled. */
    public SimConfig(Topology topology, Workload workload, String balancer, String wan, Interconnect lan, long seed,
            int offered, IdleLoop idle, long maxSimulatedNanos, int traceLimit, long formedNanos) {
        this(topology, workload, balancer, wan, lan, seed, offered, idle, maxSimulatedNanos, traceLimit, formedNanos, 0);
    }

    /**
     * The run with the runtime's defaults: Myrinet inside clusters, seed 1, the runtime's idle loop,
     * the runtime's default of jobs offered (or, when steals take chunks, as many as the runtime's
     * deque then offers).
     */
    public static SimConfig of(Topology topology, Workload workload, String balancer, String wan) {
        int offered = Math.max(satin.config.Settings.DEFAULT_OFFERED, leastOffered(balancer));
        return new SimConfig(topology, workload, balancer, wan, Interconnect.MYRINET, 1, offered, IdleLoop.RUNTIME,
                DEFAULT_MAX_SIMULATED_NANOS, DEFAULT_TRACE_LIMIT, 0);
    }

    /** The fewest jobs a deque must offer for the steals of {@code balancer}: a chunk is taken from what is offered. */
    public static int leastOffered(String balancer) {
        return satin.lb.Balancers.parse(balancer).get().stealChunk().offered();
    }

    public SimConfig withLan(Interconnect l) {
        return new SimConfig(topology, workload, balancer, wan, l, seed, offered, idle, maxSimulatedNanos, traceLimit,
                formedNanos, coalesceNanos);
    }

    public SimConfig withSeed(long s) {
        return new SimConfig(topology, workload, balancer, wan, lan, s, offered, idle, maxSimulatedNanos, traceLimit,
                formedNanos, coalesceNanos);
    }

    /** The same run in a pool whose nodes were idle for {@code nanos} before the root job came. */
    public SimConfig formedFor(long nanos) {
        return new SimConfig(topology, workload, balancer, wan, lan, seed, offered, idle, maxSimulatedNanos, traceLimit,
                nanos, coalesceNanos);
    }

    /** The same run with messages coalesced within {@code windowNanos} (0: not at all). */
    public SimConfig coalescedWithin(long windowNanos) {
        return new SimConfig(topology, workload, balancer, wan, lan, seed, offered, idle, maxSimulatedNanos, traceLimit,
                formedNanos, windowNanos);
    }
}
