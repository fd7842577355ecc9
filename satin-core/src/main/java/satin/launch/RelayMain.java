package satin.launch;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import satin.net.Advertised;
import satin.relay.RelayServer;

/**
 * A pool's relay on a cluster's front-end, as a process of its own: {@code satin run} starts one
 * over ssh for each cluster whose descriptor names a {@code frontEnd:}, reads the line it prints
 * (its port, and its address on the cluster's network), and tells every node of the pool the way.
 * It ends with the process that started it.
 */
public final class RelayMain {

    /** What it prints once it listens: the launcher reads the port and the address inside from this line. */
    public static final String LISTENING = "satin-relay: relay of pool %s listening on port %d, inside at %s";
    public static final java.util.regex.Pattern LISTENING_LINE = java.util.regex.Pattern.compile(
            "satin-relay: relay of pool \\S+ listening on port (\\d+), inside at (\\S+)");

    static final String USAGE = """
            usage: satin.launch.RelayMain --pool P --secret-file F --hosts H1,H2,... [--inside-toward HOST]
                                          [--listen HOST:PORT] [--exit-with-parent [--parent PID]]
            Relays the connections of pool P's members that prove its secret to its hosts H1, H2, ...
              --inside-toward HOST   a host of the cluster's network: the relay says its own address there
              --listen HOST:PORT     where it accepts connections (default: 0.0.0.0:0, any free port)
            """;

    private RelayMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        int code = run(args, System.err);
        if (code != 0) {
            System.exit(code);
        }
        Thread.currentThread().join(); // until the launcher's session ends (--exit-with-parent) or a signal
    }

    /** Starts the relay and returns 0, or says what is wrong and returns the usage code. */
    static int run(String[] args, PrintStream err) throws InterruptedException {
        String pool = null;
        String secret = System.getenv("SATIN_SECRET");
        List<String> hosts = new ArrayList<>();
        String toward = null;
        String listen = "0.0.0.0:0";
        boolean exitWithParent = false;
        int parent = 0;
        try {
            for (int i = 0; i < args.length; i++) {
                String option = args[i];
                if (option.equals("--exit-with-parent")) {
                    exitWithParent = true;
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(option.startsWith("--") ? option + " needs a value"
                            : "unknown argument " + option);
                }
                String value = args[++i];
                switch (option) {
                    case "--pool" -> pool = value;
                    case "--secret-file" -> secret = LaunchOptions.readSecret(value);
                    case "--hosts" -> hosts.addAll(Arrays.stream(value.split(",")).filter(h -> !h.isBlank()).toList());
                    case "--inside-toward" -> toward = value;
                    case "--listen" -> listen = value;
                    case "--parent" -> parent = Integer.parseInt(value);
                    default -> throw new IllegalArgumentException("unknown option " + option);
                }
            }
            if (pool == null || secret == null || secret.isEmpty() || hosts.isEmpty()) {
                throw new IllegalArgumentException("a relay needs --pool, the pool's secret (--secret-file or "
                        + "SATIN_SECRET) and --hosts");
            }
        } catch (IllegalArgumentException e) {
            err.println("satin-relay: " + e.getMessage());
            err.print(USAGE);
            return PoolMain.USAGE;
        }
        if (exitWithParent) {
            PoolMain.exitWithParent(parent, err);
        }
        int colon = listen.lastIndexOf(':');
        RelayServer relay;
        try {
            relay = RelayServer.start(pool, secret, listen.substring(0, Math.max(0, colon)),
                    Integer.parseInt(listen.substring(colon + 1)), hosts, RelayServer.Limits.DEFAULT);
        } catch (IllegalArgumentException e) {
            err.println("satin-relay: " + e.getMessage());
            return PoolMain.FAILED;
        }
        String inside = toward == null ? Advertised.reachable() : Advertised.towards("tcp://" + toward + ":22");
        err.println(String.format(java.util.Locale.ROOT, LISTENING, pool, relay.port(),
                inside == null ? Advertised.reachable() : inside));
        err.flush();
        return 0;
    }
}
