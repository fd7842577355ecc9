package satin.pool;

import java.util.concurrent.TimeUnit;
import satin.net.FrameFormat;
import satin.net.Liveness;
import satin.net.RelayRoute;
import satin.net.WanLinks;
import satin.relay.Relays;

/**
 * How a node joins a pool.
 *
 * @param pool        the pool's name: nodes of other pools are refused
 * @param secret      the pool's secret, which every connection must prove
 * @param name        this node's name, for logs and statistics
 * @param cluster     the cluster this node belongs to
 * @param listen      where this node accepts connections from other nodes: {@code tcp://host:port}
 *                    (port 0: any) or {@code local://name}
 * @param registry    where the registry is
 * @param wantsMaster whether this node asks to be the master, the node that runs main
 * @param maxFrame    the longest frame this node accepts, in bytes
 * @param wan         the emulated wide-area links between clusters
 * @param liveness    how long a member may be silent before it is declared dead
 * @param advertise   the host other nodes reach this one at, when it is not the one {@code listen}
 *                    binds ({@code 0.0.0.0}: every interface); null for that one
 * @param relays      the relays of clusters behind front-ends, through which links to and from them go
 * @param registryCluster the cluster of the node whose process keeps the registry, when known
 *                    (null otherwise): a link to it may go through relays
 */
public record PoolConfig(String pool, String secret, String name, String cluster, String listen, String registry,
        boolean wantsMaster, int maxFrame, WanLinks wan, Liveness.Settings liveness, String advertise, Relays relays,
        String registryCluster) {

    public PoolConfig {
        if (pool == null || pool.isBlank()) {
            throw new IllegalArgumentException("a pool needs a name");
        }
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("pool " + pool + " needs a secret");
        }
        if (cluster == null || cluster.isBlank()) {
            throw new IllegalArgumentException("node " + name + " needs a cluster name");
        }
        if (wan == null) {
            wan = WanLinks.none();
        }
        if (relays == null) {
            relays = Relays.none();
        }
        if (liveness == null) {
            liveness = Liveness.Settings.DEFAULT;
        }
        if (maxFrame < 1024) {
            throw new IllegalArgumentException("a frame limit of " + maxFrame + " bytes is below 1024");
        }
    }

    public static PoolConfig of(String pool, String secret, String name, String cluster, String listen,
            String registry, boolean wantsMaster) {
        return new PoolConfig(pool, secret, name, cluster, listen, registry, wantsMaster, FrameFormat.DEFAULT_MAX_FRAME,
                WanLinks.none(), Liveness.Settings.DEFAULT, null, Relays.none(), null);
    }

    /** The same node, with another limit on the frames it sends and accepts. */
    public PoolConfig withMaxFrame(int bytes) {
        return new PoolConfig(pool, secret, name, cluster, listen, registry, wantsMaster, bytes, wan, liveness, advertise, relays, registryCluster);
    }

    /** The same node, with wide-area links emulated between its cluster and the others. */
    public PoolConfig withWan(WanLinks links) {
        return new PoolConfig(pool, secret, name, cluster, listen, registry, wantsMaster, maxFrame, links, liveness, advertise, relays, registryCluster);
    }

    /** The same node, declaring a member dead after {@code millis} of silence (plus the link's round trip). */
    public PoolConfig withFailureTimeout(long millis) {
        return new PoolConfig(pool, secret, name, cluster, listen, registry, wantsMaster, maxFrame, wan,
                Liveness.Settings.of(TimeUnit.MILLISECONDS.toNanos(millis)), advertise, relays,
                registryCluster);
    }

    /** The emulated one-way latency from this node's cluster to {@code other}: 0 where no wide-area link is emulated. */
    long latencyNanosTo(String other) {
        WanLinks.Spec spec = wan.spec(cluster, other);
        return spec == null ? 0 : spec.latencyNanos();
    }

    /** The same node, announced at {@code host} (null: where it listens) rather than at the interface it binds. */
    public PoolConfig withAdvertise(String host) {
        return new PoolConfig(pool, secret, name, cluster, listen, registry, wantsMaster, maxFrame, wan, liveness, host, relays,
                registryCluster);
    }

    /** The same node, linked through {@code relays} to and from clusters behind front-ends; the registry's node is in {@code registryCluster}. */
    public PoolConfig withRelays(Relays relays, String registryCluster) {
        return new PoolConfig(pool, secret, name, cluster, listen, registry, wantsMaster, maxFrame, wan, liveness, advertise,
                relays, registryCluster);
    }

    /** How this node reaches {@code address}, a node of cluster {@code other} (null: not known). */
    RelayRoute routeTo(String other, String address) {
        return relays.route(cluster, other, address);
    }
}
