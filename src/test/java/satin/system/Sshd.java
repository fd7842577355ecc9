package satin.system;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * An sshd of a test's own on a loopback port: a host key and a user key made for it, the user key
 * authorized for the current user (in the test's directory, not in ~/.ssh), and an
 * {@code ssh_config} with host aliases that lead there, as users keep them in {@code ~/.ssh/config}.
 * {@link #close()} stops it with every session and process it started.
 */
final class Sshd implements AutoCloseable {

    /** The privilege separation directory Debian's sshd insists on; its service makes it at boot. */
    private static final Path PRIVSEP = Path.of("/run/sshd");

    final Path dir;
    final Path sshConfig;
    final int port;
    private final Processes.Child process;

    private Sshd(Path dir, Path sshConfig, int port, Processes.Child process) {
        this.dir = dir;
        this.sshConfig = sshConfig;
        this.port = port;
        this.process = process;
    }

    /**
     * Starts one in {@code dir} whose aliases are {@code aliases} (each leads to it); skips the
     * test when sshd is missing and cannot be installed, or cannot run here.
     */
    static Sshd start(Processes ps, Path dir, List<String> aliases) throws Exception {
        Path sshd = Daemons.program("sshd", "openssh-server");
        Daemons.program("ssh", "openssh-client");
        Path keygen = Daemons.program("ssh-keygen", "openssh-client");
        if (!Files.isDirectory(PRIVSEP)) {
            Assumptions.assumeTrue(Daemons.root(), "sshd needs " + PRIVSEP + ", which only root can make");
            Files.createDirectories(PRIVSEP);
        }
        Files.createDirectories(dir);
        Daemons.check(List.of(keygen.toString(), "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString()), 60);
        Daemons.check(List.of(keygen.toString(), "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("user_key").toString()), 60);
        Files.copy(dir.resolve("user_key.pub"), dir.resolve("authorized_keys"));
        int port = freePort();
        Files.writeString(dir.resolve("sshd_config"), serverConfig(dir, port));
        Path client = dir.resolve("ssh_config");
        Files.writeString(client, clientConfig(dir, port, aliases));
        Processes.Child p = ps.command("sshd", dir, List.of(sshd.toString(), "-D", "-e", "-f",
                dir.resolve("sshd_config").toString()));
        Daemons.started(List.of(p), () -> p.awaitErrLine(line -> line.contains("Server listening on 127.0.0.1 port "
                + port), 30));
        return new Sshd(dir, client, port, p);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Keys only, for the test's own key, on loopback; no PAM, so that no system login policy applies. */
    private static String serverConfig(Path dir, int port) {
        return String.join("\n", "ListenAddress 127.0.0.1", "Port " + port, "HostKey " + dir.resolve("host_key"),
                "PidFile " + dir.resolve("sshd.pid"), "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "StrictModes no", "UsePAM no", "PasswordAuthentication no", "KbdInteractiveAuthentication no",
                "PubkeyAuthentication yes", "PermitRootLogin prohibit-password", "") ;
    }

    private static String clientConfig(Path dir, int port, List<String> aliases) {
        return "Host " + String.join(" ", aliases) + "\n" + String.join("\n", "  HostName 127.0.0.1", "  Port " + port,
                "  IdentityFile " + dir.resolve("user_key"), "  IdentitiesOnly yes", "  StrictHostKeyChecking no",
                "  UserKnownHostsFile " + dir.resolve("known_hosts"), "  LogLevel ERROR", "");
    }

    /** What sshd logged so far (logins, disconnections). */
    String log() {
        return process.err();
    }

    @Override
    public void close() throws InterruptedException {
        Daemons.stop(process.process);
    }
}
