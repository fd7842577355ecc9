package satin.deploy.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;
import satin.deploy.plan.SlurmPlan;

class CommandBuilderTest {

    private static final String JAVA = "/opt/jdk/bin/java";
    private static final String CP = "/home/me/satin/a.jar:/home/me/satin/b c.jar";

    private static RunPlan twoHosts() {
        ClusterPlan a = new ClusterPlan("ams", 3, 2, Placement.SSH, List.of("me@h1", "h2"), List.of("-Xmx1g"));
        ClusterPlan b = new ClusterPlan("del", 1, 1, Placement.PROCESSES, List.of(), List.of());
        return new RunPlan("grid", "s3cret", List.of(a, b), "10ms/100KB/s", new AppPlan("fib", "satin.apps.fib.Fib",
                List.of("30")), "CRS", Path.of("/tmp/out"), "test");
    }

    private static CommandBuilder builder(RunPlan plan) {
        return new CommandBuilder(plan, JAVA, CP, Path.of("/home/me/satin"), "launcher.example");
    }

    @Test
    void nodesOfAnSshClusterAreSpreadOverItsHostsInTurn() {
        List<CommandBuilder.Member> members = builder(twoHosts()).members();
        assertEquals(3, members.size());
        assertEquals(List.of("ams-h0", "ams-h1", "del"), members.stream().map(CommandBuilder.Member::name).toList());
        assertEquals(List.of(2, 1, 1), members.stream().map(CommandBuilder.Member::nodes).toList());
        assertEquals(List.of(true, false, false), members.stream().map(CommandBuilder.Member::master).toList());
    }

    @Test
    void theRegistryAndTheNodesListenEverywhereAndNeverAtTheSshDestination() {
        CommandBuilder b = builder(twoHosts());
        assertEquals("tcp://0.0.0.0:0", b.registryListen());
        for (CommandBuilder.Member m : b.members()) {
            List<String> args = b.poolArgs(m, m.master() ? null : "tcp://h1:4711", "/dev/stdin", Path.of("s"));
            assertEquals("0.0.0.0", args.get(args.indexOf("--host") + 1), args.toString());
        }
    }

    /** An alias of ~/.ssh/config, a user@ destination: where the ssh client goes, not where nodes are reached. */
    @Test
    void aHostWithAnAddressIsAnnouncedThereAndOneWithoutFindsItsOwn() {
        ClusterPlan a = new ClusterPlan("ams", 2, 1, Placement.SSH, List.of("ams-login", "me@ams-2"), List.of(),
                Map.of("ams-login", "10.0.0.5"), List.of("-F", "my config"), null);
        CommandBuilder b = builder(new RunPlan("grid", "s", List.of(a), "none", new AppPlan("fib", "F", List.of()), "RS",
                Path.of("o"), "test"));
        List<CommandBuilder.Member> m = b.members();
        List<String> first = b.poolArgs(m.get(0), null, "/dev/stdin", Path.of("s"));
        assertEquals("10.0.0.5", first.get(first.indexOf("--advertise") + 1));
        assertFalse(b.poolArgs(m.get(1), "tcp://10.0.0.5:1", "/dev/stdin", Path.of("s")).contains("--advertise"),
                "its process announces its own address on the way to the registry");
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "-F", "my config", "ams-login"),
                b.sshCommand(m.get(0), first).subList(0, 6), "ssh goes to the alias, with the cluster's options");
    }

    /** ssh -G's answers, made up: each alias leads to the address given. */
    private static SshDestinations.Resolver leadingTo(Map<String, String> addresses) {
        return (options, destination) -> addresses.containsKey(destination)
                ? SshDestinations.resolve(addresses.get(destination)) : null;
    }

    private static RunPlan aliases(List<String> hosts, String lines) {
        Map<String, String> written = new java.util.HashMap<>();
        for (int i = 0; i < hosts.size(); i++) {
            written.put(hosts.get(i), lines + ":" + (5 + i));
        }
        ClusterPlan a = new ClusterPlan("east", hosts.size(), 1, Placement.SSH, hosts, List.of(), Map.of(), List.of(),
                null, written);
        return new RunPlan("grid", "s", List.of(a), "none", new AppPlan("fib", "F", List.of()), "RS", Path.of("o"),
                "test");
    }

    /**
     * An alias names a host only through its HostName, which ssh -G tells: that is where the other
     * hosts reach it, even when the host's own name resolves nowhere (and it would announce
     * itself as localhost).
     */
    @Test
    void aHostNamedByAnAliasIsAnnouncedWhereSshReachesIt() {
        CommandBuilder b = builder(aliases(List.of("east-1", "east-2"), "grid.yaml"))
                .withDestinations(leadingTo(Map.of("east-1", "10.213.7.11", "east-2", "10.213.7.12")));
        List<CommandBuilder.Member> m = b.members();
        List<String> master = b.poolArgs(m.get(0), null, "/dev/stdin", Path.of("s"));
        assertEquals("10.213.7.11", master.get(master.indexOf("--advertise") + 1), master.toString());
        List<String> other = b.poolArgs(m.get(1), "tcp://10.213.7.11:1", "/dev/stdin", Path.of("s"));
        assertEquals("10.213.7.12", other.get(other.indexOf("--advertise") + 1), other.toString());
    }

    /**
     * A pool over several hosts with a host that ssh reaches at a loopback address is refused
     * before anything starts, naming the host, where it is written and what to write instead.
     */
    @Test
    void aLoopbackHostInAPoolOverSeveralHostsIsRefusedBeforeAnythingStarts() {
        CommandBuilder b = builder(aliases(List.of("east-1", "east-2"), "grid.yaml"))
                .withDestinations(leadingTo(Map.of("east-1", "10.213.7.11", "east-2", "127.0.0.1")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::members);
        assertEquals("grid.yaml:6: host east-2 of cluster east is reached at 127.0.0.1, a loopback address, but the "
                + "pool spans hosts: give the address the other hosts reach it at, as {ssh: east-2, address: HOST}",
                e.getMessage());
        CommandBuilder oneMachine = builder(aliases(List.of("east-1", "east-2"), "grid.yaml"))
                .withDestinations(leadingTo(Map.of("east-1", "127.0.0.1", "east-2", "localhost")));
        assertEquals(2, oneMachine.members().size(), "every host on this machine: loopback is where they meet");
    }

    /** A pool short of its plan fails unless the plan says how few may run main. */
    @Test
    void theMasterWaitsForEveryNodeAndRunsWithFewerOnlyWhenThePlanSaysSo() {
        RunPlan plan = twoHosts();
        List<String> every = builder(plan).poolArgs(builder(plan).members().get(0), null, "/dev/stdin", Path.of("s"));
        assertEquals("4", every.get(every.indexOf("--wait-for") + 1));
        assertFalse(every.contains("--min-nodes"), every.toString());
        CommandBuilder fewer = builder(plan.withMinNodes(3));
        List<String> degraded = fewer.poolArgs(fewer.members().get(0), null, "/dev/stdin", Path.of("s"));
        assertEquals("3", degraded.get(degraded.indexOf("--min-nodes") + 1), degraded.toString());
        assertThrows(IllegalArgumentException.class, () -> plan.withMinNodes(5), "more than the plan's 4 nodes");
    }

    @Test
    void theExactSshCommandLinesOfATwoHostPlan() {
        CommandBuilder b = builder(twoHosts());
        List<CommandBuilder.Member> m = b.members();
        Path stats = Path.of("/tmp/out/run/stats.json");
        List<String> master = b.sshCommand(m.get(0), b.poolArgs(m.get(0), null, "/dev/stdin", stats));
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "me@h1", "cd /home/me/satin && exec /opt/jdk/bin/java -Xmx1g -cp "
                + "'/home/me/satin/a.jar:/home/me/satin/b c.jar' satin.launch.PoolMain --parent \"$PPID\" --pool grid --secret-file /dev/stdin"
                + " --cluster ams --nodes 2 --workers 2 --balancer CRS --wan 10ms/100KB/s --name ams-h0 --host 0.0.0.0"
                + " --registry-listen tcp://0.0.0.0:0 --wait-for 4 --stats stderr: --exit-with-parent"
                + " satin.apps.fib.Fib 30"), master);
        List<String> second = b.sshCommand(m.get(1), b.poolArgs(m.get(1), "tcp://h1:4711", "/dev/stdin", stats));
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "h2", "cd /home/me/satin && exec /opt/jdk/bin/java -Xmx1g -cp "
                + "'/home/me/satin/a.jar:/home/me/satin/b c.jar' satin.launch.PoolMain --parent \"$PPID\" --pool grid --secret-file /dev/stdin"
                + " --cluster ams --nodes 1 --workers 2 --balancer CRS --wan 10ms/100KB/s --name ams-h1 --host 0.0.0.0"
                + " --registry tcp://h1:4711 --stats stderr: --exit-with-parent satin.apps.fib.Fib 30"), second);
    }

    @Test
    void aLocalProcessOfAPlanWithHostsIsAnnouncedAtThisHostsName() {
        CommandBuilder b = builder(twoHosts());
        CommandBuilder.Member del = b.members().get(2);
        List<String> expected = new ArrayList<>(List.of(JAVA, "-cp", CP, "satin.launch.PoolMain", "--pool", "grid",
                "--secret-file", "/tmp/secret", "--cluster", "del", "--nodes", "1", "--workers", "1", "--balancer", "CRS",
                "--wan", "10ms/100KB/s", "--name", "del", "--host", "0.0.0.0", "--advertise", "launcher.example", "--registry", "tcp://h1:4711",
                "--stats", "x", "--exit-with-parent", "satin.apps.fib.Fib", "30"));
        assertEquals(expected, b.javaCommand(del, b.poolArgs(del, "tcp://h1:4711", "/tmp/secret", Path.of("x"))),
                "a local process may take the master's place, and then writes the statistics where the master would");
    }

    private static RunPlan twoSlurmClusters() {
        ClusterPlan east = new ClusterPlan("east", 3, 2, Placement.SLURM, List.of(), List.of("-Xmx1g"), Map.of(), List.of(),
                new SlurmPlan("batch", 2, 2, "1:00:00", "proj", List.of("--exclusive")));
        ClusterPlan west = new ClusterPlan("west", 2, 1, Placement.SLURM, List.of(), List.of());
        return new RunPlan("grid", "s3cret", List.of(east, west), "none", new AppPlan("fib", "satin.apps.fib.Fib",
                List.of("30")), "CRS", Path.of("/shared/out"), "test");
    }

    /** srun starts one command line as every task: the rank names the nodes, and only rank 0 of the master's embeds the registry. */
    @Test
    void aSlurmClusterIsOneMemberWhoseTasksFindTheRegistryThroughAFile() {
        CommandBuilder b = builder(twoSlurmClusters());
        List<CommandBuilder.Member> m = b.members();
        assertEquals(List.of("east", "west"), m.stream().map(CommandBuilder.Member::name).toList());
        Path stats = Path.of("/shared/out/run/stats.json");
        assertEquals(List.of("--pool", "grid", "--cluster", "east", "--nodes", "1", "--workers", "2", "--balancer", "CRS",
                "--wan", "none", "--name", "east", "--host", "0.0.0.0", "--rank-from", "SLURM_PROCID", "--wait-seconds",
                "86400", "--registry-listen", "tcp://0.0.0.0:0", "--wait-for", "5", "--stats", stats.toString(),
                "--registry-file", "/shared/out/run/registry.txt", "--exit-with-parent", "satin.apps.fib.Fib", "30"),
                b.poolArgs(m.get(0), null, null, stats), "no secret file: SATIN_SECRET comes through sbatch and srun");
        List<String> west = b.poolArgs(m.get(1), null, null, stats);
        assertEquals("file:/shared/out/run/registry.txt", west.get(west.indexOf("--registry") + 1));
        assertEquals(stats.toString(), west.get(west.indexOf("--stats") + 1), "the nodes share the run directory");
    }

    @Test
    void aSlurmJobAsksForWhatTheDescriptorSaysAndItsScriptSrunsOneTaskPerNode() {
        CommandBuilder b = builder(twoSlurmClusters());
        CommandBuilder.Member east = b.members().get(0);
        Path run = Path.of("/shared/out/grid-1");
        assertEquals(List.of("sbatch", "--parsable", "--wait", "--job-name=satin-grid-1-east",
                "--chdir=/home/me/satin", "--output=/shared/out/grid-1/slurm-east.out",
                "--error=/shared/out/grid-1/slurm-east.err", "--ntasks=3", "--cpus-per-task=2", "--partition=batch",
                "--nodes=2", "--ntasks-per-node=2",
                "--time=1:00:00", "--account=proj", "--exclusive", "/shared/out/grid-1/slurm-east.sh"),
                SlurmJob.sbatch(east, run.resolve("slurm-east.sh"), run, Path.of("/home/me/satin")));
        String script = SlurmJob.script(east, List.of(JAVA, "-cp", CP, "satin.launch.PoolMain", "ARGS"), run, false);
        assertTrue(script.startsWith("#!/bin/sh\n"), script);
        assertTrue(script.endsWith("\nexec srun --job-name=satin-grid-1-east --ntasks=3 --cpus-per-task=2 "
                + "--kill-on-bad-exit=0 --output=/shared/out/grid-1/slurm-east-%t.out "
                + "--error=/shared/out/grid-1/slurm-east-%t.err /opt/jdk/bin/java -cp "
                + "'/home/me/satin/a.jar:/home/me/satin/b c.jar' satin.launch.PoolMain ARGS\n"), script);
        assertTrue(SlurmJob.script(east, List.of("java"), run, true).contains(" --overlap java"),
                "inside an allocation the clusters' steps share it");
    }

    /** Two clusters as the components of one heterogeneous job: one sbatch, each cluster an srun of its own component. */
    @Test
    void theClustersOfAHeterogeneousJobAreItsComponentsEachStartedByAnSrunOfItsOwn() {
        ClusterPlan east = new ClusterPlan("east", 3, 2, Placement.SLURM, List.of(), List.of(), Map.of(), List.of(),
                new SlurmPlan("batch", null, null, "30", "proj", List.of("--exclusive"), "grid"));
        ClusterPlan west = new ClusterPlan("west", 2, 1, Placement.SLURM, List.of(), List.of(), Map.of(), List.of(),
                new SlurmPlan("short", 1, 2, null, null, List.of(), "grid"));
        CommandBuilder b = builder(new RunPlan("grid", "s", List.of(east, west), "none", new AppPlan("fib",
                "satin.apps.fib.Fib", List.of("30")), "CRS", Path.of("/shared/out"), "test"));
        List<CommandBuilder.Member> m = b.members();
        Path run = Path.of("/shared/out/grid-1");
        assertEquals(List.of("sbatch", "--parsable", "--wait", "--job-name=satin-grid-1-grid", "--chdir=/home/me/satin",
                "--output=/shared/out/grid-1/slurm-grid.out", "--error=/shared/out/grid-1/slurm-grid.err", "--ntasks=3",
                "--cpus-per-task=2", "--partition=batch", "--time=30", "--account=proj", "--exclusive", ":", "--ntasks=2",
                "--cpus-per-task=1", "--partition=short", "--nodes=1", "--ntasks-per-node=2", "/shared/out/grid-1/slurm-grid.sh"),
                SlurmJob.hetSbatch(m, run.resolve("slurm-grid.sh"), run, Path.of("/home/me/satin")));
        String script = SlurmJob.hetScript(m, List.of(List.of("java", "EAST"), List.of("java", "WEST")), run);
        assertTrue(script.contains("\nsrun --het-group=0 --job-name=satin-grid-1-east --ntasks=3 --cpus-per-task=2 "
                + "--kill-on-bad-exit=0 --output=/shared/out/grid-1/slurm-east-%t.out "
                + "--error=/shared/out/grid-1/slurm-east-%t.err java EAST & p0=$!\n"), script);
        assertTrue(script.contains("\nsrun --het-group=1 --job-name=satin-grid-1-west --ntasks=2 --cpus-per-task=1 "), script);
        assertTrue(script.endsWith("wait $p0; c=$?; [ $code -ne 0 ] || code=$c\nwait $p1; c=$?; [ $code -ne 0 ] || "
                + "code=$c\nexit $code\n"), script);
    }

    /** The batch script of a heterogeneous job exits with the first failure of its components, whichever ends first. */
    @Test
    void aHeterogeneousJobsScriptExitsWithItsFirstComponentsFailure() throws Exception {
        CommandBuilder b = builder(twoSlurmClusters());
        Path run = Path.of("/shared/out/grid-1");
        String script = SlurmJob.hetScript(b.members(), List.of(List.of("x"), List.of("y")), run);
        String stubbed = script.replaceAll("(?m)^srun [^&]* x &", "sh -c 'sleep 0.2; exit 3' &")
                .replaceAll("(?m)^srun [^&]* y &", "sh -c 'exit 5' &");
        Process p = new ProcessBuilder("/bin/sh", "-c", stubbed).start();
        assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), stubbed);
        assertEquals(3, p.exitValue(), "component 0's failure comes first in the script's order: " + stubbed);
        Process ok = new ProcessBuilder("/bin/sh", "-c", stubbed.replace("exit 3", "exit 0")).start();
        assertTrue(ok.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(5, ok.exitValue(), stubbed);
    }

    private static RunPlan inJvm(ClusterPlan... clusters) {
        return new RunPlan("p", "s", List.of(clusters), "none", new AppPlan("fib", "F", List.of()), "RS", Path.of("o"),
                "plan.yaml");
    }

    @Test
    void clustersInThisJvmAreOnePoolMainOnInVmChannels() {
        CommandBuilder b = builder(inJvm(new ClusterPlan("g-0", 2, 3, Placement.IN_JVM, List.of(), List.of()),
                new ClusterPlan("g-1", 2, 3, Placement.IN_JVM, List.of(), List.of())));
        assertEquals("local://p/registry", b.registryListen());
        List<CommandBuilder.Member> members = b.members();
        assertEquals(1, members.size());
        assertEquals(List.of("--pool", "p", "--secret-file", "/s", "--cluster", "g-0", "--nodes", "4", "--workers", "3",
                "--balancer", "RS", "--wan", "none", "--name", "g-0", "--host", "local", "--cluster-layout", "g-0:2,g-1:2",
                "--registry-listen", "local://p/registry", "--wait-for", "4", "--stats", "o/stats.json", "F"),
                b.poolArgs(members.get(0), null, "/s", Path.of("o/stats.json")));
    }

    @Test
    void clustersInThisJvmOfAnyNamesAndSizesAreLaidOutByName() {
        CommandBuilder b = builder(inJvm(new ClusterPlan("east", 2, 1, Placement.IN_JVM, List.of(), List.of()),
                new ClusterPlan("west", 1, 1, Placement.IN_JVM, List.of(), List.of())));
        List<String> args = b.poolArgs(b.members().get(0), null, "/s", Path.of("o/stats.json"));
        assertEquals("east:2,west:1", args.get(args.indexOf("--cluster-layout") + 1));
        assertEquals("3", args.get(args.indexOf("--nodes") + 1));
    }

    @Test
    void clustersInThisJvmWithDifferentWorkersAreRefusedByName() {
        CommandBuilder b = builder(inJvm(new ClusterPlan("east", 2, 1, Placement.IN_JVM, List.of(), List.of()),
                new ClusterPlan("west", 1, 2, Placement.IN_JVM, List.of(), List.of())));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::members);
        assertTrue(e.getMessage().startsWith("plan.yaml: clusters [east, west] all run in this JVM"), e.getMessage());
        assertTrue(e.getMessage().contains("cluster west has 2, cluster east 1; place the others in PROCESSES"),
                e.getMessage());
    }

    @Test
    void processesOfThisHostAloneListenOnLoopback() {
        ClusterPlan a = new ClusterPlan("a", 1, 1, Placement.PROCESSES, List.of(), List.of());
        CommandBuilder b = builder(inJvm(a));
        assertEquals("tcp://127.0.0.1:0", b.registryListen());
        List<String> args = b.poolArgs(b.members().get(0), null, "/s", Path.of("s"));
        assertEquals("127.0.0.1", args.get(args.indexOf("--host") + 1));
        assertFalse(args.contains("--advertise"), args.toString());
    }

    @Test
    void wordsAreQuotedForTheRemoteShellOnlyWhenNeeded() {
        assertEquals("tcp://h:1", CommandBuilder.quote("tcp://h:1"));
        assertEquals("'a b'", CommandBuilder.quote("a b"));
        assertEquals("'it'\\''s'", CommandBuilder.quote("it's"));
        assertEquals("''", CommandBuilder.quote(""));
        assertEquals("'$HOME'", CommandBuilder.quote("$HOME"));
    }

    private static RunPlan programOfItsOwn(Placement where) {
        ClusterPlan a = new ClusterPlan("A", 2, 1, where, where == Placement.SSH ? List.of("h1") : List.of(), List.of());
        return new RunPlan("p", "s", List.of(a), "none", new AppPlan("my.Main", "my.Main", List.of("7"),
                List.of(Path.of("/home/me/prog/classes"), Path.of("/home/me/prog/lib.jar"))), "RS", Path.of("o"), "test");
    }

    @Test
    void aProgramOfItsOwnRunsWithTheAgentAndItsClassPathAfterSatins() {
        CommandBuilder b = builder(programOfItsOwn(Placement.PROCESSES)).withAgent(Path.of("/home/me/satin/satin-agent.jar"));
        CommandBuilder.Member m = b.members().get(0);
        List<String> command = b.javaCommand(m, List.of("ARGS"));
        assertEquals(List.of(JAVA, "-javaagent:/home/me/satin/satin-agent.jar", "-cp",
                CP + ":/home/me/prog/classes:/home/me/prog/lib.jar", "satin.launch.PoolMain", "ARGS"), command);
    }

    @Test
    void aProgramOfItsOwnInProcessesNeedsToKnowWhereTheAgentIs() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> builder(programOfItsOwn(Placement.SSH)).members());
        assertEquals("test: the program's own classes (/home/me/prog/classes:/home/me/prog/lib.jar) are rewritten in "
                + "processes by satin-agent.jar, and this JVM does not know where it is: -Dsatin.agentJar=PATH "
                + "(./satin sets it)", e.getMessage());
        assertEquals(1, builder(programOfItsOwn(Placement.IN_JVM)).members().size(), "in this JVM no agent is needed");
    }

    private static RunPlan behindFrontEnd(ClusterPlan third) {
        ClusterPlan west = new ClusterPlan("west", 1, 1, Placement.SSH, List.of("west-1"), List.of());
        ClusterPlan east = new ClusterPlan("east", 2, 1, Placement.SSH, List.of("east-1", "east-2"), List.of(), Map.of(),
                List.of("-F", "cfg"), null, Map.of(), new ClusterPlan.FrontEnd("gate", null, "grid.yaml:7"));
        List<ClusterPlan> clusters = third == null ? List.of(west, east) : List.of(west, east, third);
        return new RunPlan("grid", "s", clusters, "none", new AppPlan("fib", "F", List.of()), "RS", Path.of("o"), "test");
    }

    /**
     * The relay of a cluster behind a front-end starts over ssh on the front-end, ends with its
     * session, reads the secret from stdin, and may carry connections to the pool's hosts alone
     * (every member's and every front-end's address); every member is told the relays, and every
     * member but the master the registry's cluster.
     */
    @Test
    void aFrontEndsRelayCarriesToThePoolsHostsAndEveryMemberIsToldTheWay() {
        CommandBuilder b = builder(behindFrontEnd(null)).withDestinations(leadingTo(Map.of("west-1", "10.1.0.1",
                "east-1", "10.2.0.11", "east-2", "10.2.0.12", "gate", "10.1.0.9")));
        RunPlan plan = behindFrontEnd(null);
        ClusterPlan east = b.members().get(1).cluster();
        java.util.Set<String> hosts = FrontEnds.poolHosts(plan, b);
        assertEquals(java.util.Set.of("10.1.0.1", "10.2.0.11", "10.2.0.12", "10.1.0.9"), hosts);
        List<String> relay = FrontEnds.relayCommand(b, plan, east, hosts);
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "-F", "cfg", "gate"), relay.subList(0, 6));
        String remote = relay.get(6);
        assertTrue(remote.startsWith("cd /home/me/satin && exec /opt/jdk/bin/java -cp '" + CP + "' satin.launch.RelayMain"
                + " --parent \"$PPID\" --exit-with-parent --pool grid --secret-file /dev/stdin --hosts "), remote);
        assertTrue(remote.endsWith("--inside-toward 10.2.0.11"), remote);
        assertEquals("10.1.0.9", FrontEnds.frontEndAddress(b, east));
        String spec = "east=tcp://10.2.0.1:4000,tcp://10.1.0.9:4000";
        CommandBuilder told = b.withRelays(spec);
        for (CommandBuilder.Member m : told.members()) {
            List<String> args = told.poolArgs(m, m.master() ? null : "tcp://10.1.0.1:1", "/dev/stdin", Path.of("s"));
            assertEquals(spec, args.get(args.indexOf("--relays") + 1), args.toString());
            if (m.master()) {
                assertFalse(args.contains("--registry-cluster"), args.toString());
            } else {
                assertEquals("west", args.get(args.indexOf("--registry-cluster") + 1), args.toString());
            }
        }
        assertFalse(b.poolArgs(b.members().get(0), null, "/dev/stdin", Path.of("s")).contains("--relays"),
                "no relays before they listen");
    }

    /** A front-end whose address cannot be told, or one beside a SLURM cluster, is refused before anything starts. */
    @Test
    void aFrontEndThatCannotBeUsedIsRefusedBeforeAnythingStarts() {
        RunPlan plan = behindFrontEnd(null);
        CommandBuilder unknown = builder(plan).withDestinations(leadingTo(Map.of("west-1", "10.1.0.1", "east-1",
                "10.2.0.11", "east-2", "10.2.0.12")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FrontEnds.check(plan, unknown));
        assertEquals("grid.yaml:7: cannot tell where the other clusters reach front-end gate of cluster east (ssh -G "
                + "does not say): give it as {ssh: gate, address: HOST}", e.getMessage());
        RunPlan withSlurm = behindFrontEnd(new ClusterPlan("hpc", 2, 1, Placement.SLURM, List.of(), List.of()));
        CommandBuilder known = builder(withSlurm).withDestinations(leadingTo(Map.of("gate", "10.1.0.9")));
        e = assertThrows(IllegalArgumentException.class, () -> FrontEnds.check(withSlurm, known));
        assertTrue(e.getMessage().contains("cannot have SLURM clusters"), e.getMessage());
    }
}
