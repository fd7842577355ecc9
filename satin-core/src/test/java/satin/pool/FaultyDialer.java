package satin.pool;

import io.netty.channel.ChannelFuture;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import satin.net.PipelineInitializer;

/**
 * Dials one member's address through a queue of faults before it dials it for real: a port nothing
 * listens at (the connection is refused), a proxy that closes the connection before a byte (as a
 * peer whose deadline for unproven connections ran out does), and a socket that accepts and never
 * speaks (the handshake times out). Other addresses, and that one once the faults are used up, are
 * dialled as the pool does.
 */
final class FaultyDialer implements Dialer, AutoCloseable {

    private final String target;
    private final Deque<String> faults = new ArrayDeque<>();
    private final List<AutoCloseable> open = new ArrayList<>();
    private final AtomicInteger dials = new AtomicInteger();

    FaultyDialer(String target) {
        this.target = target;
    }

    /** The next dial to the target is refused: nothing listens at the port it goes to. */
    FaultyDialer refused() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            faults.add("tcp://127.0.0.1:" + s.getLocalPort());
        }
        return this;
    }

    /** The next dial to the target is accepted and closed before the handshake. */
    FaultyDialer closedBeforeHandshake() throws IOException {
        DroppingProxy p = new DroppingProxy(target, Integer.MAX_VALUE);
        open.add(p);
        faults.add(p.address());
        return this;
    }

    /** The next dial to the target is accepted and never answered: the handshake's deadline runs out. */
    FaultyDialer silent() throws IOException {
        ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        List<Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    held.add(s.accept()); // held open, unread
                }
            } catch (IOException closed) {
                // the test is over
            }
        }, "silent-peer");
        t.setDaemon(true);
        t.start();
        open.add(s);
        open.add(() -> held.forEach(FaultyDialer::closeQuietly));
        faults.add("tcp://127.0.0.1:" + s.getLocalPort());
        return this;
    }

    /** How many times the target was dialled, faulty or not. */
    int dials() {
        return dials.get();
    }

    @Override
    public ChannelFuture dial(String address, PipelineInitializer initializer) {
        String where = address;
        if (address.equals(target)) {
            dials.incrementAndGet();
            synchronized (faults) {
                if (!faults.isEmpty()) {
                    where = faults.poll();
                }
            }
        }
        return TRANSPORT.dial(where, initializer);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public void close() throws Exception {
        Faults.closeAll(open);
    }
}
