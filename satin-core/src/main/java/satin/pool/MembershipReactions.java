package satin.pool;

import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import satin.lb.LoadBalancer;
import satin.net.Message;
import satin.net.PipelineInitializer;
import satin.net.PoolIdentity;
import satin.shared.Replicas;
import satin.stats.PoolStats;
import satin.steal.StealProtocol;

/**
 * What every part of a member does when the membership changes: a member that comes may need TLS,
 * and its connections may wait at the gate; a member that goes, or is found dead, is given up by
 * the links, the accepted connections, the steal protocol and the balancer alike, each once.
 */
final class MembershipReactions {

    private final PoolConfig config;
    /** Who this node is in TLS: its contexts are made ahead once another cluster's host appears. */
    private final PoolIdentity tlsIdentity;
    private final Members members;
    private final Links links;
    private final AcceptedConnections accepted;
    private final StealProtocol steals;
    private final LoadBalancer balancer;
    private final PoolStats stats;
    private final Replicas replicas;
    /**
     * Whether this node's TLS contexts are being made already: the members are not looked through
     * again on every change of the membership (each look may resolve host names, on the event loop).
     */
    private volatile boolean tlsPrepared;
    /** Names of members this node found dead, each counted once however many ways it learnt it. */
    private final Set<String> foundDead = ConcurrentHashMap.newKeySet();
    /** When this node last heard from each member it found silent, until a link to it forms again. */
    private final Map<String, Long> lastHeard = new ConcurrentHashMap<>();

    MembershipReactions(PoolConfig config, PoolIdentity tlsIdentity, Members members, Links links,
            AcceptedConnections accepted, StealProtocol steals, LoadBalancer balancer, PoolStats stats,
            Replicas replicas) {
        this.config = config;
        this.tlsIdentity = tlsIdentity;
        this.members = members;
        this.links = links;
        this.accepted = accepted;
        this.steals = steals;
        this.balancer = balancer;
        this.stats = stats;
        this.replicas = replicas;
    }

    void membersChanged() {
        if (!tlsPrepared && members.all().stream().anyMatch(m -> PipelineInitializer.dialsMemberOverTls(
                config.cluster(), m.cluster(), m.address()))) {
            // a link to another cluster's host is TLS under the default policy: its classes load now, not in its deadline
            PipelineInitializer.prepareTls(tlsIdentity, config.listen());
            tlsPrepared = true;
        }
        accepted.membersChanged();
        replicas.membersChanged();
        synchronized (balancer) {
            balancer.membersChanged();
        }
    }

    /** A member left or died: every part gives it up. */
    void memberGone(Message.Member member, boolean died) {
        links.drop(member.id());
        if (died) {
            detected(member.name(), 0);
        } else {
            steals.ownerLeft(member.name());
        }
        accepted.closeFrom(member.name());
        steals.memberGone(member.id());
        membersChanged();
    }

    /** A member (or the registry) was found dead, after {@code silentNanos} without a word from it. */
    void detected(String name, long silentNanos) {
        if (silentNanos > 0) {
            lastHeard.merge(name, System.nanoTime() - silentNanos, Math::min);
        }
        if (foundDead.add(name)) {
            stats.failuresDetected.incrementAndGet();
            stats.detectionNanos.addAndGet(silentNanos);
            steals.ownerDied(name);
        }
    }

    /** A link to node {@code name} formed: it is not silent (any more). */
    void heard(String name) {
        lastHeard.remove(name);
    }

    /** When this node last heard from node {@code name}, if it found it silent since (for a registry taken over). */
    OptionalLong lastHeard(String name) {
        Long at = lastHeard.get(name);
        return at == null ? OptionalLong.empty() : OptionalLong.of(at);
    }
}
