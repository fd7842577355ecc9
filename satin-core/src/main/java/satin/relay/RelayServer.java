package satin.relay;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import satin.net.PoolIdentity;

/**
 * A pool's relay on a cluster's front-end: it accepts connections on every interface, and splices
 * each one that proves the pool's secret through to the host and port it names, which must be a
 * host of the pool (named by the launcher when it starts the relay, and resolved then: nothing a
 * peer sends makes the relay look a name up). It reads nothing of what it splices.
 */
public final class RelayServer implements AutoCloseable {

    /**
     * What a relay holds at most.
     *
     * @param unproven       connections that have not yet proven the secret
     * @param links          spliced connections
     * @param deadlineMillis how long a connection may take to prove the secret, and the relay to reach its target
     */
    public record Limits(int unproven, int links, long deadlineMillis) {
        public static final Limits DEFAULT = new Limits(64, 4096, 10_000);
    }

    private final PoolIdentity identity;
    private final Limits limits;
    /** Every name and address of the pool's hosts, each to the address the relay dials. */
    private final Map<String, String> hosts;
    private final Semaphore unproven;
    private final AtomicInteger links = new AtomicInteger();
    private final java.util.concurrent.atomic.AtomicLong carried = new java.util.concurrent.atomic.AtomicLong();
    private final EventLoopGroup group;
    private final Channel listening;

    private RelayServer(String pool, String secret, Map<String, String> hosts, Limits limits, String listenHost,
            int port) throws InterruptedException {
        this.identity = new PoolIdentity(pool, "relay", "", "", secret);
        this.limits = limits;
        this.hosts = hosts;
        this.unproven = new Semaphore(limits.unproven());
        this.group = new MultiThreadIoEventLoopGroup(2, new DefaultThreadFactory("satin-relay", true),
                NioIoHandler.newFactory());
        try {
            listening = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true).childHandler(new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(new RelayGate(RelayServer.this));
                        }
                    }).bind(new InetSocketAddress(listenHost, port)).sync().channel();
        } catch (RuntimeException | InterruptedException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /**
     * Starts a relay for {@code pool} on {@code listenHost:port} (port 0: any free one), which
     * carries connections to {@code poolHosts} only.
     *
     * @throws IllegalArgumentException naming a host that does not resolve here
     */
    public static RelayServer start(String pool, String secret, String listenHost, int port,
            Collection<String> poolHosts, Limits limits) throws InterruptedException {
        return new RelayServer(pool, secret, resolve(poolHosts), limits, listenHost, port);
    }

    private static Map<String, String> resolve(Collection<String> names) {
        Map<String, String> hosts = new HashMap<>();
        for (String name : names) {
            String bare = name.startsWith("[") && name.endsWith("]") ? name.substring(1, name.length() - 1) : name;
            try {
                for (InetAddress a : InetAddress.getAllByName(bare)) {
                    hosts.put(name, a.getHostAddress());
                    hosts.put(bare, a.getHostAddress());
                    hosts.put(a.getHostAddress(), a.getHostAddress());
                }
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("host " + name + " of the pool does not resolve on the relay's host");
            }
        }
        return Map.copyOf(hosts);
    }

    public int port() {
        return ((InetSocketAddress) listening.localAddress()).getPort();
    }

    PoolIdentity identity() {
        return identity;
    }

    Limits limits() {
        return limits;
    }

    Semaphore unproven() {
        return unproven;
    }

    /** The address to dial for {@code address} ({@code tcp://HOST:PORT}), or null if HOST is no host of the pool. */
    String allowedHost(String address) {
        String hostPort = address.substring("tcp://".length());
        String host = hostPort.substring(0, hostPort.lastIndexOf(':'));
        return hosts.get(host);
    }

    /** Whether one more spliced connection fits; if so it is counted until it closes. */
    boolean spliced(Channel in) {
        if (links.incrementAndGet() > limits.links()) {
            links.decrementAndGet();
            return false;
        }
        carried.incrementAndGet();
        in.closeFuture().addListener(f -> links.decrementAndGet());
        return true;
    }

    /** How many connections it has begun to carry so far (proven, and naming a host of the pool). */
    public long carried() {
        return carried.get();
    }

    @Override
    public void close() {
        listening.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
    }
}
