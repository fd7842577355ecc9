package satin.pool;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of a real address that closes its first {@code drop} connections at once,
 * without a byte, as a peer whose deadline ran out does, and passes later ones through untouched.
 */
final class DroppingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final URI target;
    private final AtomicInteger dropsLeft;
    private final AtomicInteger accepted = new AtomicInteger();
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    DroppingProxy(String targetAddress, int drop) throws IOException {
        this.target = URI.create(targetAddress);
        this.dropsLeft = new AtomicInteger(drop);
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::acceptAll, "dropping-proxy");
        t.setDaemon(true);
        t.start();
    }

    String address() {
        return "tcp://127.0.0.1:" + server.getLocalPort();
    }

    /** Connections accepted so far, dropped or passed on. */
    int accepted() {
        return accepted.get();
    }

    private void acceptAll() {
        try {
            while (true) {
                Socket in = server.accept();
                accepted.incrementAndGet();
                if (dropsLeft.getAndDecrement() > 0) {
                    in.close();
                    continue;
                }
                Socket out = new Socket(target.getHost(), target.getPort());
                open.add(in);
                open.add(out);
                pipe(in, out);
                pipe(out, in);
            }
        } catch (IOException closed) {
            // the proxy was closed
        }
    }

    private void pipe(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            try (InputStream i = from.getInputStream(); OutputStream o = to.getOutputStream()) {
                i.transferTo(o);
            } catch (IOException e) {
                // either end closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "dropping-proxy-pipe");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        open.forEach(DroppingProxy::closeQuietly);
    }
}
