package satin.system;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;

/** The fixed ports README commands listen on, which the next command or test needs again. */
final class Ports {

    private Ports() {
    }

    /** Waits until {@code port} can be listened on again, as it can once its process is gone. */
    static void awaitFree(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return;
            } catch (IOException busy) {
                Thread.sleep(50);
            }
        }
        throw new AssertionError("port " + port + " is still taken 60 s after the run");
    }
}
