package satin.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.channel.local.LocalServerChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Listens and connects. An address is {@code tcp://host:port} (port 0: any free port) or
 * {@code local://name} for a node in this JVM; both kinds of channel get the same pipeline from a
 * {@link PipelineInitializer}, so that the protocol measured in one JVM is the protocol deployed.
 *
 * <p>A TCP listener is also reachable in-VM: a connection from this JVM to a TCP address that this
 * transport listens on goes through a {@code LocalChannel} instead of the loopback interface, with
 * the same pipeline. Nodes in one JVM thus talk in-VM and to other JVMs over TCP while announcing
 * one address. Turn it off (to measure TCP in one JVM) with the constructor's flag.
 */
public final class Transport implements AutoCloseable {

    /** Numbers the client ends of in-VM connections. */
    private static final java.util.concurrent.atomic.AtomicLong CLIENTS = new java.util.concurrent.atomic.AtomicLong();


    private final EventLoopGroup tcp;
    private final int threads;
    /** Made on first use: a process whose nodes all talk TCP needs no in-VM event loops. */
    private EventLoopGroup local;
    private final boolean shortcut;
    /** The in-VM twins of this transport's TCP listeners, by announced address. */
    private final Map<String, Channel> sameJvm = new ConcurrentHashMap<>();

    public Transport(int threads) {
        this(threads, true);
    }

    /** @param sameJvmShortcut whether connections to this transport's own TCP listeners go in-VM */
    public Transport(int threads, boolean sameJvmShortcut) {
        this.shortcut = sameJvmShortcut;
        tcp = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("satin-tcp", true),
                NioIoHandler.newFactory());
        this.threads = threads;
    }

    private synchronized EventLoopGroup local() {
        if (local == null) {
            local = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("satin-local", true),
                    LocalIoHandler.newFactory());
        }
        return local;
    }

    /** Accepts connections at {@code address}; returns the listening channel. */
    public Channel listen(String address, PipelineInitializer initializer) throws InterruptedException {
        SocketAddress where = parse(address);
        if (where instanceof LocalAddress) {
            return listenLocally(where, initializer);
        }
        Channel listening = new ServerBootstrap().childHandler(initializer).group(tcp)
                .channel(NioServerSocketChannel.class).childOption(ChannelOption.TCP_NODELAY, true)
                .bind(where).sync().channel();
        if (shortcut) {
            // bound now, not when first needed: a connect may come from a thread that holds a lock
            // an in-VM event loop waits for, and must then not wait for a bind itself
            String announced = addressOf(listening);
            Channel inVm = listenLocally(new LocalAddress("same-jvm/" + announced), initializer);
            sameJvm.put(announced, inVm);
            listening.closeFuture().addListener(f -> {
                sameJvm.remove(announced);
                inVm.close();
            });
        }
        return listening;
    }

    /**
     * Makes a TCP listener's in-VM twin reachable at one more address too: the one its node
     * announces when others reach it by a name rather than by the interface it is bound to.
     */
    public void alsoReachableAt(Channel listening, String announced) {
        Channel inVm = shortcut ? sameJvm.get(addressOf(listening)) : null;
        if (inVm != null && !announced.equals(addressOf(listening))) {
            sameJvm.put(announced, inVm);
            listening.closeFuture().addListener(f -> sameJvm.remove(announced));
        }
    }

    private Channel listenLocally(SocketAddress where, PipelineInitializer initializer) throws InterruptedException {
        return new ServerBootstrap().childHandler(initializer).group(local()).channel(LocalServerChannel.class)
                .bind(where).sync().channel();
    }

    /** Runs {@code task} once, after {@code delayNanos}, on one of the transport's event loops. */
    public java.util.concurrent.ScheduledFuture<?> schedule(long delayNanos, Runnable task) {
        return tcp.next().schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }

    /** Runs {@code task} every {@code periodNanos} on one of the event loops, until the returned future is cancelled. */
    public java.util.concurrent.ScheduledFuture<?> every(long periodNanos, Runnable task) {
        return tcp.next().scheduleAtFixedRate(task, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    }

    /** Starts connecting to {@code address} and returns at once; the future tells how it went. */
    public io.netty.channel.ChannelFuture connectAsync(String address, PipelineInitializer initializer) {
        SocketAddress where = parse(address);
        Channel inVm = shortcut ? sameJvm.get(address) : null;
        if (inVm != null) {
            where = inVm.localAddress();
        }
        Bootstrap b = new Bootstrap().handler(initializer);
        if (where instanceof LocalAddress) {
            b.group(local()).channel(LocalChannel.class);
            // Netty names an unbound in-VM client by 32 bits of its id; among thousands of live
            // connections two collide now and then, and the second connect fails. A counter cannot.
            return b.connect(where, new LocalAddress("client-" + CLIENTS.incrementAndGet()));
        } else {
            b.group(tcp).channel(NioSocketChannel.class).option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000);
        }
        return b.connect(where);
    }

    /** Connects to {@code address}; waits until the connection is made (not yet admitted). */
    public Channel connect(String address, PipelineInitializer initializer, long timeoutMillis)
            throws InterruptedException {
        var future = connectAsync(address, initializer);
        if (!future.await(timeoutMillis, TimeUnit.MILLISECONDS) || !future.isSuccess()) {
            throw new IllegalStateException("cannot connect to " + address + ": "
                    + (future.cause() != null ? future.cause().getMessage() : "timed out"), future.cause());
        }
        return future.channel();
    }

    /** The address a listening channel is reachable at, in the {@code tcp://} or {@code local://} form. */
    public static String addressOf(Channel listening) {
        SocketAddress a = listening.localAddress();
        if (a instanceof LocalAddress l) {
            return "local://" + l.id();
        }
        InetSocketAddress i = (InetSocketAddress) a;
        String host = i.getAddress().isAnyLocalAddress() ? "127.0.0.1" : i.getAddress().getHostAddress();
        return "tcp://" + host + ":" + i.getPort();
    }

    /**
     * Whether nothing listens at a TCP address: its host answers a connection with a refusal
     * within {@code timeoutMillis}. That is proof that a node's process is gone; silence (a frozen
     * process, a host or a network that is down) and anything else are not. Blocks; an in-VM
     * address is never refused.
     */
    public static boolean refusesConnections(String address, int timeoutMillis) {
        SocketAddress where;
        try {
            where = parse(address);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (!(where instanceof InetSocketAddress)) {
            return false;
        }
        try (java.net.Socket probe = new java.net.Socket()) {
            probe.connect(where, timeoutMillis);
            return false;
        } catch (java.net.ConnectException e) {
            return String.valueOf(e.getMessage()).contains("refused"); // not a timeout of the host's own
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Whether {@code address} is a TCP address on this host's loopback interface (an unparsable one is not). */
    static boolean isLoopback(String address) {
        try {
            return parse(address) instanceof InetSocketAddress i && i.getAddress() != null
                    && i.getAddress().isLoopbackAddress();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    static SocketAddress parse(String address) {
        return parse(address, true);
    }

    /**
     * Checks that {@code address} is one ({@code tcp://host:port} or {@code local://name}), without
     * looking the host up.
     *
     * @throws IllegalArgumentException naming the address and the forms it may take
     */
    public static void checkAddress(String address) {
        parse(address, false);
    }

    private static SocketAddress parse(String address, boolean resolve) {
        if (address.startsWith("local://") && address.length() > "local://".length()) {
            return new LocalAddress(address.substring("local://".length()));
        }
        if (address.startsWith("tcp://")) {
            String hostPort = address.substring("tcp://".length());
            int colon = hostPort.lastIndexOf(':');
            if (colon > 0) {
                try {
                    int port = Integer.parseInt(hostPort.substring(colon + 1));
                    if (port >= 0 && port <= 65535) {
                        String host = hostPort.substring(0, colon);
                        return resolve ? new InetSocketAddress(host, port) : InetSocketAddress.createUnresolved(host, port);
                    }
                } catch (NumberFormatException e) {
                    // falls through to the error below
                }
            }
        }
        throw new IllegalArgumentException("bad address '" + address + "': expected tcp://host:port or local://name");
    }

    /**
     * Stops the event loops and waits (a second at most) until their threads are gone: a JVM that
     * exits while they sit in a native select waits some 300 ms for them.
     */
    @Override
    public void close() {
        var a = tcp.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        EventLoopGroup inVm;
        synchronized (this) {
            inVm = local;
        }
        if (inVm != null) {
            inVm.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(1, TimeUnit.SECONDS);
        }
        a.awaitUninterruptibly(1, TimeUnit.SECONDS);
    }
}
