package satin.system;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import satin.testing.Await;

/** The fixed ports README commands listen on, which the next command or test needs again. */
final class Ports {

    private Ports() {
    }

    /** Waits until {@code port} can be listened on again, as it can once its process is gone. */
    static void awaitFree(int port) throws InterruptedException {
        Await.until(() -> free(port), Duration.ofSeconds(60), () -> "port " + port + " to be free after the run");
    }

    private static boolean free(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException busy) {
            return false;
        }
    }
}
