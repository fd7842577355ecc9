package satin.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Assumptions;

/**
 * Hosts of a test's own: each a Linux network namespace with its own address on a bridge, its own
 * host name (a UTS namespace, a name no resolver knows, as a compute node's often is at another
 * site) and its own real sshd, reached only through the aliases of an {@code ssh_config} the test
 * writes, never through {@code /etc/hosts}. A further namespace without sshd is the user's machine
 * ({@link #onLauncher}), from which {@code satin run} reaches the hosts as it would over a network.
 *
 * <p>Every packet stays inside namespaces made here: the addresses are on a bridge that has no
 * address of its own in this machine's namespace. {@link #close()} removes every namespace, link
 * and daemon it made, whatever happened before.
 */
final class NamespaceHosts implements AutoCloseable {

    /** One host: its ssh alias (also its host name), its address and its namespace. */
    record Host(String alias, String address, String namespace, String bridgePort) {
    }

    private static final String SUBNET_PREFIX = "10.213.";

    private final String tag;
    private final String subnet;
    private final Path dir;
    private final Map<String, Host> hosts = new LinkedHashMap<>();
    private final List<String> namespaces = new ArrayList<>();
    private final List<String> links = new ArrayList<>();
    private final List<Processes.Child> sshds = new ArrayList<>();
    private final String bridge;
    private String launcher;
    private Path sshConfig;

    private NamespaceHosts(Path dir) {
        this.dir = dir;
        this.tag = Integer.toString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000), 16);
        this.subnet = SUBNET_PREFIX + ThreadLocalRandom.current().nextInt(1, 255) + ".";
        this.bridge = "sb" + tag;
    }

    /**
     * Makes {@code aliases.size()} hosts and the launcher's machine in {@code dir}, each host with
     * an sshd; skips the test where namespaces cannot be made (not root, no {@code ip}).
     */
    static NamespaceHosts create(Processes daemons, Path dir, List<String> aliases) throws Exception {
        Assumptions.assumeTrue(Daemons.root(), "hosts as network namespaces need root");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip")),
                "hosts as network namespaces need iproute2's ip");
        Path sshd = Daemons.program("sshd", "openssh-server");
        Daemons.program("ssh", "openssh-client");
        NamespaceHosts h = new NamespaceHosts(dir);
        try {
            h.build(aliases);
            h.startSshds(daemons, sshd);
            return h;
        } catch (Throwable e) {
            h.close();
            throw e;
        }
    }

    private void build(List<String> aliases) throws Exception {
        Files.createDirectories(dir);
        ip("link", "add", bridge, "type", "bridge");
        links.add(bridge);
        ip("link", "set", bridge, "up");
        launcher = addNamespace("launcher", 1);
        for (int i = 0; i < aliases.size(); i++) {
            String ns = addNamespace(aliases.get(i), 11 + i);
            hosts.put(aliases.get(i), new Host(aliases.get(i), subnet + (11 + i), ns, "sv" + tag + (11 + i)));
        }
        keys();
        sshConfig = dir.resolve("ssh_config");
        StringBuilder config = new StringBuilder();
        for (Host host : hosts.values()) {
            config.append("Host ").append(host.alias()).append('\n').append(String.join("\n",
                    "  HostName " + host.address(), "  IdentityFile " + dir.resolve("user_key"), "  IdentitiesOnly yes",
                    "  StrictHostKeyChecking no", "  UserKnownHostsFile " + dir.resolve("known_hosts"),
                    "  ConnectTimeout 10", "  LogLevel ERROR", "")).append('\n');
        }
        Files.writeString(sshConfig, config);
    }

    /** A namespace whose one interface is {@code SUBNET.last}, on the bridge. */
    private String addNamespace(String name, int last) throws Exception {
        String ns = "satin-" + tag + "-" + name;
        String outside = "sv" + tag + last;
        String inside = "si" + tag + last;
        ip("netns", "add", ns);
        namespaces.add(ns);
        ip("link", "add", outside, "type", "veth", "peer", "name", inside);
        links.add(outside);
        ip("link", "set", inside, "netns", ns);
        ip("link", "set", outside, "master", bridge, "up");
        ip("-n", ns, "addr", "add", subnet + last + "/24", "dev", inside);
        ip("-n", ns, "link", "set", inside, "up");
        ip("-n", ns, "link", "set", "lo", "up");
        return ns;
    }

    private void keys() throws Exception {
        Path keygen = Daemons.program("ssh-keygen", "openssh-client");
        Daemons.check(List.of(keygen.toString(), "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString()), 60);
        Daemons.check(List.of(keygen.toString(), "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("user_key").toString()), 60);
        Files.copy(dir.resolve("user_key.pub"), dir.resolve("authorized_keys"));
    }

    /** One sshd per host, on port 22 of its own address, under the host's own name. */
    private void startSshds(Processes daemons, Path sshd) throws Exception {
        Files.createDirectories(Path.of("/run/sshd"));
        for (Host host : hosts.values()) {
            Path config = dir.resolve("sshd_config-" + host.alias());
            Files.writeString(config, String.join("\n", "ListenAddress " + host.address(), "Port 22",
                    "HostKey " + dir.resolve("host_key"), "PidFile " + dir.resolve("sshd-" + host.alias() + ".pid"),
                    "AuthorizedKeysFile " + dir.resolve("authorized_keys"), "StrictModes no", "UsePAM no",
                    "PasswordAuthentication no", "KbdInteractiveAuthentication no", "PubkeyAuthentication yes",
                    "PermitRootLogin prohibit-password", "AcceptEnv SATIN_*", ""));
            Processes.Child p = daemons.command("sshd-" + host.alias(), dir, List.of("ip", "netns", "exec",
                    host.namespace(), "unshare", "--uts", "sh", "-c", "hostname " + host.alias() + " && exec " + sshd
                            + " -D -e -f " + config));
            sshds.add(p);
        }
        Daemons.started(sshds, () -> {
            for (Processes.Child p : sshds) {
                p.awaitErrLine(line -> line.contains("Server listening on"), 30);
            }
        });
    }

    /** The {@code ssh_config} whose aliases name the hosts, as a user's {@code ~/.ssh/config} would. */
    Path sshConfig() {
        return sshConfig;
    }

    Host host(String alias) {
        return hosts.get(alias);
    }

    List<Host> hosts() {
        return List.copyOf(hosts.values());
    }

    /** {@code command} as run on the user's machine, which reaches the hosts only over the bridge. */
    List<String> onLauncher(List<String> command) {
        List<String> line = new ArrayList<>(List.of("ip", "netns", "exec", launcher));
        line.addAll(command);
        return line;
    }

    /** Cuts a host off the network (its cable pulled): nothing goes in or out until {@link #reconnect}. */
    void disconnect(String alias) throws Exception {
        ip("link", "set", hosts.get(alias).bridgePort(), "down");
    }

    void reconnect(String alias) throws Exception {
        ip("link", "set", hosts.get(alias).bridgePort(), "up");
    }

    /** What a host's sshd logged so far (logins, disconnections). */
    String sshdLog(String alias) {
        return sshds.stream().filter(p -> p.name.equals("sshd-" + alias)).findFirst().orElseThrow().err();
    }

    /** The processes running on a host whose command line contains {@code text}. */
    List<ProcessHandle> processesOn(String alias, String text) throws IOException, InterruptedException {
        return Daemons.run(List.of("ip", "netns", "pids", hosts.get(alias).namespace()), 30).output().lines()
                .map(String::strip).filter(pid -> pid.matches("\\d+")).map(Long::parseLong).map(ProcessHandle::of)
                .flatMap(java.util.Optional::stream)
                .filter(h -> h.info().commandLine().orElse("").contains(text)).toList();
    }

    private static void ip(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        Daemons.check(command, 30);
    }

    /** Ends every process started in a namespace made here, then the namespaces, links and daemons. */
    @Override
    public void close() throws Exception {
        for (Processes.Child p : sshds) {
            Daemons.stop(p.process);
        }
        for (String ns : namespaces) {
            Daemons.run(List.of("ip", "netns", "pids", ns), 30).output().lines().map(String::strip)
                    .filter(pid -> pid.matches("\\d+")).map(Long::parseLong).map(ProcessHandle::of)
                    .forEach(h -> h.ifPresent(ProcessHandle::destroyForcibly));
        }
        for (String ns : namespaces) {
            Daemons.run(List.of("ip", "netns", "del", ns), 30);
        }
        for (String link : links) { // a veth's outer end may outlive its namespace here
            Daemons.run(List.of("ip", "link", "del", link), 30);
        }
    }
}
