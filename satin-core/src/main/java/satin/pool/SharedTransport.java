package satin.pool;

import java.util.concurrent.atomic.AtomicBoolean;
import satin.codec.JobCodec;
import satin.net.PoolIdentity;
import satin.net.Transport;

/**
 * What every node and registry of this JVM shares: one transport (its event loops and in-VM
 * channels), made when first needed, and the classes its handshakes and jobs need, loaded ahead
 * once so that the first node's deadlines do not pay for them.
 */
final class SharedTransport {

    private static Transport transport;
    private static final AtomicBoolean PRIMED = new AtomicBoolean();

    private SharedTransport() {
    }

    /** See {@link PoolNode#transport()}. */
    static synchronized Transport get() {
        if (transport == null) {
            transport = new Transport(Math.max(2, Runtime.getRuntime().availableProcessors()),
                    satin.config.Settings.SAME_JVM_SHORTCUT.isOn());
        }
        return transport;
    }

    /** See {@link PoolNode#closeTransport()}. */
    static synchronized void close() {
        if (transport != null) {
            transport.close();
            transport = null;
        }
    }

    /** Loads, on a thread of its own, what the first handshake and the first job would otherwise wait for. */
    static void primeOnce() {
        if (PRIMED.compareAndSet(false, true)) {
            Thread primer = new Thread(() -> {
                PoolIdentity.nonce(); // seeds the secure random generator the handshakes need
                JobCodec.prime();
            }, "satin-primer");
            primer.setDaemon(true);
            primer.start();
        }
    }
}
