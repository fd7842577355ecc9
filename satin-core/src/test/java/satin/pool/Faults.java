package satin.pool;

import io.netty.channel.Channel;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import satin.codec.Allowlist;
import satin.net.Connection;
import satin.net.FrameFormat;
import satin.net.Inbox;
import satin.net.Liveness;
import satin.net.Message;
import satin.net.PipelineInitializer;
import satin.net.PoolIdentity;
import satin.net.WanLinks;
import satin.testing.Await;

/**
 * What the failure tests do to a pool: bounded waits that end in a thread dump rather than a hang,
 * a node's crash, a worker kept busy, and members that are no PoolNode at all.
 */
final class Faults {

    private Faults() {
    }

    /** Runs {@code call} on a thread of its own and waits at most {@code seconds} for it, or fails with every thread's stack. */
    static <T> T within(String what, long seconds, Callable<T> call) throws Exception {
        return finish(what, start(what, call), seconds);
    }

    /** Starts {@code call} on a thread of its own: a node's call blocks, and a test must not wait for it unbounded. */
    static <T> Future<T> start(String what, Callable<T> call) {
        FutureTask<T> task = new FutureTask<>(call);
        Thread t = new Thread(task, "faults-" + what);
        t.setDaemon(true);
        t.start();
        return task;
    }

    /** What a started call came to, waiting at most {@code seconds}, or fails with every thread's stack. */
    static <T> T finish(String what, Future<T> task, long seconds) throws Exception {
        try {
            return task.get(seconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError(what + " did not finish within " + seconds + " s; threads:\n" + threadDump());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception x) {
                throw x;
            }
            throw (Error) e.getCause();
        }
    }

    /** Polls {@code condition} until it holds, or fails after {@code seconds} with every thread's stack. */
    static void await(String what, long seconds, BooleanSupplier condition) throws InterruptedException {
        Await.until(condition, Duration.ofSeconds(seconds), () -> what + "; threads:\n" + threadDump());
    }

    static String threadDump() {
        StringBuilder b = new StringBuilder();
        Thread.getAllStackTraces().forEach((t, stack) -> {
            b.append(t.getName()).append(' ').append(t.getState()).append('\n');
            for (StackTraceElement e : stack) {
                b.append("    at ").append(e).append('\n');
            }
        });
        return b.toString();
    }

    /** Closes each in turn, even when one fails to, and then throws what the first one threw. */
    static void closeAll(List<? extends AutoCloseable> all) {
        RuntimeException first = null;
        for (AutoCloseable c : all) {
            try {
                c.close();
            } catch (Exception e) {
                RuntimeException r = e instanceof RuntimeException u ? u : new IllegalStateException(e);
                if (first == null) {
                    first = r;
                } else {
                    first.addSuppressed(r);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * The node dies as a crashed process does, in this JVM: every connection it has (to the
     * registry, its links, the ones it accepted) and its listener close at once, with no Leave.
     * Its fields are read reflectively so that no hook is needed in PoolNode; its workers go on,
     * but it is stopping, so it gives, pushes and asks for nothing more.
     */
    static void crash(PoolNode p) {
        p.stopping();
        Channel listening = field(p, "listening");
        Connection registry = field(field(p, "registry"), "registry");
        listening.close();
        registry.close();
        closeAccepted(p);
        p.links().connections().forEach(Connection::close);
    }

    /** Closes the connections other members opened to the node: the first half of a crash, for a test to stop at. */
    static void closeAccepted(PoolNode p) {
        Set<Connection> accepted = field(field(p, "accepted"), "connections");
        accepted.forEach(Connection::close);
    }

    @SuppressWarnings("unchecked")
    private static <T> T field(Object owner, String name) {
        try {
            Field f = owner.getClass().getDeclaredField(name);
            f.setAccessible(true);
            return (T) f.get(owner);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("the crash of a node reads its field " + owner.getClass().getSimpleName() + "."
                    + name + ", which is not there any more: update Faults.crash", e);
        }
    }

    /** Keeps the node's only worker busy in a call until closed: what comes to the node waits in its queue. */
    static AutoCloseable occupy(PoolNode p) throws InterruptedException {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread busy = new Thread(() -> p.node().call(() -> {
            entered.countDown();
            return release.await(60, TimeUnit.SECONDS);
        }), "faults-occupying-" + p.config().name());
        busy.setDaemon(true);
        busy.start();
        if (!entered.await(20, TimeUnit.SECONDS)) {
            throw new AssertionError("the worker of " + p.config().name() + " did not take the call; threads:\n"
                    + threadDump());
        }
        return () -> {
            release.countDown();
            busy.join(20_000);
        };
    }

    /** One connection a test speaks on itself: what arrives waits in a queue. */
    static final class Peer implements Inbox {
        private final CompletableFuture<Connection> opened = new CompletableFuture<>();
        final CompletableFuture<Void> closed = new CompletableFuture<>();
        private final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
        private Connection connection;

        /** Connects as {@code identity} and waits until the other end admitted it. */
        static Peer connect(PoolIdentity identity, String address, Liveness.Settings liveness) throws Exception {
            Peer p = new Peer();
            PoolNode.transport().connect(address, new PipelineInitializer(identity, false,
                    FrameFormat.DEFAULT_MAX_FRAME, p, null, WanLinks.none(), liveness), 10_000);
            p.connection = p.opened.get(10, TimeUnit.SECONDS);
            return p;
        }

        void send(Message m) {
            connection.send(m);
        }

        /** The next message of this type, the others before it dropped; fails after {@code seconds}. */
        <T extends Message> T next(Class<T> type, long seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            for (;;) {
                Message m = received.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (m == null) {
                    throw new AssertionError("no " + type.getSimpleName() + " on " + connection + " within " + seconds
                            + " s");
                }
                if (type.isInstance(m)) {
                    return type.cast(m);
                }
            }
        }

        boolean isOpen() {
            return connection.isOpen();
        }

        void close() {
            connection.close();
            connection.awaitClosed(1_000);
        }

        @Override
        public void opened(Connection c) {
            opened.complete(c);
        }

        @Override
        public void received(Connection c, Message m) {
            received.add(m);
        }

        @Override
        public void closed(Connection c) {
            closed.complete(null);
        }

        @Override
        public void refused(String reason) {
            opened.completeExceptionally(new IllegalStateException(reason));
        }
    }

    /**
     * A member of a pool that is no PoolNode: it joins through the registry as a node does
     * (allowing what the nodes of this JVM allow, or the registry would refuse it), announces an
     * address the test chose, and then does only what the test makes it do.
     */
    static final class FakeMember implements AutoCloseable {
        final Peer registry;
        private final PoolIdentity identity;
        private final List<Peer> links = new ArrayList<>();
        private Channel listening;

        private FakeMember(Peer registry, PoolIdentity identity) {
            this.registry = registry;
            this.identity = identity;
        }

        /** Joins; its registry connection speaks and listens with {@code liveness}, as a live node's does. */
        static FakeMember join(String pool, String secret, String cluster, String registryAddress, String name,
                String address, Liveness.Settings liveness) throws Exception {
            PoolIdentity identity = new PoolIdentity(pool, name, cluster, address, secret);
            Peer registry = Peer.connect(identity, registryAddress, liveness);
            registry.send(new Message.Join(name, cluster, address, false, Allowlist.forProgram().agreed()));
            registry.next(Message.Members.class, 10);
            return new FakeMember(registry, identity);
        }

        /** Opens a link to a node, as this member, whose end speaks and listens with {@code liveness}. */
        Peer link(String address, Liveness.Settings liveness) throws Exception {
            Peer p = Peer.connect(identity, address, liveness);
            links.add(p);
            return p;
        }

        /**
         * Accepts links at its address, with heartbeats as {@code liveness} says, and takes note of
         * the members that ask it for work; it answers none of them.
         */
        Set<String> hearStealRequests(Liveness.Settings liveness) throws InterruptedException {
            Set<String> askedBy = ConcurrentHashMap.newKeySet();
            listen(liveness, (c, m) -> {
                if (m instanceof Message.StealRequest) {
                    askedBy.add(c.peer().node());
                }
            });
            return askedBy;
        }

        /** Accepts links at its address, with heartbeats as {@code liveness} says, and hands what comes to {@code heard}. */
        void listen(Liveness.Settings liveness, java.util.function.BiConsumer<Connection, Message> heard)
                throws InterruptedException {
            listening = PoolNode.transport().listen(identity.address(), new PipelineInitializer(identity, true,
                    FrameFormat.DEFAULT_MAX_FRAME, new Inbox() {
                        @Override
                        public void opened(Connection c) {
                        }

                        @Override
                        public void received(Connection c, Message m) {
                            heard.accept(c, m);
                        }

                        @Override
                        public void closed(Connection c) {
                        }
                    }, null, WanLinks.none(), liveness));
        }

        /** Says goodbye to the registry, as a node that leaves does. */
        void leave() {
            registry.send(new Message.Leave());
        }

        @Override
        public void close() {
            links.forEach(Peer::close);
            registry.close();
            if (listening != null) {
                listening.close().awaitUninterruptibly(1_000);
            }
        }
    }
}
