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
import java.util.concurrent.TimeUnit;

/**
 * Listens and connects. An address is {@code tcp://host:port} (port 0: any free port) or
 * {@code local://name} for a node in this JVM; both kinds of channel get the same pipeline from a
 * {@link PipelineInitializer}, so that the protocol measured in one JVM is the protocol deployed.
 */
public final class Transport implements AutoCloseable {

    private final EventLoopGroup tcp;
    private final EventLoopGroup local;

    public Transport(int threads) {
        tcp = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("satin-tcp", true),
                NioIoHandler.newFactory());
        local = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("satin-local", true),
                LocalIoHandler.newFactory());
    }

    /** Accepts connections at {@code address}; returns the listening channel. */
    public Channel listen(String address, PipelineInitializer initializer) throws InterruptedException {
        SocketAddress where = parse(address);
        ServerBootstrap b = new ServerBootstrap().childHandler(initializer);
        if (where instanceof LocalAddress) {
            b.group(local).channel(LocalServerChannel.class);
        } else {
            b.group(tcp).channel(NioServerSocketChannel.class).childOption(ChannelOption.TCP_NODELAY, true);
        }
        return b.bind(where).sync().channel();
    }

    /** Starts connecting to {@code address} and returns at once; the future tells how it went. */
    public io.netty.channel.ChannelFuture connectAsync(String address, PipelineInitializer initializer) {
        SocketAddress where = parse(address);
        Bootstrap b = new Bootstrap().handler(initializer);
        if (where instanceof LocalAddress) {
            b.group(local).channel(LocalChannel.class);
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

    static SocketAddress parse(String address) {
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
                        return new InetSocketAddress(hostPort.substring(0, colon), port);
                    }
                } catch (NumberFormatException e) {
                    // falls through to the error below
                }
            }
        }
        throw new IllegalArgumentException("bad address '" + address + "': expected tcp://host:port or local://name");
    }

    @Override
    public void close() {
        tcp.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        local.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
