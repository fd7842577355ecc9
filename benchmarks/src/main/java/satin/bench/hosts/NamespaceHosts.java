package satin.bench.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Hosts of one's own on one machine: each a Linux network namespace with its own address on a
 * bridge, its own host name (a UTS namespace, a name no resolver knows, as a compute node's often
 * is at another site) and its own real sshd, reached only through the aliases of an
 * {@code ssh_config} written here, never through {@code /etc/hosts}. A further namespace without
 * sshd is the user's machine ({@link #onLauncher}), from which {@code satin run} reaches the hosts
 * as it would over a network. The whole-system tests and {@code ./bench hosts} both use it.
 *
 * <p>Every packet stays inside namespaces made here: the addresses ({@code 10.213.N.0/24}) are on
 * a bridge that has no address in this machine's own namespace. {@link #close()} removes every
 * namespace, link and daemon made, whatever happened before. Needs root and iproute2.
 */
public final class NamespaceHosts implements AutoCloseable {

    /** One host: its ssh alias (also its host name), its address and its namespace. */
    public record Host(String alias, String address, String namespace, String bridgePort) {
    }

    private static final String SUBNET_PREFIX = "10.213.";

    private final String tag;
    private final String subnet;
    private final Path dir;
    private final String bridge;
    /** The network behind the front-end, when there is one: its subnet and bridge, which only the front-end shares. */
    private final String innerSubnet;
    private final String innerBridge;
    private String frontEnd;
    private final Map<String, Host> hosts = new LinkedHashMap<>();
    private final List<String> namespaces = new ArrayList<>();
    private final List<String> links = new ArrayList<>();
    private final Map<String, Sshd> sshds = new LinkedHashMap<>();
    private String launcher;
    private Path sshConfig;

    private NamespaceHosts(Path dir) {
        this.dir = dir;
        this.tag = Integer.toString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000), 16);
        this.subnet = SUBNET_PREFIX + ThreadLocalRandom.current().nextInt(1, 255) + ".";
        this.bridge = "sb" + tag;
        this.innerSubnet = "10.214." + ThreadLocalRandom.current().nextInt(1, 255) + ".";
        this.innerBridge = "sc" + tag;
    }

    /** Why hosts cannot be made on this machine, or empty if they can. */
    public static Optional<String> unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("hosts as network namespaces need root");
        }
        if (!Files.isExecutable(Path.of("/usr/sbin/ip")) && !Files.isExecutable(Path.of("/sbin/ip"))) {
            return Optional.of("hosts as network namespaces need iproute2's ip");
        }
        return Optional.empty();
    }

    /**
     * Makes one host per alias and the launcher's machine in {@code dir}, each host with its own
     * {@code sshd} (the program at that path) and {@code ssh-keygen}'s keys.
     */
    public static NamespaceHosts create(Path dir, List<String> aliases, Path sshd, Path keygen) throws Exception {
        return create(dir, aliases, null, List.of(), sshd, keygen);
    }

    /**
     * Makes the hosts of {@link #create(Path, List, Path, Path)}, and a cluster behind a front-end:
     * host {@code frontEnd} (one of {@code aliases}) also has an address on a second network, on
     * which the {@code inner} hosts have their only one. Nothing routes between the two networks:
     * the launcher and the other hosts reach an inner host only through the front-end (its ssh
     * alias jumps there: {@code ProxyJump}), as at a site whose compute nodes have private addresses.
     */
    public static NamespaceHosts create(Path dir, List<String> aliases, String frontEnd, List<String> inner, Path sshd,
            Path keygen) throws Exception {
        NamespaceHosts h = new NamespaceHosts(dir);
        try {
            h.build(aliases, frontEnd, inner, keygen);
            h.startSshds(sshd);
            return h;
        } catch (Throwable e) {
            h.close();
            throw e;
        }
    }

    private void build(List<String> aliases, String frontEnd, List<String> inner, Path keygen) throws Exception {
        Files.createDirectories(dir);
        addBridge(bridge);
        launcher = addNamespace("launcher", 1);
        for (int i = 0; i < aliases.size(); i++) {
            String ns = addNamespace(aliases.get(i), 11 + i);
            hosts.put(aliases.get(i), new Host(aliases.get(i), subnet + (11 + i), ns, "sv" + tag + (11 + i)));
        }
        if (frontEnd != null) {
            this.frontEnd = frontEnd;
            addBridge(innerBridge);
            attach(hosts.get(frontEnd).namespace(), innerBridge, innerSubnet, 1, "fo", "fi");
            for (int i = 0; i < inner.size(); i++) {
                String ns = "satin-" + tag + "-" + inner.get(i);
                ip("netns", "add", ns);
                namespaces.add(ns);
                attach(ns, innerBridge, innerSubnet, 11 + i, "co", "ci");
                hosts.put(inner.get(i), new Host(inner.get(i), innerSubnet + (11 + i), ns, "co" + tag + (11 + i)));
            }
        }
        keys(keygen);
        sshConfig = dir.resolve("ssh_config");
        StringBuilder config = new StringBuilder();
        for (Host host : hosts.values()) {
            boolean behind = host.address().startsWith(innerSubnet);
            config.append("Host ").append(host.alias()).append('\n').append(behind ? "  ProxyJump " + frontEnd + "\n" : "")
                    .append(String.join("\n",
                    "  HostName " + host.address(), "  IdentityFile " + dir.resolve("user_key"), "  IdentitiesOnly yes",
                    "  StrictHostKeyChecking no", "  UserKnownHostsFile " + dir.resolve("known_hosts"),
                    "  ConnectTimeout 10", "  LogLevel ERROR", "")).append('\n');
        }
        Files.writeString(sshConfig, config);
    }

    private void addBridge(String name) throws Exception {
        ip("link", "add", name, "type", "bridge");
        links.add(name);
        ip("link", "set", name, "up");
    }

    /** A namespace whose one interface is {@code SUBNET.last}, on the bridge. */
    private String addNamespace(String name, int last) throws Exception {
        String ns = "satin-" + tag + "-" + name;
        ip("netns", "add", ns);
        namespaces.add(ns);
        attach(ns, bridge, subnet, last, "sv", "si");
        return ns;
    }

    /** Gives namespace {@code ns} the address {@code net.last} on {@code onBridge}, through a veth pair named by the prefixes. */
    private void attach(String ns, String onBridge, String net, int last, String outerPrefix, String innerPrefix)
            throws Exception {
        String outside = outerPrefix + tag + last;
        String inside = innerPrefix + tag + last;
        ip("link", "add", outside, "type", "veth", "peer", "name", inside);
        links.add(outside);
        ip("link", "set", inside, "netns", ns);
        ip("link", "set", outside, "master", onBridge, "up");
        ip("-n", ns, "addr", "add", net + last + "/24", "dev", inside);
        ip("-n", ns, "link", "set", inside, "up");
        ip("-n", ns, "link", "set", "lo", "up");
    }

    private void keys(Path keygen) throws Exception {
        for (String key : List.of("host_key", "user_key")) {
            run(List.of(keygen.toString(), "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve(key).toString()));
        }
        Files.copy(dir.resolve("user_key.pub"), dir.resolve("authorized_keys"));
    }

    /** One sshd per host, on port 22 of its own address, under the host's own name. */
    private void startSshds(Path sshd) throws Exception {
        Files.createDirectories(Path.of("/run/sshd")); // Debian's sshd insists on it; its service makes it at boot
        for (Host host : hosts.values()) {
            Path config = dir.resolve("sshd_config-" + host.alias());
            Files.writeString(config, String.join("\n", "ListenAddress " + host.address(), "Port 22",
                    "HostKey " + dir.resolve("host_key"), "PidFile " + dir.resolve("sshd-" + host.alias() + ".pid"),
                    "AuthorizedKeysFile " + dir.resolve("authorized_keys"), "StrictModes no", "UsePAM no",
                    "PasswordAuthentication no", "KbdInteractiveAuthentication no", "PubkeyAuthentication yes",
                    "PermitRootLogin prohibit-password", ""));
            sshds.put(host.alias(), Sshd.start(List.of("ip", "netns", "exec", host.namespace(), "unshare", "--uts", "sh",
                    "-c", "hostname " + host.alias() + " && exec " + sshd + " -D -e -f " + config)));
        }
        for (Map.Entry<String, Sshd> e : sshds.entrySet()) {
            e.getValue().awaitListening(e.getKey());
        }
    }

    /** The {@code ssh_config} whose aliases name the hosts, as a user's {@code ~/.ssh/config} would. */
    public Path sshConfig() {
        return sshConfig;
    }

    public Host host(String alias) {
        return hosts.get(alias);
    }

    public List<Host> hosts() {
        return List.copyOf(hosts.values());
    }

    /** {@code command} as run on the user's machine, which reaches the hosts only over the bridge. */
    public List<String> onLauncher(List<String> command) {
        List<String> line = new ArrayList<>(List.of("ip", "netns", "exec", launcher));
        line.addAll(command);
        return line;
    }

    /**
     * {@code command} entering only the network namespace of host {@code alias} (or of the user's
     * machine, for null): unlike {@link #onHost}, it keeps this machine's mounts, {@code /sys}'s
     * cgroups among them, which a daemon such as slurmd needs.
     */
    public List<String> inNetworkOf(String alias, List<String> command) {
        String ns = alias == null ? launcher : hosts.get(alias).namespace();
        List<String> line = new ArrayList<>(List.of("nsenter", "--net=/run/netns/" + ns));
        line.addAll(command);
        return line;
    }

    /** The address of the user's machine ({@link #onLauncher}) on the hosts' network. */
    public String launcherAddress() {
        return subnet + 1;
    }

    /** {@code command} as run on host {@code alias}. */
    public List<String> onHost(String alias, List<String> command) {
        List<String> line = new ArrayList<>(List.of("ip", "netns", "exec", hosts.get(alias).namespace()));
        line.addAll(command);
        return line;
    }

    /** Cuts a host off the network (its cable pulled): nothing goes in or out until {@link #reconnect}. */
    public void disconnect(String alias) throws Exception {
        ip("link", "set", hosts.get(alias).bridgePort(), "down");
    }

    public void reconnect(String alias) throws Exception {
        ip("link", "set", hosts.get(alias).bridgePort(), "up");
    }

    /** What a host's sshd logged so far (logins, disconnections). */
    public String sshdLog(String alias) {
        return sshds.get(alias).log();
    }

    /** The processes running on a host whose command line contains {@code text}. */
    public List<ProcessHandle> processesOn(String alias, String text) throws IOException, InterruptedException {
        return pids(hosts.get(alias).namespace()).stream().map(ProcessHandle::of).flatMap(Optional::stream)
                .filter(h -> h.info().commandLine().orElse("").contains(text)).toList();
    }

    private static List<Long> pids(String namespace) throws IOException, InterruptedException {
        return run(List.of("ip", "netns", "pids", namespace)).lines().map(String::strip)
                .filter(pid -> pid.matches("\\d+")).map(Long::parseLong).toList();
    }

    private static void ip(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        run(command);
    }

    /** Runs a command to its end and returns what it printed; fails naming it if it fails. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException(command + " failed: " + printed);
        }
        return printed;
    }

    /** Ends every process started in a namespace made here, then the namespaces, links and daemons. */
    @Override
    public void close() {
        sshds.values().forEach(Sshd::stop);
        for (String ns : namespaces) {
            try {
                pids(ns).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            } catch (IOException | InterruptedException e) {
                // the namespace is removed below all the same
            }
        }
        for (String ns : namespaces) {
            quietly(List.of("ip", "netns", "del", ns));
        }
        for (String link : links) { // a veth's outer end may outlive its namespace here
            quietly(List.of("ip", "link", "del", link));
        }
    }

    private static void quietly(List<String> command) {
        try {
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start().waitFor(30, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            // nothing more to remove it with
        }
    }

    /** One sshd and what it logs. */
    private static final class Sshd {
        private final Process process;
        private final StringBuffer log = new StringBuffer();

        private Sshd(Process process) {
            this.process = process;
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null;) {
                        log.append(line).append('\n');
                    }
                } catch (IOException e) {
                    // the daemon is gone
                }
            }, "sshd-log");
            reader.setDaemon(true);
            reader.start();
        }

        static Sshd start(List<String> command) throws IOException {
            return new Sshd(new ProcessBuilder(command).redirectErrorStream(true).start());
        }

        void awaitListening(String alias) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!log.toString().contains("Server listening on")) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException("the sshd of " + alias + " did not start: " + log);
                }
                Thread.sleep(10);
            }
        }

        String log() {
            return log.toString();
        }

        void stop() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
