package satin.net;

import satin.config.Settings;
import satin.config.Syntax;

/**
 * Which TCP links are encrypted and mutually authenticated with TLS. In-VM ({@code local://})
 * connections never are: they have no wire to read or inject into, only this process's memory.
 */
public enum TlsPolicy {
    /** TLS between nodes of different clusters and to the registry; plain inside a cluster (the default). */
    WAN,
    /** TLS on every TCP link. */
    ALL,
    /** No TLS: only the secret's handshake guards a link. */
    OFF;

    public static final String PROPERTY = Settings.TLS.name();
    /** The syntax of {@code -Dsatin.tls}, for the start-up check of every setting. */
    public static final Syntax SYNTAX = Syntax.parsedNamingItselfBy(v -> parse(v, "-D" + PROPERTY));

    /** The policy {@code -Dsatin.tls=wan|all|off} names, {@link #WAN} if none. */
    public static TlsPolicy fromProperty() {
        return parse(Settings.TLS.text(), "-D" + PROPERTY);
    }

    /** @param where what gave the value, for the error */
    public static TlsPolicy parse(String value, String where) {
        for (TlsPolicy p : values()) {
            if (p.name().equalsIgnoreCase(value.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException(where + "=" + value + ": expected wan, all or off");
    }

    /**
     * Whether a TCP link between these clusters must be TLS, {@code onThisHost} saying whether its
     * far end is on this host's loopback interface (asked only under {@code wan} between clusters:
     * it may look a host name up). Under {@code wan} such a link is plain whatever the clusters:
     * nothing of it is on a wire, and a reader of loopback is root on the host already. Clusters
     * emulated on one host (tests, comparisons, a laptop) would otherwise pay every process's TLS
     * classes and a handshake per link at start-up (decision 0036).
     */
    public boolean requiredBetween(String cluster, String otherCluster, java.util.function.BooleanSupplier onThisHost) {
        return switch (this) {
            case WAN -> !cluster.equals(otherCluster) && !onThisHost.getAsBoolean();
            case ALL -> true;
            case OFF -> false;
        };
    }

    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
