package satin.system;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;

/**
 * A SLURM cluster of this one machine for a test: munged with a key of its own, slurmctld and
 * slurmd with a configuration generated in the test's directory (two nodes, each a slurmd of this host, two
 * partitions on both, processes tracked by their tree, no cgroups), every file and socket in that
 * directory. Client commands find it through {@link #env()} ({@code SLURM_CONF}, which sbatch and
 * the launcher's children inherit). {@link #close()} cancels what is left and stops every daemon
 * and step it started.
 */
final class Slurm implements AutoCloseable {

    static final List<String> PARTITIONS = List.of("east", "west");
    /**
     * Two machines of this one, a slurmd each: SLURM never puts two components of a heterogeneous
     * job on one machine (its backfill plans the second after the first on a single node).
     */
    static final List<String> NODES = List.of("satin0", "satin1");

    /**
     * Where the daemons run: all on this host (each slurmd on a port of its own), or slurmctld on
     * the hosts' launcher machine and one slurmd on each host, under the host's own name and address.
     */
    private record Machines(List<String> nodes, List<String> addresses, String controller, String controllerAddress,
            List<String> controllerPrefix, List<List<String>> nodePrefixes) {

        static Machines thisHost(String host) {
            return new Machines(NODES, List.of("127.0.0.1", "127.0.0.1"), host, "127.0.0.1", List.of(),
                    List.of(List.of(), List.of()));
        }

        static Machines of(satin.bench.hosts.NamespaceHosts hosts, List<String> aliases) {
            return new Machines(aliases, aliases.stream().map(a -> hosts.host(a).address()).toList(), "satin-ctl",
                    hosts.launcherAddress(), hosts.inNetworkOf(null, List.of()), aliases.stream().map(a ->
                            hosts.inNetworkOf(a, List.of())).toList());
        }

        boolean spread() {
            return !controllerPrefix.isEmpty();
        }

        /** {@code command} run on the machine of {@code prefix}, named {@code name} there when the machines are hosts. */
        List<String> on(List<String> prefix, String name, List<String> command) {
            if (prefix.isEmpty()) {
                return command;
            }
            List<String> line = new java.util.ArrayList<>(prefix);
            line.addAll(List.of("unshare", "--uts", "sh", "-c", "hostname " + name + " && exec \"$0\" \"$@\""));
            line.addAll(command);
            return line;
        }
    }

    final Path dir;
    private final Processes daemons;
    private final Set<Long> stepsBefore;
    private final Machines machines;

    private Slurm(Path dir, Processes daemons, Set<Long> stepsBefore, Machines machines) {
        this.dir = dir;
        this.daemons = daemons;
        this.stepsBefore = stepsBefore;
        this.machines = machines;
    }

    /** Starts one in {@code dir}; skips the test when SLURM cannot be installed or run here (it needs root). */
    static Slurm start(Path dir) throws Exception {
        return start(dir, null);
    }

    /**
     * Starts one whose slurmctld runs on the launcher's machine of {@code hosts} and whose nodes are
     * {@code hosts} themselves: a slurmd on each, under its own name, reached at its own address.
     */
    static Slurm onHosts(Path dir, satin.bench.hosts.NamespaceHosts hosts, List<String> aliases) throws Exception {
        return start(dir, Machines.of(hosts, aliases));
    }

    private static Slurm start(Path dir, Machines spread) throws Exception {
        Assumptions.assumeTrue(Daemons.root(), "slurmd starts jobs as their users, so it runs as root: this test is not");
        Path munged = Daemons.program("munged", "munge");
        Path ctld = Daemons.program("slurmctld", "slurm-wlm");
        Path slurmd = Daemons.program("slurmd", "slurm-wlm");
        Files.createDirectories(dir.resolve("state"));
        String host = Daemons.check(List.of("hostname", "-s"), 30).strip();
        Machines machines = spread != null ? spread : Machines.thisHost(host);
        for (String node : machines.nodes()) {
            Files.createDirectories(dir.resolve("spool").resolve(node));
        }
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x")); // munge's socket must be reachable
        Path key = dir.resolve("munge.key");
        byte[] bytes = new byte[128];
        new SecureRandom().nextBytes(bytes);
        Files.write(key, bytes);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        // on hosts of their own, every daemon has the ports SLURM is used to
        Files.writeString(dir.resolve("slurm.conf"), config(dir, machines, machines.spread() ? 6817 : freePort(),
                machines.spread() ? List.of(6818, 6818) : freePorts(machines.nodes().size())));
        Slurm s = new Slurm(dir, new Processes(), slurmSteps(), machines);
        try {
            Processes.Child munge = s.daemons.command("munged", dir, List.of(munged.toString(), "--foreground", "--force",
                    "--key-file=" + key, "--socket=" + dir.resolve("munge.socket"), "--pid-file=" + dir.resolve("munged.pid"),
                    "--log-file=" + dir.resolve("munged.log"), "--seed-file=" + dir.resolve("munged.seed")));
            Daemons.started(List.of(munge), () -> Daemons.await(() -> Files.exists(dir.resolve("munge.socket")), 30,
                    () -> "munged's socket: " + s.daemons.printed()));
            Processes.Child controller = s.daemons.command("slurmctld", dir, machines.on(machines.controllerPrefix(),
                    machines.controller(), List.of(ctld.toString(), "-D", "-f", dir.resolve("slurm.conf").toString())));
            List<Processes.Child> started = new java.util.ArrayList<>(List.of(munge, controller));
            for (int i = 0; i < machines.nodes().size(); i++) {
                String node = machines.nodes().get(i);
                started.add(s.daemons.command("slurmd-" + node, dir, machines.on(machines.nodePrefixes().get(i), node,
                        List.of(slurmd.toString(), "-D", "-f", dir.resolve("slurm.conf").toString(), "-N", node))));
            }
            Daemons.started(started, s::awaitIdle);
            return s;
        } catch (Exception | AssertionError e) { // a skip too: what started is stopped
            s.close();
            throw e;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static List<Integer> freePorts(int n) throws IOException {
        List<Integer> ports = new java.util.ArrayList<>();
        while (ports.size() < n) {
            int p = freePort();
            if (!ports.contains(p)) {
                ports.add(p);
            }
        }
        return ports;
    }

    /**
     * Root runs everything; 8 CPUs per machine whatever this one has (config_overrides), so that two
     * clusters of two tasks fit on a small machine, as they would on nodes of a real one. The
     * machines are slurmds of this host on ports of their own, with their files named after them.
     */
    private static String config(Path dir, Machines m, int ctldPort, List<Integer> slurmdPorts) {
        List<String> lines = new java.util.ArrayList<>(List.of("ClusterName=satintest",
                "SlurmctldHost=" + m.controller() + "(" + m.controllerAddress() + ")", "SlurmUser=root",
                "SlurmdUser=root", "SlurmctldPort=" + ctldPort, "AuthType=auth/munge",
                "AuthInfo=socket=" + dir.resolve("munge.socket"), "CredType=cred/munge",
                "StateSaveLocation=" + dir.resolve("state"), "SlurmdSpoolDir=" + dir.resolve("spool") + "/%n",
                "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"), "SlurmdPidFile=" + dir.resolve("slurmd-%n.pid"),
                "SlurmctldLogFile=" + dir.resolve("slurmctld.log"), "SlurmdLogFile=" + dir.resolve("slurmd-%n.log"),
                "ProctrackType=proctrack/linuxproc", "TaskPlugin=task/none", "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_CPU", "SchedulerType=sched/backfill", "MpiDefault=none", "SwitchType=switch/none",
                "JobAcctGatherType=jobacct_gather/none", "AccountingStorageType=accounting_storage/none",
                "ReturnToService=2", "SlurmdParameters=config_overrides", "KillWait=5"));
        for (int i = 0; i < m.nodes().size(); i++) {
            lines.add("NodeName=" + m.nodes().get(i) + " NodeHostname=" + (m.spread() ? m.nodes().get(i) : m.controller())
                    + " NodeAddr=" + m.addresses().get(i) + " Port=" + slurmdPorts.get(i) + " CPUs=8 RealMemory=2000 "
                    + "State=UNKNOWN");
        }
        String nodes = String.join(",", m.nodes());
        lines.add("PartitionName=east Nodes=" + nodes + " Default=YES MaxTime=INFINITE State=UP");
        lines.add("PartitionName=west Nodes=" + nodes + " MaxTime=INFINITE State=UP");
        return String.join("\n", lines) + "\n";
    }

    /** What node {@code node}'s slurmd logged so far. */
    String nodeLog(String node) throws IOException {
        return Files.readString(dir.resolve("slurmd-" + node + ".log"));
    }

    /** The environment SLURM's commands need to find this cluster. */
    Map<String, String> env() {
        return Map.of("SLURM_CONF", dir.resolve("slurm.conf").toString());
    }

    /** Runs a SLURM command against this cluster; it must succeed. */
    String command(String... command) throws IOException, InterruptedException {
        List<String> line = new java.util.ArrayList<>(machines.controllerPrefix());
        line.addAll(List.of(command));
        ProcessBuilder b = new ProcessBuilder(line).redirectErrorStream(true);
        b.environment().putAll(env());
        Process p = b.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " failed: " + out + "\n" + logs());
        }
        return out;
    }

    /** The jobs in the queue, one line each. */
    String jobs() throws IOException, InterruptedException {
        return command("squeue", "--noheader", "--format=%i %j %T").strip();
    }

    private void awaitIdle() throws InterruptedException {
        Daemons.await(() -> {
            try {
                return command("sinfo", "--noheader", "--format=%t").lines().allMatch(l -> l.strip().equals("idle"));
            } catch (IOException | InterruptedException | AssertionError e) {
                return false; // slurmctld is still starting
            }
        }, 90, () -> "the node to be idle: " + logs());
    }

    /** What slurmctld logged: it names each heterogeneous job it was given. */
    String controllerLog() throws IOException {
        return Files.readString(dir.resolve("slurmctld.log"));
    }

    /** The daemons' logs, for a failure message. */
    String logs() {
        StringBuilder b = new StringBuilder(daemons.printed());
        List<String> logs = new java.util.ArrayList<>(List.of("slurmctld.log"));
        machines.nodes().forEach(n -> logs.add("slurmd-" + n + ".log"));
        for (String log : logs) {
            try {
                List<String> lines = Files.readAllLines(dir.resolve(log));
                b.append(log).append(":\n").append(String.join("\n", lines.subList(Math.max(0, lines.size() - 30),
                        lines.size()))).append('\n');
            } catch (IOException e) {
                b.append(log).append(": none\n");
            }
        }
        return b.toString();
    }

    /** The slurmstepd processes of this machine (they detach from slurmd, so stopping it does not stop them). */
    private static Set<Long> slurmSteps() {
        return ProcessHandle.allProcesses().filter(h -> h.info().command().orElse("").endsWith("slurmstepd")
                || h.info().commandLine().orElse("").startsWith("slurmstepd")).map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    @Override
    public void close() throws InterruptedException {
        try {
            command("scancel", "--user=" + System.getProperty("user.name"));
            Daemons.await(() -> {
                try {
                    return jobs().isEmpty();
                } catch (IOException | InterruptedException | AssertionError e) {
                    return true; // slurmctld is gone: nothing more to wait for
                }
            }, 60, () -> "the jobs to end");
        } catch (IOException | AssertionError e) {
            // slurmctld did not start or is gone: the steps are stopped below all the same
        } finally {
            daemons.close();
            for (long pid : slurmSteps()) {
                if (!stepsBefore.contains(pid)) {
                    ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(ProcessHandle::destroyForcibly));
                    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        }
    }
}
