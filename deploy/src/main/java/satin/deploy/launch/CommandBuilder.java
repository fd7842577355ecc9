package satin.deploy.launch;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;

/**
 * The members of a run and the commands that start them, built without starting anything (so that
 * the exact command lines, ssh included, can be checked). The first member is the master: it
 * embeds the registry, waits for every node and writes the statistics; the others join it.
 */
public final class CommandBuilder {

    /** The class every member runs. */
    public static final String POOL_MAIN = "satin.launch.PoolMain";

    /**
     * One {@code PoolMain} invocation: the clusters in this JVM, a cluster in a local process, or
     * one host's share of an ssh cluster.
     *
     * @param cluster  the cluster its nodes belong to; for several clusters in this JVM, their
     *                 common shape under their common name prefix
     * @param sshHost  the ssh destination ({@code user@host} or {@code host}), or null when local
     * @param nodes    how many nodes it runs
     * @param name     the prefix of its node names ({@code NAME-0}, {@code NAME-1}, ...)
     * @param master   whether it embeds the registry and runs main
     * @param clusters how many clusters its nodes form ({@code --cluster-layout}), 1 but for this JVM's
     */
    public record Member(ClusterPlan cluster, String sshHost, int nodes, String name, boolean master, int clusters) {

        public Placement placement() {
            return cluster.placement();
        }

        /** What the descriptor says other nodes reach this ssh member's host at, or null. */
        String address() {
            return sshHost == null ? null : cluster.addresses().get(sshHost);
        }
    }

    private final RunPlan plan;
    private final String java;
    private final String classPath;
    private final Path workDir;
    private final String localHost;
    private final String ssh;
    private final Path agentJar;
    private final ClassDataArchive archive;
    private final SshDestinations.Resolver destinations;
    private final Announcing announcing;
    /** The relays of clusters behind front-ends ({@code --relays}), once they listen; null when there are none. */
    private final String relays;

    /**
     * @param java      the java command for processes (also run over ssh: same path on every host)
     * @param classPath the class path of processes (the same on every host)
     * @param workDir   where ssh commands {@code cd} to first
     * @param localHost this host's name as the ssh hosts reach it
     */
    public CommandBuilder(RunPlan plan, String java, String classPath, Path workDir, String localHost) {
        this(plan, java, classPath, workDir, localHost, "ssh", null, ClassDataArchive.none(), SshDestinations.UNKNOWN, null);
    }

    private CommandBuilder(RunPlan plan, String java, String classPath, Path workDir, String localHost, String ssh,
            Path agentJar, ClassDataArchive archive, SshDestinations.Resolver destinations, String relays) {
        this.relays = relays;
        this.plan = plan;
        this.java = java;
        this.classPath = classPath;
        this.workDir = workDir;
        this.localHost = localHost;
        this.ssh = ssh;
        this.agentJar = agentJar;
        this.archive = archive;
        this.destinations = destinations;
        this.announcing = new Announcing(plan, localHost, destinations, anyRemote());
    }

    /** The same commands, telling every member the relays of the clusters behind front-ends ({@code --relays}). */
    CommandBuilder withRelays(String spec) {
        return new CommandBuilder(plan, java, classPath, workDir, localHost, ssh, agentJar, archive, destinations, spec);
    }

    /** Where remote commands start: ssh's {@code cd}, a SLURM job's {@code --chdir}. */
    Path workDir() {
        return workDir;
    }

    /** The same commands with another ssh client (a wrapper script, or a stand-in for tests). */
    public CommandBuilder withSsh(String program) {
        return new CommandBuilder(plan, java, classPath, workDir, localHost, program, agentJar, archive, destinations, relays);
    }

    /**
     * The same commands with the agent that rewrites a program's own classes (its
     * {@code classPath}) as processes load them: {@code -javaagent:satin-agent.jar}.
     */
    public CommandBuilder withAgent(Path jar) {
        return new CommandBuilder(plan, java, classPath, workDir, localHost, ssh, jar, archive, destinations, relays);
    }

    /**
     * The same commands, announcing each ssh host at the address ssh reaches it at (the
     * {@code HostName} of an alias), as {@code resolver} finds it.
     */
    public CommandBuilder withDestinations(SshDestinations.Resolver resolver) {
        return new CommandBuilder(plan, java, classPath, workDir, localHost, ssh, agentJar, archive, resolver, relays);
    }

    /** The same commands with the processes' class-data archive (none until a run leases one). */
    CommandBuilder withArchive(ClassDataArchive a) {
        return new CommandBuilder(plan, java, classPath, workDir, localHost, ssh, agentJar, a, destinations, relays);
    }

    /**
     * The archive of this run's processes: none when the program brings classes of its own, which
     * the agent rewrites as they load and an archive of classes as they were would bypass.
     */
    ClassDataArchive leaseArchive(PrintStream notices) throws IOException {
        return plan.app().classPath().isEmpty() ? ClassDataArchive.lease(java, classPath, notices)
                : ClassDataArchive.none();
    }

    /** The builder for processes started from this JVM: its java, class path, working directory and host name. */
    public static CommandBuilder forThisJvm(RunPlan plan) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        CommandBuilder b = new CommandBuilder(plan, java, System.getProperty("java.class.path"),
                Path.of("").toAbsolutePath(), satin.net.Advertised.thisMachine()).withDestinations(SshDestinations.ssh("ssh"));
        String agent = satin.config.Settings.AGENT_JAR.raw();
        return agent == null ? b : b.withAgent(Path.of(agent).toAbsolutePath());
    }

    /** Where this installation's satin-agent.jar is ({@code ./satin} sets it). */
    public static final String AGENT_PROPERTY = satin.config.Settings.AGENT_JAR.name();

    /**
     * Every member, the master first: one per cluster in a process, one per host of an ssh
     * cluster, and one for all clusters in this JVM.
     *
     * @throws IllegalArgumentException if the clusters in this JVM cannot be one {@code PoolMain}
     */
    public List<Member> members() {
        List<Member> members = new ArrayList<>();
        boolean inJvmDone = false;
        for (ClusterPlan c : plan.clusters()) {
            if (c.placement() == Placement.IN_JVM) {
                if (!inJvmDone) {
                    members.add(inJvm(members.isEmpty()));
                    inJvmDone = true;
                }
            } else if (c.placement() == Placement.PROCESSES || c.placement() == Placement.SLURM) {
                members.add(new Member(c, null, c.nodes(), c.name(), members.isEmpty(), 1)); // SLURM: one job, a task per node
            } else {
                addSshMembers(c, members);
            }
        }
        for (Member m : members) {
            if (m.nodes() > satin.launch.PoolMain.MAX_NODES) {
                throw new IllegalArgumentException(plan.origin() + ": " + (m.sshHost() == null ? "cluster " + m.name()
                        + " puts " + m.nodes() + " nodes in this JVM" : "cluster " + m.cluster().name() + " puts "
                        + m.nodes() + " nodes in one process on " + m.sshHost()) + "; one process holds at most "
                        + satin.launch.PoolMain.MAX_NODES + " (where: processes starts a process for each node)");
            }
        }
        announcing.check(members);
        if (!plan.app().classPath().isEmpty() && !allInJvm() && agentJar == null) {
            throw new IllegalArgumentException(plan.origin() + ": the program's own classes (" + ProgramClassPath.join(
                    plan.app().classPath()) + ") are rewritten in processes by satin-agent.jar, and this JVM does not "
                    + "know where it is: -D" + AGENT_PROPERTY + "=PATH (./satin sets it)");
        }
        return members;
    }

    private static void addSshMembers(ClusterPlan c, List<Member> members) {
        int hosts = Math.min(c.hosts().size(), c.nodes());
        for (int h = 0; h < hosts; h++) {
            int nodes = c.nodes() / hosts + (h < c.nodes() % hosts ? 1 : 0); // node k runs on host k mod hosts
            String name = hosts == 1 ? c.name() : c.name() + "-h" + h;
            members.add(new Member(c, c.hosts().get(h), nodes, name, members.isEmpty(), 1));
        }
    }

    /**
     * The one member of the clusters in this JVM. A JVM holds one {@code PoolMain} at a time: each
     * closes the transport all nodes of the JVM share when it ends, under the feet of any other
     * (whose in-VM registry address then stays taken). So the clusters here are one
     * {@code PoolMain} with {@code --cluster-layout}, which takes one number of workers.
     */
    private Member inJvm(boolean master) {
        List<ClusterPlan> here = inJvmClusters();
        ClusterPlan first = here.get(0);
        if (here.size() == 1) {
            return new Member(first, null, first.nodes(), first.name(), master, 1);
        }
        for (ClusterPlan c : here) {
            if (c.workers() != first.workers()) {
                throw new IllegalArgumentException(plan.origin() + ": clusters " + here.stream().map(ClusterPlan::name)
                        .toList() + " all run in this JVM, which holds one PoolMain at a time, with one number of "
                        + "workers per node; cluster " + c.name() + " has " + c.workers() + ", cluster " + first.name()
                        + " " + first.workers() + "; place the others in PROCESSES");
            }
        }
        int nodes = here.stream().mapToInt(ClusterPlan::nodes).sum();
        ClusterPlan all = new ClusterPlan(first.name(), nodes, first.workers(), Placement.IN_JVM, List.of(), List.of());
        return new Member(all, null, nodes, first.name(), master, here.size());
    }

    private List<ClusterPlan> inJvmClusters() {
        return plan.clusters().stream().filter(c -> c.placement() == Placement.IN_JVM).toList();
    }

    /** Whether every node runs in this JVM, so that the pool can stay on in-VM channels. */
    public boolean allInJvm() {
        return plan.clusters().stream().allMatch(c -> c.placement() == Placement.IN_JVM);
    }

    /** Whether any cluster runs on other hosts (over ssh, or where SLURM puts it). */
    private boolean anyRemote() {
        return plan.clusters().stream().anyMatch(c -> c.placement() == Placement.SSH || c.placement() == Placement.SLURM);
    }

    private boolean anySlurm() {
        return plan.clusters().stream().anyMatch(c -> c.placement() == Placement.SLURM);
    }

    /**
     * Where the master writes the registry's address for the SLURM tasks, which start together and
     * cannot wait to be told it: beside the statistics, in the run directory (shared with the nodes).
     */
    public static Path registryFile(Path stats) {
        return stats.resolveSibling("registry.txt");
    }

    /**
     * How long SLURM tasks wait for the registry's address, and the master for every node: as long
     * as jobs may wait in the queue, which the run's timeout bounds (PoolMain's largest value).
     */
    static final int QUEUE_SECONDS = 86_400;

    /** Where the master's registry listens: in-VM, on loopback, or on every interface when hosts must reach it. */
    public String registryListen() {
        if (allInJvm()) {
            return "local://" + plan.pool() + "/registry";
        }
        return anyRemote() ? "tcp://0.0.0.0:0" : "tcp://127.0.0.1:0";
    }

    /**
     * The interface a member's nodes listen on: in-VM, loopback, or every interface when hosts
     * must reach them. Never the ssh destination: that may be an alias of {@code ~/.ssh/config},
     * {@code user@host}, or a host only a jump host reaches, none of them an interface.
     */
    String listenHost(Member m) {
        if (allInJvm()) {
            return "local";
        }
        return anyRemote() ? "0.0.0.0" : "127.0.0.1";
    }

    /** Where others reach a member's nodes; null when its processes find that themselves. */
    String advertise(Member m) {
        return announcing.advertise(m);
    }

    /**
     * {@code PoolMain}'s arguments for a member.
     *
     * @param registry   the registry to join, or null for the master
     * @param secretFile where it reads the secret ({@code /dev/stdin} over ssh)
     * @param stats      where the master (or a member that takes its place) writes the statistics; over ssh
     *                   they come back on its stderr instead ({@code PoolMain.STATS_ON_STDERR}), which the
     *                   launcher writes there
     */
    public List<String> poolArgs(Member m, String registry, String secretFile, Path stats) {
        ClusterPlan c = m.cluster();
        boolean slurm = m.placement() == Placement.SLURM;
        List<String> a = new ArrayList<>(List.of("--pool", plan.pool()));
        if (secretFile != null) { // SLURM tasks: SATIN_SECRET, which sbatch and srun pass on
            a.addAll(List.of("--secret-file", secretFile));
        }
        a.addAll(List.of("--cluster", c.name(), "--nodes", Integer.toString(slurm ? 1 : m.nodes()),
                "--workers", Integer.toString(c.workers()), "--balancer", plan.balancer(), "--wan", plan.wan(),
                "--name", m.name(), "--host", listenHost(m)));
        String advertise = advertise(m);
        if (advertise != null) {
            a.addAll(List.of("--advertise", advertise));
        }
        if (relays != null) {
            a.addAll(List.of("--relays", relays));
            if (!m.master()) {
                a.addAll(List.of("--registry-cluster", plan.clusters().get(0).name()));
            }
        }
        if (m.clusters() > 1) {
            a.addAll(List.of("--cluster-layout", String.join(",", inJvmClusters().stream()
                    .map(k -> k.name() + ":" + k.nodes()).toList())));
        }
        if (slurm) { // srun starts one command as every task: the rank names the nodes and picks the master
            a.addAll(List.of("--rank-from", "SLURM_PROCID", "--wait-seconds", Integer.toString(QUEUE_SECONDS)));
        }
        // over ssh a path would be the remote host's: the statistics come back on the stderr the launcher reads
        String statsTo = m.placement() == Placement.SSH ? satin.launch.PoolMain.STATS_ON_STDERR : stats.toString();
        if (m.master()) {
            a.addAll(List.of("--registry-listen", registryListen(), "--wait-for", Integer.toString(plan.nodes()),
                    "--stats", statsTo));
            if (plan.minNodes() > 0) {
                a.addAll(List.of("--min-nodes", Integer.toString(plan.minNodes())));
            }
            if (anySlurm()) {
                a.addAll(List.of("--registry-file", registryFile(stats).toString()));
            }
            if (anySlurm() && !slurm) {
                a.addAll(List.of("--wait-seconds", Integer.toString(QUEUE_SECONDS)));
            }
        } else {
            // any member may be elected master when the master dies, and then writes the statistics
            String join = slurm ? "file:" + registryFile(stats) : registry;
            a.addAll(List.of("--registry", join, "--stats", statsTo));
        }
        if (c.placement() != Placement.IN_JVM) {
            a.add("--exit-with-parent");
        }
        a.add(plan.app().mainClass());
        a.addAll(plan.app().args());
        return a;
    }

    /** Whether {@code m}'s JVM writes the class-data archive: a master started here, the one JVM of a run that can. */
    static boolean trainsArchive(Member m) {
        return m.master() && m.placement() == Placement.PROCESSES;
    }

    /**
     * The local command of a process member: java, the cluster's JVM options, the agent if the
     * program brings classes of its own, the class path (satin's, then the program's), PoolMain.
     */
    public List<String> javaCommand(Member m, List<String> poolArgs) {
        List<String> command = new ArrayList<>();
        command.add(java);
        // before the cluster's own options, so that theirs (-Xshare:off, say) win
        command.addAll(archive.options(trainsArchive(m)));
        command.addAll(m.cluster().jvmOptions());
        String cp = classPath;
        if (!plan.app().classPath().isEmpty()) {
            command.add("-javaagent:" + agentJar);
            cp = classPath + File.pathSeparator + ProgramClassPath.join(plan.app().classPath());
        }
        command.addAll(List.of("-cp", cp, POOL_MAIN));
        command.addAll(poolArgs);
        return command;
    }

    /**
     * The ssh command of a member on another host: the java command, quoted for the remote shell,
     * run from the same working directory. The shell {@code exec}s java, so that java's parent is
     * the ssh session itself: when the launcher kills its ssh client (or dies), the session ends
     * and {@code --exit-with-parent} ends java, where a shell left waiting would keep it alive;
     * {@code --parent "$PPID"} names the session while the shell still knows it.
     */
    public List<String> sshCommand(Member m, List<String> poolArgs) {
        return sshCommand(m.cluster(), m.sshHost(), javaCommand(m, poolArgs), POOL_MAIN);
    }

    List<String> sshCommand(ClusterPlan c, String host, List<String> javaCommand, String mainClass) {
        StringBuilder remote = new StringBuilder("cd ").append(quote(workDir.toString())).append(" && exec");
        boolean named = false;
        for (String word : javaCommand) {
            remote.append(' ').append(quote(word));
            if (word.equals(mainClass) && !named) {
                // the shell's parent is the ssh session, which ends with the ssh client; java, which takes
                // the shell's place, ends with it even when it was gone before java could look
                remote.append(" --parent \"$PPID\"");
                named = true;
            }
        }
        List<String> command = new ArrayList<>(List.of(ssh, "-o", "BatchMode=yes"));
        command.addAll(c.sshOptions());
        command.addAll(List.of(host, remote.toString()));
        return command;
    }

    /** Where ssh reaches host {@code host} with cluster {@code c}'s options (or its {@code address:}); null if unknown. */
    String reachedAt(ClusterPlan c, String host) {
        return announcing.reachedAt(c, host);
    }

    /** The java command of a class of satin's own (not a member's): no archive, no agent, no JVM options. */
    List<String> satinJava(String mainClass) {
        return new ArrayList<>(List.of(java, "-cp", classPath, mainClass));
    }

    /** A word for a POSIX shell: left alone when it is plainly safe, single-quoted otherwise. */
    static String quote(String word) {
        if (!word.isEmpty() && word.chars().allMatch(ch -> Character.isLetterOrDigit(ch) || "-_./:=,@%+".indexOf(ch) >= 0)) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
