package satin.deploy.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad descriptors and the exact messages they earn: file, line, column, key path, found, expected. */
class DescriptorProblemsTest {

    /** Every application's name, as the message lists them: the list grows with the applications. */
    private static final String APPS = String.join(", ", satin.apps.Apps.names());

    private static void expect(String yaml, String... lines) {
        DescriptorException e = assertThrows(DescriptorException.class,
                () -> Descriptors.parse(yaml, "d.yaml", Map.of(), Path.of(".")));
        assertEquals(String.join("\n", lines), e.getMessage());
        assertEquals(lines.length, e.problems().size());
    }

    @Test
    void aMisspeltKeyIsNamedWithItsLikelyIntentAndTheMissingKeyToo() {
        expect("""
                pool: p
                clusters:
                  - name: A
                    nodse: 4
                app: {name: fib}
                """,
                "d.yaml:3:5: clusters[0].nodes: missing; expected the number of nodes (a whole number >= 1)",
                "d.yaml:4:5: clusters[0].nodse: unknown key 'nodse'; did you mean 'nodes'? expected one of name, nodes, "
                        + "workers, where, hosts, sshOptions, slurm, jvmOptions, frontEnd");
    }

    @Test
    void countsDuplicateNamesAndUnknownAppsAreAllReportedInFileOrder() {
        expect("""
                clusters:
                  - name: A
                    nodes: 0
                  - name: A
                    nodes: many
                    workers: -1
                app: {name: fibb}
                """,
                "d.yaml:3:12: clusters[0].nodes: found '0'; expected the number of nodes (a whole number >= 1)",
                "d.yaml:4:11: clusters[1].name: found 'A' again (first on line 2); expected a name no other cluster has",
                "d.yaml:5:12: clusters[1].nodes: found 'many'; expected the number of nodes (a whole number >= 1)",
                "d.yaml:6:14: clusters[1].workers: found '-1'; expected worker threads per node (a whole number from 1 to 4096)",
                "d.yaml:7:13: app.name: found 'fibb', which is no application; did you mean 'fib'? expected one of " + APPS
                        + " (or mainClass: for another program)");
    }

    /**
     * A pool's name becomes part of its run directory's: pool: ../../x wrote the run's files two
     * directories above output:. And more workers than a node can have used to pass the descriptor
     * and be refused by the pool launcher with its usage, naming no file or line.
     */
    @Test
    void aPoolNameThatIsAPathAndMoreWorkersThanANodeHasAreNamed() {
        expect("""
                pool: ../../elsewhere
                clusters:
                  - name: A
                    nodes: 2
                    workers: 100000
                app: {name: fib}
                """,
                "d.yaml:1:7: pool: found '../../elsewhere'; expected a name of letters, digits, '_', '.' or '-' that starts "
                        + "with a letter or digit",
                "d.yaml:5:14: clusters[0].workers: found '100000'; expected worker threads per node (a whole number from 1 "
                        + "to 4096)");
    }

    /** A host that starts with '-' is an option to ssh: -oProxyCommand=... would run a command here. */
    @Test
    void aHostThatSshWouldTakeForAnOptionIsRefused() {
        expect("""
                clusters:
                  - name: A
                    nodes: 2
                    where: ssh
                    hosts: ['-oProxyCommand=touch /tmp/x', {ssh: -oProxyCommand=id, address: 10.0.0.5}]
                app: {name: fib}
                """,
                "d.yaml:5:13: clusters[0].hosts[0]: found '-oProxyCommand=touch /tmp/x'; expected an ssh destination like "
                        + "node1, user@node2 or an alias of ~/.ssh/config (not starting with '-')",
                "d.yaml:5:50: clusters[0].hosts[1].ssh: found '-oProxyCommand=id'; expected an ssh destination like "
                        + "node1, user@node2 or an alias of ~/.ssh/config (not starting with '-')");
    }

    /** A file that is not UTF-8 is named at its first byte that is not, and a path that is no file as what it is. */
    @Test
    void aDescriptorThatIsNoUtf8TextOrNoFileIsNamedWhereItIsWrong(@TempDir Path dir) throws Exception {
        Path latin1 = Files.write(dir.resolve("latin1.yaml"),
                "clusters: [{name: A, nodes: 2}]\napp: {name: \"caf\u00e9\"}\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        DescriptorException e = assertThrows(DescriptorException.class, () -> Descriptors.read(latin1));
        assertEquals(latin1 + ":2:17: found the byte 0xE9, which is not UTF-8; expected a descriptor in UTF-8", e.getMessage());
        e = assertThrows(DescriptorException.class, () -> Descriptors.read(dir));
        assertEquals(dir + ":1:1: cannot read the descriptor: it is a directory", e.getMessage());
        Path missing = dir.resolve("missing.yaml");
        e = assertThrows(DescriptorException.class, () -> Descriptors.read(missing));
        assertEquals(missing + ":1:1: cannot read the descriptor: there is no such file", e.getMessage());
    }

    @Test
    void aMatrixThatNamesACellTwiceIsNamedWithItsLine() {
        expect("""
                clusters: [{name: A, nodes: 2}]
                app: {name: fib, args: [10]}
                compare:
                  balancers: [RS, {name: RS}]
                """,
                "d.yaml:4:3: compare: balancer 'RS' is the same as 'RS', given before: a matrix names each balancer once");
    }

    /** A main class of 20,000 parts is judged as a name, not by a StackOverflowError of the pattern that reads it. */
    @Test
    void aVeryLongMainClassIsRead() {
        String name = "a.".repeat(20_000) + "B";
        Descriptor d = Descriptors.parse("clusters: [{name: A, nodes: 2}]\napp: {mainClass: " + name + "}\n", "d.yaml",
                Map.of(), Path.of("."));
        assertEquals(name, d.plan().app().mainClass());
    }

    @Test
    void sshNeedsHostsAndPlacementsAndClassNamesAreChecked() {
        expect("""
                clusters:
                  - name: A
                    nodes: 2
                    where: ssh
                  - name: B
                    nodes: 2
                    where: sssh
                app: {mainClass: 1bad}
                """,
                "d.yaml:2:5: clusters[0].hosts: missing; expected the host names like node1 or user@node2 that where: ssh "
                        + "starts nodes on",
                "d.yaml:7:12: clusters[1].where: found 'sssh'; did you mean 'ssh'? expected one of jvm, processes, ssh, slurm",
                "d.yaml:8:18: app.mainClass: found '1bad'; expected a fully qualified class name like "
                        + "satin.apps.synthetic.SyntheticTree");
    }

    @Test
    void badDurationsBandwidthsAndClusterNamesInTheWan() {
        expect("""
                clusters: [{name: A, nodes: 1}, {name: B, nodes: 1}]
                wan:
                  default: {latency: 10 mins, bandwidth: 100KB}
                  links:
                    - {from: A, to: C, latency: 1ms, bandwidth: 1MB/s}
                app: {name: fib, args: [1]}
                """,
                "d.yaml:3:22: wan.default.latency: found '10 mins'; expected a duration like 250ns, 2us, 10ms, 90s, 30m or 1h",
                "d.yaml:3:42: wan.default.bandwidth: found '100KB'; expected a bandwidth like 100KB/s (B, KB, MB or GB "
                        + "per second)",
                "d.yaml:5:21: wan.links[0].to: found 'C', which no cluster is called; did you mean 'A'? expected the name "
                        + "of a cluster (A, B)");
    }

    @Test
    void wanTextIsCheckedByWanLinksItself() {
        expect("""
                clusters: [{name: A, nodes: 1}]
                app: {name: fib, args: [1]}
                wan: 10ms/1KB/s, *=5ms/1MB/s
                """,
                "d.yaml:3:6: wan: WAN link '10ms/1KB/s' names no clusters (A>B=...)");
    }

    @Test
    void wanTextMayOnlyNameTheDescriptorsClusters() {
        expect("""
                clusters: [{name: left, nodes: 1}, {name: right, nodes: 1}]
                app: {name: fib, args: [1]}
                wan: left>rigth=10ms/1KB/s, *=5ms/1MB/s
                """,
                "d.yaml:3:6: wan: found a link naming 'rigth', which no cluster is called; did you mean 'right'? expected "
                        + "cluster names (left, right)");
    }

    @Test
    void aDescriptorThatCannotBeReadIsNamed() {
        DescriptorException e = assertThrows(DescriptorException.class,
                () -> Descriptors.read(Path.of("no-such-descriptor.yaml")));
        assertEquals("no-such-descriptor.yaml:1:1: cannot read the descriptor: there is no such file", e.getMessage());
    }

    @Test
    void anUnknownBalancerGetsASuggestion() {
        expect("""
                clusters: [{name: A, nodes: 1}]
                app: {name: fib, args: [1]}
                balancer: CSR
                """,
                "d.yaml:3:11: balancer: found 'CSR', which is no balancer; did you mean 'CRS'? expected one of RS, RP, "
                        + "CHS, CLS, CRS, LL, DUAL, SPN, SHIS, SND, HIS, RANGE, CATAPULT, RAND, MINIMA");
    }

    @Test
    void aBadBalancerSettingIsReportedWhereItIsWithTheBalancersMessage() {
        expectBalancerProblem("RP", "{threshold: many}",
                "d.yaml:5:25: balancer.settings.threshold: RP setting threshold needs a number, not 'many'");
        expectBalancerProblem("RP", "{thresold: 3}", "d.yaml:5:14: balancer.settings.thresold: RP has no setting thresold");
        expectBalancerProblem("CRS", "{chunk: all}", "d.yaml:5:21: balancer.settings.chunk: CRS setting chunk must be 1,"
                + " half, or a number of jobs up to 64, not 'all'");
    }

    /** A descriptor whose balancer is {@code name} with {@code settings} (line 5), and its one problem. */
    private static void expectBalancerProblem(String name, String settings, String problem) {
        expect("clusters: [{name: A, nodes: 1}]\napp: {name: fib, args: [1]}\nbalancer:\n  name: " + name
                + "\n  settings: " + settings + "\n", problem);
    }

    @Test
    void aYamlSyntaxErrorHasItsPlace() {
        expect("""
                clusters:
                  - name: A
                    nodes: [1
                app: x
                """,
                "d.yaml:4:4: YAML syntax: expected ',' or ']', but got : (while parsing a flow sequence)");
    }

    @Test
    void wrongTypesAndUnknownPresets() {
        expect("""
                clusters: {name: A}
                app: {name: fib, args: huge}
                """,
                "d.yaml:1:11: clusters: found a mapping; expected a list of clusters, each with a name and nodes",
                "d.yaml:2:24: app.args: found 'huge', which is no preset of fib; expected one of large, medium, small, "
                        + "or a list of arguments like [huge]");
    }

    @Test
    void processesNeedASecret() {
        expect("""
                clusters: [{name: A, nodes: 1, where: processes}]
                app: {name: fib, args: [1]}
                """,
                "d.yaml:1:1: secret: missing; expected secret:, secretFile: or the environment variable SATIN_SECRET "
                        + "(nodes outside this JVM must prove the pool's secret)");
    }

    @Test
    void anAppIsANameOrAMainClassNotBoth() {
        expect("""
                clusters: [{name: A, nodes: 1}]
                app: {name: fib, mainClass: x.Y}
                outptu: x
                """,
                "d.yaml:2:6: app: found both name and mainClass; expected one of them (name: one of " + APPS
                        + ", or mainClass: a class with a main method)",
                "d.yaml:3:1: outptu: unknown key 'outptu'; did you mean 'output'? expected one of pool, secret, "
                        + "secretFile, clusters, minNodes, wan, app, balancer, output, compare, mode, simulate");
    }

    @Test
    void aComparisonIsCheckedAsCarefullyAsTheRun() {
        expect("""
                clusters: [{name: A, nodes: 1, workers: 2}, {name: B, nodes: 1}]
                app: {name: fib, args: [1]}
                compare:
                  wan: [single-cluster, 10ms]
                  repetitions: 0
                  balancers: []
                """,
                "d.yaml:4:9: compare.wan[0]: found single-cluster for clusters that differ in workers or where; expected "
                        + "clusters that differ only in name and nodes, so that one cluster can stand for them",
                "d.yaml:4:25: compare.wan[1]: WAN link '10ms' is not LATENCY/BANDWIDTH[/JITTER], for example "
                        + "10ms/100KB/s or 100ms/1MB/s/5ms, where LATENCY and JITTER are each a duration like 250ns, 2us, 10ms, "
                        + "90s, 30m or 1h",
                "d.yaml:5:16: compare.repetitions: found '0'; expected how often each run repeats (a whole number >= 1)",
                "d.yaml:6:14: compare.balancers: found an empty list; expected at least one of balancers like CRS or "
                        + "{name: RP, settings: {threshold: 8}}");
    }

    @Test
    void hostsOutsideSshAndRepeatedKeys() {
        expect("""
                clusters: [{name: A, nodes: 1, hosts: [h], sshOptions: [-v]}]
                clusters: []
                app: {name: fib, args: [1]}
                """,
                "d.yaml:1:32: clusters[0].hosts: found hosts for a cluster with where: jvm; expected hosts only with "
                        + "where: ssh",
                "d.yaml:1:44: clusters[0].sshOptions: found ssh options for a cluster not started over ssh; expected them "
                        + "only with where: ssh",
                "d.yaml:2:1: clusters: found a second 'clusters' (the first is on line 1); expected each key once");
    }

    @Test
    void aHostMappingNeedsItsSshDestinationAndAnAddressThatIsOne() {
        expect("""
                secret: s
                clusters:
                  - name: A
                    nodes: 2
                    where: ssh
                    hosts: [{address: 10.0.0.5}, {ssh: h2, address: 'a b'}, {ssh: h3, adress: x}]
                app: {name: fib, args: [1]}
                """,
                "d.yaml:6:13: clusters[0].hosts[0].ssh: missing; expected an ssh destination like node1, user@node2 or an "
                        + "alias of ~/.ssh/config (not starting with '-')",
                "d.yaml:6:53: clusters[0].hosts[1].address: found 'a b'; expected a host name or IP address like "
                        + "east-0.example.org or 10.0.0.5, where other nodes reach its nodes",
                "d.yaml:6:71: clusters[0].hosts[2].adress: unknown key 'adress'; did you mean 'address'? expected one of "
                        + "ssh, address");
    }

    @Test
    void slurmSettingsAreCheckedAndOnlyForSlurm() {
        expect("""
                secret: s
                clusters:
                  - {name: A, nodes: 9, where: slurm, slurm: {nodes: 2, tasksPerNode: 4, time: soon, partiton: x}}
                  - {name: B, nodes: 1, where: processes, slurm: {partition: x}}
                app: {name: fib, args: [1]}
                """,
                "d.yaml:3:80: clusters[0].slurm.time: found 'soon'; expected a time limit in SLURM's forms: minutes, "
                        + "MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS",
                "d.yaml:3:86: clusters[0].slurm.partiton: unknown key 'partiton'; did you mean 'partition'? expected one "
                        + "of partition, nodes, tasksPerNode, time, account, sbatchOptions, hetJob",
                "d.yaml:4:43: clusters[1].slurm: found SLURM settings for a cluster not placed there; expected them only "
                        + "with where: slurm");
        expect("""
                secret: s
                clusters: [{name: A, nodes: 9, where: slurm, slurm: {nodes: 2, tasksPerNode: 4}}]
                app: {name: fib, args: [1]}
                """,
                "d.yaml:2:78: clusters[0].slurm.tasksPerNode: found 2 machines x 4 tasks, fewer than the cluster's 9 "
                        + "nodes; expected room for one task per node");
        expect("""
                secret: s
                clusters: [{name: A, nodes: 9, where: slurm, slurm: {hetJob: 'my grid'}}]
                app: {name: fib, args: [1]}
                """,
                "d.yaml:2:62: clusters[0].slurm.hetJob: found 'my grid'; expected a name the clusters of one "
                        + "heterogeneous job share, like grid");
    }

    @Test
    void aDocumentThatIsNoMappingOrEmpty() {
        expect("- a\n- b\n", "d.yaml:1:1: found a list; expected a mapping with pool, secret, secretFile, clusters, minNodes, wan, "
                + "app, balancer, output, compare, mode, simulate");
        expect("# nothing\n", "d.yaml:1:1: found an empty document; expected a mapping with clusters and app");
    }

    @Test
    void wanLinksBetweenOneClusterAndItselfOrTwiceAreRefused() {
        expect("""
                clusters: [{name: A, nodes: 1}, {name: B, nodes: 1}]
                app: {name: fib, args: [1]}
                wan:
                  links:
                    - {from: A, to: A, latency: 1ms, bandwidth: 1MB/s}
                    - {from: A, to: B, latency: 1ms, bandwidth: 1MB/s}
                    - {from: A, to: B, latency: 2ms, bandwidth: 1MB/s}
                """,
                "d.yaml:5:21: wan.links[0].to: found 'A', the same as from; expected another cluster (links inside a "
                        + "cluster are not emulated)",
                "d.yaml:7:7: wan.links[2]: found a second link from A to B (the first on line 6); expected one per "
                        + "direction");
    }

    @Test
    void anUnreadableSecretFileIsNamed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("d.yaml");
        Files.writeString(file, "secretFile: missing.secret\nclusters: [{name: A, nodes: 1}]\napp: {name: fib, args: [1]}\n");
        DescriptorException e = assertThrows(DescriptorException.class, () -> Descriptors.read(file));
        List<Problem> problems = e.problems();
        assertEquals(1, problems.size());
        Problem p = problems.get(0);
        assertEquals(List.of(file.toString(), 1, 13, "secretFile"), List.of(p.origin(), p.line(), p.column(), p.path()));
        assertEquals("cannot read 'missing.secret' (NoSuchFileException: " + dir.resolve("missing.secret")
                + "); expected a readable file holding the pool's secret, relative to the descriptor", p.message());
    }

    @Test
    void aClassPathIsResolvedAgainstTheDescriptorAndEveryEntryThatIsNotThereIsNamed(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("classes"));
        Files.writeString(dir.resolve("lib.jar"), "");
        DescriptorException e = assertThrows(DescriptorException.class, () -> Descriptors.parse("""
                clusters: [{name: A, nodes: 1}]
                app:
                  mainClass: my.Main
                  classpath: [classes, lib.jar, missing, {a: b}]
                compare:
                  apps:
                    - {mainClass: my.Main, classpath: "classes::gone.jar"}
                """, "d.yaml", Map.of(), dir));
        assertEquals(String.join("\n",
                "d.yaml:4:33: app.classpath[2]: found 'missing', which is no directory or jar (" + dir.resolve("missing")
                        + " does not exist); expected directories and jars, as a list or separated by ':', relative to the descriptor",
                "d.yaml:4:42: app.classpath[3]: found a mapping; expected directories and jars, as a list or separated by "
                        + "':', relative to the descriptor",
                "d.yaml:7:39: compare.apps[0].classpath: found '', which is no directory or jar (an empty entry); expected "
                        + "directories and jars, as a list or separated by ':', relative to the descriptor",
                "d.yaml:7:39: compare.apps[0].classpath: found 'gone.jar', which is no directory or jar ("
                        + dir.resolve("gone.jar") + " does not exist); expected directories and jars, as a list or "
                        + "separated by ':', relative to the descriptor"), e.getMessage());
    }

    @Test
    void aGoodClassPathBecomesAbsolutePathsInThePlan(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("classes"));
        Files.writeString(dir.resolve("lib.jar"), "");
        var plan = Descriptors.parse("clusters: [{name: A, nodes: 1}]\napp: {mainClass: my.Main, classpath: 'classes:lib.jar'}\n",
                "d.yaml", Map.of(), dir).plan();
        assertEquals(List.of(dir.resolve("classes").toAbsolutePath(), dir.resolve("lib.jar").toAbsolutePath()),
                plan.app().classPath());
    }
}
