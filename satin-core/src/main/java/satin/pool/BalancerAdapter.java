package satin.pool;

import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import satin.lb.BalancerPort;
import satin.lb.LoadBalancer;
import satin.net.Message;
import satin.runtime.Lineage;
import satin.runtime.Node;
import satin.stats.PoolStats;
import satin.steal.StealProtocol;

/**
 * A member as its {@link LoadBalancer} sees it: the {@link BalancerPort} it acts through, and the
 * moments it is called (a worker with nothing to do, its periodic tick). The balancer's view of
 * the pool is kept here, apart from the member's own face, {@link PoolNode}.
 */
final class BalancerAdapter implements Node.Remote, BalancerPort {

    private final PoolNode pool;
    private final PoolConfig config;
    private final Node node;
    private final LoadBalancer balancer;
    private final Members members;
    private final Links links;
    private final StealProtocol steals;
    private final PoolStats stats;
    /** The balancer's periodic work, if it has any. */
    private volatile ScheduledFuture<?> ticks;

    BalancerAdapter(PoolNode pool, PoolConfig config, Node node, LoadBalancer balancer, Members members, Links links,
            StealProtocol steals, PoolStats stats) {
        this.pool = pool;
        this.config = config;
        this.node = node;
        this.balancer = balancer;
        this.members = members;
        this.links = links;
        this.steals = steals;
        this.stats = stats;
    }

    /** Once the member has joined: the balancer's tick, if it has one, runs from now on until {@link #stopTicking}. */
    void startTicking() {
        long period = balancer.tickNanos();
        if (period > 0) {
            ticks = SharedTransport.get().every(period, () -> {
                if (!pool.closing()) {
                    synchronized (balancer) {
                        balancer.tick();
                    }
                }
            });
        }
    }

    void stopTicking() {
        if (ticks != null) {
            ticks.cancel(false);
        }
    }

    @Override
    public void idle() {
        if (pool.closing() || !members.admitted()) {
            return;
        }
        synchronized (balancer) {
            balancer.idle();
        }
    }

    @Override
    public void cancelled(Lineage work) {
        steals.cancelled(work);
    }

    @Override
    public int self() {
        return members.self();
    }

    @Override
    public List<Integer> others() {
        return members.others();
    }

    @Override
    public String clusterOf(int member) {
        return members.clusterOf(member);
    }

    @Override
    public void requestSteal(int victim) {
        steals.ask(victim, false);
    }

    @Override
    public void prefetch(int victim) {
        steals.ask(victim, true);
    }

    @Override
    public long latencyNanos(int member) {
        return config.latencyNanosTo(clusterOf(member));
    }

    @Override
    public long distanceNanos(int member) {
        return stats.roundTrips.oneWayNanos(member, latencyNanos(member));
    }

    @Override
    public int queueLength() {
        return node.queuedJobs();
    }

    @Override
    public boolean pushJob(int target) {
        return steals.push(target);
    }

    @Override
    public void note(int member, int kind, long value) {
        Links.Link link = links.to(member);
        if (link != null) {
            stats.notesSent.incrementAndGet();
            link.send(new Message.BalancerNote(members.self(), kind, value));
        }
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public int random(int bound) {
        return ThreadLocalRandom.current().nextInt(bound);
    }
}
