package satin.pool;

import satin.net.FrameFormat;

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
 */
public record PoolConfig(String pool, String secret, String name, String cluster, String listen, String registry,
        boolean wantsMaster, int maxFrame) {

    public PoolConfig {
        if (pool == null || pool.isBlank()) {
            throw new IllegalArgumentException("a pool needs a name");
        }
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("pool " + pool + " needs a secret");
        }
        if (maxFrame < 1024) {
            throw new IllegalArgumentException("a frame limit of " + maxFrame + " bytes is below 1024");
        }
    }

    public static PoolConfig of(String pool, String secret, String name, String cluster, String listen,
            String registry, boolean wantsMaster) {
        return new PoolConfig(pool, secret, name, cluster, listen, registry, wantsMaster, FrameFormat.DEFAULT_MAX_FRAME);
    }
}
