package satin.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import satin.lb.Balancers;
import satin.lb.LoadBalancer;
import satin.net.WanLinks;

/**
 * One simulated run: the pool's nodes with their real balancers, the network, the workload's tree,
 * and the clock. The master (node 0) gets the root job at time 0, when every node is idle, parked
 * long since, as in a pool that formed before its main began (with {@link SimConfig#formedNanos},
 * idle and asking for work for that long before); the run ends when the root job's
 * result is there, and its time is the time of the root call, as the emulated benchmark measures
 * it. Events happen one at a time in the order of their time, and at one time in the order they
 * were scheduled; everything random follows from the seed, so one seed gives one run.
 */
public final class Simulation {

    /** What a running simulation has done so far, for a progress line. */
    public record Status(long simulatedNanos, long wallNanos, long jobs, long messages, long events, long work) {
    }

    private final SimConfig config;
    private final Network network;
    private final Protocol protocol;
    private final Batches batches;
    private final EventQueue events = new EventQueue();
    private final Integer[] memberIds;
    private final List<SimWorker> workers = new ArrayList<>();
    private final SimNode[] nodes;
    private long now;
    private boolean finished;
    private long jobs;
    private long work;
    private long eventCount;

    public Simulation(SimConfig config) {
        this.config = config;
        Topology t = config.topology();
        SplittableRandom random = new SplittableRandom(config.seed());
        this.network = new Network(t, WanLinks.parse(config.wan()), config.lan(), random.split());
        this.memberIds = new Integer[t.nodes()];
        for (int i = 0; i < memberIds.length; i++) {
            memberIds[i] = i;
        }
        this.protocol = new Protocol(this);
        this.batches = config.coalesceNanos() > 0 ? new Batches(this, config.coalesceNanos()) : null;
        Supplier<LoadBalancer> make = Balancers.parse(config.balancer());
        this.nodes = new SimNode[t.nodes()];
        for (int n = 0; n < nodes.length; n++) {
            nodes[n] = new SimNode(n, this, make.get(), random.split());
        }
    }

    /**
     * Runs to the end of the root job, or to the configured limit of simulated time.
     *
     * @param progress told about every {@code everyNanos} of wall time; may be null
     */
    public SimResult run(java.util.function.Consumer<Status> progress, long everyNanos) {
        long wallStart = System.nanoTime();
        now = -config.formedNanos();
        for (SimNode n : nodes) {
            n.start();
        }
        if (config.formedNanos() > 0) {
            form();
        }
        long[] root = new long[workload().words()];
        workload().root(root, 0);
        nodes[0].submitRoot(root);
        long nextReport = wallStart + everyNanos;
        while (!finished) {
            if (events.isEmpty()) {
                throw new IllegalStateException("nothing is left to happen at " + now + " ns, yet the root job is not done");
            }
            if (events.peekTime() > config.maxSimulatedNanos()) {
                break;
            }
            step();
            if ((eventCount & 0xFFF) == 0 && progress != null && System.nanoTime() >= nextReport) {
                progress.accept(status(wallStart));
                nextReport = System.nanoTime() + everyNanos;
            }
        }
        return new SimResult(config, List.of(nodes), finished, now, status(wallStart));
    }

    /**
     * The idle pool before the root job: its events up to time 0, after which the nodes count
     * afresh, as the emulated benchmark reads its counters before the root call and after.
     */
    private void form() {
        while (!events.isEmpty() && events.peekTime() < 0) {
            step();
        }
        now = 0;
        for (SimNode n : nodes) {
            n.startCounting();
        }
    }

    /** The next event happens. */
    private void step() {
        events.pop();
        now = events.time();
        dispatch(events.kind(), events.subject(), events.detail());
        eventCount++;
    }

    private Status status(long wallStart) {
        return new Status(now, System.nanoTime() - wallStart, jobs, protocol.messagesSent(), eventCount, work);
    }

    private void dispatch(int kind, int subject, long detail) {
        switch (kind) {
            case EventQueue.STEP -> workers.get(subject).computed();
            case EventQueue.ARRIVE -> protocol.arrive(subject, (int) detail);
            case EventQueue.TICK -> {
                SimNode n = nodes[subject];
                n.tick();
                events.add(now + n.balancer().tickNanos(), EventQueue.TICK, subject, 0);
            }
            case EventQueue.POLL -> nodes[subject].poll(detail);
            case EventQueue.WINDOW_END -> batches.windowEnded(subject, detail);
            default -> throw new IllegalStateException("event kind " + kind);
        }
    }

    // ------------------------------------------------------------------ for the parts of the simulation

    long now() {
        return now;
    }

    boolean finished() {
        return finished;
    }

    SimConfig config() {
        return config;
    }

    Topology topology() {
        return config.topology();
    }

    Workload workload() {
        return config.workload();
    }

    Network network() {
        return network;
    }

    Protocol protocol() {
        return protocol;
    }

    SimNode node(int id) {
        return nodes[id];
    }

    Integer[] memberIds() {
        return memberIds;
    }

    /** Numbers a worker, for the events that name it. */
    int register(SimWorker w) {
        workers.add(w);
        return workers.size() - 1;
    }

    void scheduleStep(SimWorker w, long at) {
        events.add(at, EventQueue.STEP, w.number, 0);
    }

    void scheduleArrival(int message, long at, int bytes) {
        events.add(at, EventQueue.ARRIVE, message, bytes);
    }

    void scheduleWindowEnd(int slot, long at, long generation) {
        events.add(at, EventQueue.WINDOW_END, slot, generation);
    }

    /** Where messages wait to be coalesced; null when each is its own frame. */
    Batches batches() {
        return batches;
    }

    void scheduleTick(SimNode n, long at) {
        events.add(at, EventQueue.TICK, n.id, 0);
    }

    void schedulePoll(SimNode n, long at, long generation) {
        events.add(at, EventQueue.POLL, n.id, generation);
    }

    void jobStarted() {
        jobs++;
    }

    /** A job computed for {@code nanos}: the work one worker alone would have done. */
    void worked(long nanos) {
        work += nanos;
    }

    /** The root job is done: the run is over. */
    void rootDone() {
        finished = true;
    }
}
