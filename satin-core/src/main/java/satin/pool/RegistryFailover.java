package satin.pool;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import satin.net.Advertised;
import satin.net.Message;
import satin.registry.ComingBack;
import satin.registry.Registry;

/**
 * Keeping the pool's registry when the one the run began with is lost: which member takes it
 * over, and when, so that the run goes on without it; and following another member that took it
 * over. The registry client notices the loss and follows the moves; this decides them.
 */
final class RegistryFailover {

    private static final System.Logger LOG = System.getLogger("satin.pool");

    private final PoolNode pool;
    private final PoolConfig config;
    private final Members members;
    private final Links links;
    private final RegistryClient registry;
    /** Announced at join: the registry taken over must hold the members to it. */
    private final String allowed;
    /** The registry this node keeps since the one the run began with was lost, or null. */
    private volatile Registry hosted;

    RegistryFailover(PoolNode pool, PoolConfig config, Members members, Links links, RegistryClient registry,
            String allowed) {
        this.pool = pool;
        this.config = config;
        this.members = members;
        this.links = links;
        this.registry = registry;
        this.allowed = allowed;
    }

    /**
     * The registry went without ending the run (its process died or froze). The members other than
     * the master (which kept it, by default) take it over in order of id: the first at once, each
     * next one half a failure timeout later if no lower one has said it keeps it by then; or as
     * soon as none of the lower ones can come back ({@link ComingBack}). The master's process
     * usually holds the lowest ids, its other nodes: killed with it, they made the first member of
     * another process wait half a timeout for each of them before it took the registry over.
     */
    void registryLost() {
        List<Integer> candidates = new ArrayList<>(members.others());
        candidates.add(members.self());
        candidates.remove(Integer.valueOf(members.master()));
        candidates.sort(null);
        int rank = candidates.indexOf(members.self());
        if (rank < 0) {
            rank = candidates.size(); // the master keeps it only when nobody else can
        }
        long timeout = config.liveness().timeoutNanos();
        long delay = Math.max(1, rank * timeout / 2);
        AtomicBoolean taken = new AtomicBoolean();
        Consumer<String> takeOver = why -> {
            if (!pool.closing() && !registry.moved() && taken.compareAndSet(false, true)) {
                Thread t = new Thread(() -> keepRegistry(why), "satin-registry-takeover");
                t.setDaemon(true);
                t.start();
            }
        };
        String turn = rank == 0 ? "first in line" : "its turn, " + rank + " in line before it";
        SharedTransport.get().schedule(delay, () -> takeOver.accept(turn));
        List<Message.Member> before = candidates.subList(0, rank).stream()
                .map(members::get).filter(Objects::nonNull).toList();
        if (!before.isEmpty()) {
            long lost = System.nanoTime();
            Thread probes = new Thread(() -> {
                long wait = ComingBack.untilNoneCan(before, ComingBack.gone(before), pool.membership()::lastHeard,
                        timeout);
                if (wait != Long.MAX_VALUE && System.nanoTime() + wait - (lost + delay) < 0) {
                    String why = "none of the " + before.size() + " in line before it can come back";
                    SharedTransport.get().schedule(Math.max(1, wait), () -> takeOver.accept(why));
                }
            }, "satin-registry-probes");
            probes.setDaemon(true);
            probes.start();
        }
    }

    private void keepRegistry(String why) {
        String where = config.listen().startsWith("local://") ? config.listen() + "/registry"
                : config.listen().replaceFirst(":\\d+$", ":0");
        Registry r;
        try {
            r = Registry.resume(SharedTransport.get(), config.pool(), config.secret(), where, config.liveness(),
                    members.all(), members.master(), members.deadNames(), allowed, config.liveness().timeoutNanos(),
                    pool.membership()::lastHeard);
        } catch (RuntimeException | InterruptedException e) {
            LOG.log(Level.ERROR, "node {0} cannot keep the registry at {1}: {2}", config.name(), where, e);
            return;
        }
        hosted = r;
        String at = Advertised.at(r.address(), config.advertise());
        LOG.log(Level.WARNING, "node {0} keeps the pool''s registry now, at {1} ({2})", config.name(), at, why);
        registry.moveTo(members.self(), at);
        long period = Math.max(1, config.liveness().timeoutNanos() / 10);
        tellTheMove(r, new Message.RegistryMoved(members.self(), at), System.nanoTime() + config.liveness().timeoutNanos(),
                period);
    }

    /**
     * Tells each member that has not come back to the registry here where it is, and again every
     * tenth of a failure timeout until all have come or the window for coming back closes. One word
     * was not enough: it went into a link that was failing (the member's process had been stopped,
     * and its links timed out as it ran again), and a live master that never heard it was declared
     * dead while another ran main a second time; or a later member took the registry over beside
     * this one and found itself cut off.
     */
    private void tellTheMove(Registry r, Message moved, long windowEnds, long period) {
        if (pool.closing() || hosted != r || System.nanoTime() - windowEnds >= 0) {
            return;
        }
        Set<Integer> back = r.connected();
        boolean allBack = true;
        for (int m : members.others()) {
            if (!back.contains(m)) {
                allBack = false;
                Links.Link l = links.to(m); // null while its link waits to be dialled again: asked next time
                if (l != null) {
                    l.send(moved);
                }
            }
        }
        if (!allBack) {
            SharedTransport.get().schedule(period, () -> tellTheMove(r, moved, windowEnds, period));
        }
    }

    /** Another member keeps the registry now. */
    void registryMoved(Message.RegistryMoved m) {
        registry.moveTo(m.host(), m.address());
    }

    /** The registry this node took over, if it did, or null. */
    Registry hosted() {
        return hosted;
    }
}
