package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalServerChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.testing.Await;

/**
 * A message sent on an in-JVM connection from its own event loop reaches the peer after the send
 * returns, never inside it: the sender may hold a lock (a link's, a balancer's), and the peer's
 * handlers, run inline under it, took other locks in the opposite order. Two Dual balancers
 * deadlocked that way in one JVM. Messages of one sender still arrive in the order sent.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class InJvmDeliveryTest {

    @Test
    void aSendFromTheEventLoopDeliversAfterItReturnsAndInOrder() throws Exception {
        EventLoopGroup loop = new DefaultEventLoopGroup(1); // both ends on one loop, as the pool's nodes often are
        List<Message> received = new CopyOnWriteArrayList<>();
        LocalAddress address = new LocalAddress("in-jvm-delivery-" + System.nanoTime());
        try {
            new ServerBootstrap().group(loop).channel(LocalServerChannel.class).childHandler(new ChannelInitializer<Channel>() {
                @Override
                protected void initChannel(Channel ch) {
                    ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            received.add((Message) msg);
                        }
                    });
                }
            }).bind(address).sync();
            Channel client = new Bootstrap().group(loop).channel(LocalChannel.class)
                    .handler(new ChannelInboundHandlerAdapter()).connect(address).sync().channel();
            Connection c = new Connection(client, null);
            CompletableFuture<Integer> seenInsideTheSend = new CompletableFuture<>();
            client.eventLoop().execute(() -> {
                c.send(new Message.Stop());
                c.send(new Message.Leave());
                seenInsideTheSend.complete(received.size());
            });
            assertEquals(0, seenInsideTheSend.get(10, TimeUnit.SECONDS), "delivered inside the sender's call");
            Await.until(() -> received.size() == 2, Duration.ofSeconds(10), () -> "both arrive: " + received);
            assertTrue(received.get(0) instanceof Message.Stop && received.get(1) instanceof Message.Leave,
                    "in the order sent: " + received);
            assertFalse(loop.isShuttingDown());
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
