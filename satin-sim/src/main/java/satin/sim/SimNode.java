package satin.sim;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.SplittableRandom;
import satin.lb.BalancerPort;
import satin.lb.LoadBalancer;
import satin.stats.RoundTrips;

/**
 * A simulated node: its workers, its queue of arrived jobs, its statistics, and the port its load
 * balancer acts through, with the semantics of the real node's port ({@code satin.pool.BalancerAdapter}):
 * the clock is the virtual one, messages go through the simulated {@link Network}, and the
 * balancer is called from one place at a time.
 *
 * <p>When the balancer hears it is idle follows the runtime's idle loop
 * ({@code satin.runtime.Worker}): a worker that finds nothing calls it at once and then on every
 * round of its spinning and yielding, so for {@link IdleLoop#spinNanos} after it went idle every
 * event the balancer hears is followed by another idle call; after that it parks, 20 us at first,
 * twice as long each round up to 1 ms, and calls it on every wake-up. Replies do not wake a
 * parked worker; arrived jobs do, and it takes them without asking the balancer.
 */
final class SimNode implements BalancerPort {

    final int id;
    private final Simulation sim;
    private final SimWorker[] workers;
    private final Arrivals arrivals;
    private final LoadBalancer balancer;
    private final SplittableRandom random;
    private final List<Integer> others;
    /** Replaced when the run proper starts in a formed pool ({@link #startCounting}). */
    Counters counters = new Counters();
    /** Round trips of this node's steal requests on the virtual clock: what its balancer weighs victims by. */
    final RoundTrips roundTrips = new RoundTrips();
    final ActivityLog activity = new ActivityLog();
    /** Its workers' states, the jobs it moved and its messages over time. */
    final SimTimeline timeline;

    private int idleWorkers;
    private int busyWorkers;
    private long spinUntil = Long.MIN_VALUE;
    private int parkRound;
    private long pollGeneration;
    private boolean inBalancer;
    /** Messages this node's balancer has sent: tells an idle call that did nothing. */
    private long sent;

    SimNode(int id, Simulation sim, LoadBalancer balancer, SplittableRandom random) {
        this.id = id;
        this.sim = sim;
        this.balancer = balancer;
        this.random = random;
        this.arrivals = new Arrivals(sim.workload().words());
        this.others = new Others(id, sim.memberIds());
        this.workers = new SimWorker[sim.topology().workersOf(id)];
        this.timeline = new SimTimeline(sim.config(), workers.length);
        for (int w = 0; w < workers.length; w++) {
            workers[w] = new SimWorker(this, w, sim);
        }
    }

    String name() {
        return sim.topology().nodeName(id);
    }

    SimWorker[] workers() {
        return workers;
    }

    SimWorker worker(int index) {
        return workers[index];
    }

    Arrivals arrivals() {
        return arrivals;
    }

    LoadBalancer balancer() {
        return balancer;
    }

    // ------------------------------------------------------------------ the start of the run

    /** Attaches the balancer; every worker is idle, parked long since, as in a pool that formed before its main began. */
    void start() {
        inBalancer(() -> balancer.attach(this));
        for (SimWorker w : workers) {
            w.startIdle();
        }
        idleWorkers = workers.length;
        parkRound = IdleLoop.LONG_PARKED;
        spinUntil = sim.config().idle().parks() ? Long.MIN_VALUE : Long.MAX_VALUE;
        long gen = ++pollGeneration;
        sim.schedulePoll(this, sim.now() + random.nextLong(sim.config().idle().maxParkNanos()), gen);
        long period = balancer.tickNanos();
        if (period > 0) {
            sim.scheduleTick(this, sim.now() + random.nextLong(period)); // nodes join at different moments: their ticks are out of phase
        }
    }

    /** The pool has formed and the root job comes now: what this node counted so far is not the run's. */
    void startCounting() {
        counters = new Counters();
        for (SimWorker w : workers) {
            w.startCounting();
        }
    }

    /** The root job arrives at the master. */
    void submitRoot(long[] root) {
        arrivals.add(root, 0, Arrivals.ROOT, 0);
        jobArrived();
    }

    // ------------------------------------------------------------------ workers

    void workerEnteredJobs() {
        if (busyWorkers++ == 0) {
            activity.busy(sim.now());
        }
    }

    void workerLeftJobs() {
        if (--busyWorkers == 0) {
            activity.idle(sim.now());
        }
    }

    /** A worker found nothing to do: the balancer hears it at once, and on every round of the idle loop. */
    void workerIdle() {
        idleWorkers++;
        IdleLoop idle = sim.config().idle();
        spinUntil = sim.now() + idle.spinNanos();
        parkRound = 0;
        long gen = ++pollGeneration;
        callIdle();
        sim.schedulePoll(this, spinUntil + idle.parkNanos(0), gen);
    }

    void workerWoke() {
        idleWorkers--;
    }

    /** A parked worker wakes up and asks the balancer again, unless it found work since. */
    void poll(long generation) {
        if (generation != pollGeneration || idleWorkers == 0) {
            return;
        }
        callIdle();
        parkRound++;
        sim.schedulePoll(this, sim.now() + sim.config().idle().parkNanos(parkRound), generation);
    }

    /** A job arrived from elsewhere: an idle worker takes it. */
    void jobArrived() {
        for (SimWorker w : workers) {
            if (w.idle()) {
                w.wake();
                return;
            }
        }
    }

    /** A worker offered a job to thieves: an idle peer, parked or not, takes it. */
    void workPublished(SimWorker by) {
        if (idleWorkers == 0) {
            return;
        }
        for (SimWorker w : workers) {
            if (w != by && w.idle()) {
                w.wake();
                return;
            }
        }
    }

    // ------------------------------------------------------------------ calls to the balancer

    private void callIdle() {
        if (sim.finished()) {
            return;
        }
        long before = sent;
        inBalancer(balancer::idle);
        if (sent == before) {
            inBalancer(balancer::idle); // the next round of the loop: a balancer may have started over without asking
        }
    }

    void tick() {
        inBalancer(balancer::tick);
        afterEvent();
    }

    /** As the runtime does, an empty reply may wake a parked worker, which asks the balancer again at once. */
    void stealReplied(int victim, boolean gotJob) {
        inBalancer(() -> balancer.stealReplied(victim, gotJob));
        if (!gotJob && idleWorkers > 0 && sim.now() >= spinUntil && asksAgainAtOnce()) {
            callIdle();
        } else {
            afterEvent();
        }
    }

    private boolean asksAgainAtOnce() {
        boolean[] again = new boolean[1];
        inBalancer(() -> again[0] = balancer.asksAgainAtOnce());
        return again[0];
    }

    /** Where a thief's request that found nothing here goes next ({@link LoadBalancer#passOn}); -1: answered. */
    int passOn(int thief, int tried) {
        int[] next = new int[1];
        inBalancer(() -> next[0] = balancer.passOn(thief, tried));
        return next[0];
    }

    void jobCameBack(boolean pushed) {
        inBalancer(() -> balancer.jobCameBack(pushed));
        afterEvent();
    }

    void pushDelivered(int target) {
        inBalancer(() -> balancer.pushDelivered(target));
        afterEvent();
    }

    void noted(int from, int kind, long value) {
        inBalancer(() -> balancer.noted(from, kind, value));
        afterEvent();
    }

    /** While a worker spins, whatever the balancer heard is followed by an idle call. */
    private void afterEvent() {
        if (idleWorkers > 0 && sim.now() < spinUntil) {
            callIdle();
        }
    }

    private void inBalancer(Runnable call) {
        if (inBalancer) {
            throw new IllegalStateException("node " + name() + ": the balancer was called from inside itself");
        }
        inBalancer = true;
        try {
            call.run();
        } finally {
            inBalancer = false;
        }
    }

    // ------------------------------------------------------------------ BalancerPort

    @Override
    public int self() {
        return id;
    }

    @Override
    public List<Integer> others() {
        return others;
    }

    @Override
    public String clusterOf(int member) {
        return sim.topology().clusterName(sim.topology().clusterOf(member));
    }

    @Override
    public long latencyNanos(int member) {
        return sim.network().latencyNanos(id, member);
    }

    @Override
    public long distanceNanos(int member) {
        return roundTrips.oneWayNanos(member, latencyNanos(member));
    }

    @Override
    public int queueLength() {
        int n = arrivals.size();
        for (SimWorker w : workers) {
            n += w.deque.size();
        }
        return n;
    }

    @Override
    public void requestSteal(int victim) {
        sent++;
        sim.protocol().ask(this, victim, false);
    }

    @Override
    public void prefetch(int victim) {
        sent++;
        sim.protocol().ask(this, victim, true);
    }

    @Override
    public boolean pushJob(int target) {
        boolean pushed = sim.protocol().push(this, target);
        if (pushed) {
            sent++;
        }
        return pushed;
    }

    @Override
    public void note(int member, int kind, long value) {
        sent++;
        sim.protocol().note(this, member, kind, value);
    }

    @Override
    public long nanoTime() {
        return sim.now();
    }

    @Override
    public int random(int bound) {
        return random.nextInt(bound);
    }

    /**
     * Every member but one, in ascending order, over one array of boxed ids shared by all nodes:
     * thousands of nodes each holding its own list of thousands of members would not fit.
     */
    private static final class Others extends AbstractList<Integer> implements RandomAccess {
        private final int self;
        private final Integer[] ids;

        Others(int self, Integer[] ids) {
            this.self = self;
            this.ids = ids;
        }

        @Override
        public Integer get(int i) {
            if (i < 0 || i >= ids.length - 1) {
                throw new IndexOutOfBoundsException(i);
            }
            return ids[i < self ? i : i + 1];
        }

        @Override
        public int size() {
            return ids.length - 1;
        }
    }
}
