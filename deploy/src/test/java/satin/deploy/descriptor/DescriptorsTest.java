package satin.deploy.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.RunPlan;
import satin.deploy.plan.SlurmPlan;

class DescriptorsTest {

    private static final Map<String, String> NO_ENV = Map.of();

    private static Descriptor parse(String yaml) {
        return Descriptors.parse(yaml, "d.yaml", NO_ENV, Path.of("."));
    }

    private static String problems(String yaml) {
        return assertThrows(DescriptorException.class, () -> parse(yaml)).getMessage();
    }

    @Test
    void aFullDescriptorBecomesThePlanItSays() {
        Descriptor d = parse("""
                pool: paper
                secret: s3cret
                clusters:
                  - name: A
                    nodes: 16
                    workers: 2
                    where: processes
                    jvmOptions: [-Xmx1g, -Dx=y]
                  - name: B
                    nodes: 8
                    where: ssh
                    hosts: [n1, user@n2]
                wan:
                  default: {latency: 100ms, bandwidth: 100KB/s}
                  links:
                    - {from: A, to: B, latency: 10ms, bandwidth: 1MB/s, jitter: 2ms}
                app:
                  name: fib
                  args: [30]
                balancer:
                  name: rp
                  settings: {threshold: 8, inFlight: 2}
                output: out/dir
                """);
        RunPlan expected = new RunPlan("paper", "s3cret", List.of(
                new ClusterPlan("A", 16, 2, Placement.PROCESSES, List.of(), List.of("-Xmx1g", "-Dx=y")),
                new ClusterPlan("B", 8, 1, Placement.SSH, List.of("n1", "user@n2"), List.of(), Map.of(), List.of(), null,
                        Map.of("n1", "d.yaml:12", "user@n2", "d.yaml:12"))),
                "A>B=10ms/1MB/s/2ms,*=100ms/100KB/s", new AppPlan("fib", "satin.apps.fib.Fib", List.of("30")),
                "RP:threshold=8,inFlight=2", Path.of("out/dir"), "d.yaml");
        assertEquals(expected, d.plan(), "the hosts with the line each is written on, for messages about them");
        assertTrue(d.comparison().isEmpty());
    }

    @Test
    void aHostMayNameTheAddressItsNodesAreReachedAtBesideItsSshDestinationAndSshGetsOptions() {
        Descriptor d = parse("""
                secret: s
                clusters:
                  - name: A
                    nodes: 3
                    where: ssh
                    hosts: [east-alias, {ssh: me@west-alias, address: 10.0.0.5}, {ssh: n3}]
                    sshOptions: [-F, /etc/satin/ssh_config]
                app: {name: fib, args: [30]}
                """);
        ClusterPlan a = d.plan().clusters().get(0);
        assertEquals(List.of("-F", "/etc/satin/ssh_config"), a.sshOptions());
        assertEquals(List.of("east-alias", "me@west-alias", "n3"), a.hosts());
        assertEquals(Map.of("me@west-alias", "10.0.0.5"), a.addresses());
    }

    /** A pool short of its plan fails, unless the descriptor says how few nodes may run main. */
    @Test
    void minNodesSaysHowFewNodesMayRunMainAndIsRefusedAboveThePlan() {
        String clusters = "secret: s\nclusters: [{name: A, nodes: 3}, {name: B, nodes: 2}]\napp: {name: fib, args: [30]}\n";
        assertEquals(0, parse(clusters).plan().minNodes(), "every node, unless said otherwise");
        assertEquals(5, parse(clusters).plan().requiredNodes());
        assertEquals(4, parse(clusters + "minNodes: 4\n").plan().requiredNodes());
        String tooMany = problems(clusters + "minNodes: 6\n");
        assertTrue(tooMany.contains("d.yaml:4:11: minNodes: found 6; expected at most the 5 nodes of the clusters"),
                tooMany);
        assertTrue(problems(clusters + "minNodes: 0\n").contains("minNodes"), "at least one node runs main");
    }

    @Test
    void aSlurmClusterAsksForWhatItsSlurmMappingSays() {
        Descriptor d = parse("""
                secret: s
                clusters:
                  - {name: A, nodes: 8, workers: 2, where: slurm, slurm: {partition: batch, nodes: 2, tasksPerNode: 4,
                     time: '0:30:00', account: proj, sbatchOptions: [--exclusive]}}
                  - {name: B, nodes: 2, where: slurm}
                app: {name: fib, args: [30]}
                """);
        assertEquals(new SlurmPlan("batch", 2, 4, "0:30:00", "proj", List.of("--exclusive")),
                d.plan().clusters().get(0).slurm());
        assertEquals(SlurmPlan.defaults(), d.plan().clusters().get(1).slurm());
    }

    @Test
    void clustersNamingOneHetJobAreItsComponents() {
        Descriptor d = parse("""
                secret: s
                clusters:
                  - {name: A, nodes: 2, where: slurm, slurm: {partition: east, hetJob: grid}}
                  - {name: B, nodes: 2, where: slurm, slurm: {partition: west, hetJob: grid}}
                  - {name: C, nodes: 1, where: slurm}
                app: {name: fib, args: [30]}
                """);
        assertEquals(new SlurmPlan("east", null, null, null, null, List.of(), "grid"), d.plan().clusters().get(0).slurm());
        assertEquals("grid", d.plan().clusters().get(1).slurm().hetJob());
        assertEquals(null, d.plan().clusters().get(2).slurm().hetJob(), "a job of its own");
    }

    @Test
    void whatIsLeftOutTakesItsDefault() {
        Descriptor d = Descriptors.parse("""
                clusters: [{name: only, nodes: 3}]
                app: {mainClass: org.example.Main}
                """, "d.yaml", Map.of("SATIN_SECRET", "from-env"), Path.of("."));
        assertEquals(new RunPlan("satin", "from-env", List.of(new ClusterPlan("only", 3, 1, Placement.IN_JVM, List.of(),
                List.of())), "none", new AppPlan("org.example.Main", "org.example.Main", List.of()), "RS",
                Path.of("satin-results"), "d.yaml"), d.plan());
    }

    @Test
    void aPoolInThisJvmWithoutSecretGetsARandomOne() {
        String yaml = "clusters: [{name: A, nodes: 1}]\napp: {name: fib, args: small}\n";
        String first = parse(yaml).plan().secret();
        assertEquals(32, first.length());
        assertTrue(!first.equals(parse(yaml).plan().secret()), "two reads made the same random secret");
        assertEquals(List.of("small"), parse(yaml).plan().app().args());
    }

    @Test
    void aSecretFileIsReadBesideTheDescriptor(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("pool.secret"), "  hidden\n");
        Files.writeString(dir.resolve("d.yaml"), """
                secretFile: pool.secret
                clusters: [{name: A, nodes: 2, where: processes}]
                app: {name: fib, args: [20]}
                """);
        Descriptor d = Descriptors.read(dir.resolve("d.yaml"));
        assertEquals("hidden", d.plan().secret());
        assertEquals(dir.resolve("d.yaml").toString(), d.plan().origin());
    }

    @Test
    void wanAndBalancerMayBeWrittenAsTheRuntimeWritesThem() {
        Descriptor d = parse("""
                clusters: [{name: A, nodes: 1}, {name: B, nodes: 1}]
                wan: A>B=10ms/100KB/s, *=50ms/1MB/s
                app: {name: fib, args: [20]}
                balancer: cls:threshold=4
                """);
        assertEquals("A>B=10ms/100KB/s, *=50ms/1MB/s", d.plan().wan());
        assertEquals("CLS:threshold=4", d.plan().balancer());
    }

    @Test
    void aComparisonIsTheMatrixOfItsLists() {
        Descriptor d = parse("""
                clusters: [{name: A, nodes: 2}, {name: B, nodes: 3}]
                wan: 10ms/100KB/s
                app: {name: fib, args: [20]}
                balancer: CRS
                output: res
                compare:
                  balancers: [RS, {name: RP, settings: {threshold: 4}}]
                  wan: [single-cluster, {default: {latency: 1ms, bandwidth: 1MB/s}}]
                  repetitions: 3
                """);
        Comparison c = d.comparison().orElseThrow();
        assertEquals(List.of(d.plan().app()), c.apps());
        assertEquals(List.of("RS", "RP:threshold=4"), c.balancers());
        assertEquals(List.of(Comparison.SINGLE_CLUSTER, "1ms/1MB/s"), c.wans());
        List<Comparison.Cell> cells = c.cells(d.plan());
        assertEquals(12, cells.size());
        Comparison.Cell first = cells.get(0);
        assertEquals(List.of(new ClusterPlan("all", 5, 1, Placement.IN_JVM, List.of(), List.of())), first.plan().clusters());
        assertEquals("none", first.plan().wan());
        assertEquals("RS", first.plan().balancer());
        assertEquals(Path.of("res/001-fib-RS-wan1-rep1"), first.plan().outputDir());
        Comparison.Cell last = cells.get(11);
        assertEquals(d.plan().clusters(), last.plan().clusters());
        assertEquals("1ms/1MB/s", last.plan().wan());
        assertEquals("RP:threshold=4", last.plan().balancer());
        assertEquals(3, last.repetition());
        assertEquals(Path.of("res/012-fib-RP_threshold=4-wan2-rep3"), last.plan().outputDir());
    }

    @Test
    void aComparisonWithAndWithoutStealHalfNamesTheChunkInTheBalancer() {
        Descriptor d = parse("""
                clusters: [{name: A, nodes: 2}, {name: B, nodes: 2}]
                app: {name: fib, args: [20]}
                compare:
                  balancers: [CRS, {name: CRS, settings: {chunk: half}}, 'RS:chunk=4']
                """);
        assertEquals(List.of("CRS", "CRS:chunk=half", "RS:chunk=4"), d.comparison().orElseThrow().balancers());
    }

    @Test
    void everyExampleReads() throws IOException {
        Path examples = Path.of("examples");
        List<Path> files;
        try (var s = Files.list(examples)) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 5, "examples found: " + files);
        for (Path f : files) {
            Descriptor d = Descriptors.parse(Files.readString(f), f.toString(), Map.of("SATIN_SECRET", "x"), examples);
            assertEquals(f.toString(), d.plan().origin());
        }
        RunPlan paper = Descriptors.parse(Files.readString(examples.resolve("local-4x16.yaml")), "x", NO_ENV, examples)
                .plan();
        assertEquals(64, paper.nodes());
        assertEquals(4, paper.clusters().size());
        assertEquals("100ms/100KB/s", paper.wan());
        assertEquals("CRS", paper.balancer());
        Descriptor compare = Descriptors.parse(Files.readString(examples.resolve("compare-rs-crs.yaml")), "x", NO_ENV,
                examples);
        assertEquals(16, compare.comparison().orElseThrow().cells(compare.plan()).size());
    }

    /** The descriptor excerpts the documentation shows for hosts over ssh read as they are written. */
    @Test
    void theSshExcerptsOfTheDocumentationRead() throws IOException {
        String clusters = yamlAfter(Path.of("examples/README.md"), "## Hosts over ssh");
        Descriptor d = parse("secret: s\n" + clusters + "app: {name: fib, args: [30]}\n");
        assertEquals(List.of("das-vu"), d.plan().clusters().get(0).hosts());
        assertEquals(Map.of("me@node2", "10.1.0.2"), d.plan().clusters().get(1).addresses());
        assertEquals(List.of("-J", "gateway.example.org"), d.plan().clusters().get(1).sshOptions());
        String hosts = yamlAfter(Path.of("../docs/deploying.md"), "Hosts over ssh are named as ssh knows them");
        d = parse("secret: s\nclusters:\n  - name: A\n    nodes: 2\n    where: ssh\n" + hosts.indent(4)
                + "app: {name: fib, args: [30]}\n");
        assertEquals(Map.of("me@node2", "10.1.0.2"), d.plan().clusters().get(0).addresses());
    }

    /** The front-end excerpt of the documentation reads as written; a front-end is for ssh clusters only, named by line. */
    @Test
    void aFrontEndIsReadForSshClustersAndRefusedElsewhere() throws IOException {
        String cluster = yamlAfter(Path.of("../docs/deploying.md"), "A cluster whose hosts have addresses only");
        ClusterPlan east = parse("secret: s\nclusters:\n" + cluster + "app: {name: fib, args: [30]}\n").plan().clusters()
                .get(0);
        assertEquals(new ClusterPlan.FrontEnd("gate", null, "d.yaml:3"), east.frontEnd());
        ClusterPlan withAddress = parse("secret: s\nclusters:\n  - {name: e, nodes: 1, where: ssh, hosts: [h],\n"
                + "     frontEnd: {ssh: me@gate, address: 192.0.2.7}}\napp: {name: fib, args: [30]}\n").plan().clusters()
                .get(0);
        assertEquals("me@gate", withAddress.frontEnd().ssh());
        assertEquals("192.0.2.7", withAddress.frontEnd().address());
        DescriptorException e = assertThrows(DescriptorException.class, () -> parse("secret: s\nclusters:\n"
                + "  - {name: e, nodes: 1, frontEnd: gate}\napp: {name: fib, args: [30]}\n"));
        assertTrue(e.getMessage().contains("d.yaml:3:") && e.getMessage().contains("found a front-end for a cluster not "
                + "started over ssh"), e.getMessage());
        e = assertThrows(DescriptorException.class, () -> parse("secret: s\nclusters:\n"
                + "  - {name: e, nodes: 1, where: ssh, hosts: [h], frontEnd: -oProxyCommand=x}\napp: {name: fib, args: [30]}\n"));
        assertTrue(e.getMessage().contains("not starting with '-'"), e.getMessage());
    }

    /** The descriptor excerpts the documentation shows for SLURM read as they are written. */
    @Test
    void theSlurmExcerptsOfTheDocumentationRead() throws IOException {
        Map<Path, String> excerpts = Map.of(Path.of("examples/README.md"), "## Clusters under SLURM",
                Path.of("../docs/deploying.md"), "On a SLURM cluster");
        for (Map.Entry<Path, String> e : excerpts.entrySet()) {
            Path doc = e.getKey();
            RunPlan plan = parse("secret: s\n" + yamlAfter(doc, e.getValue()) + "app: {name: fib, args: [30]}\n").plan();
            ClusterPlan compute = plan.clusters().get(0);
            assertEquals(Placement.SLURM, compute.placement(), doc.toString());
            assertEquals(new SlurmPlan("defq", 2, 8, "0:30:00", null, List.of()), compute.slurm(), doc.toString());
            assertEquals(Placement.SLURM, plan.clusters().get(1).placement(), doc.toString());
        }
        RunPlan het = parse("secret: s\n" + yamlAfter(Path.of("../docs/deploying.md"), "One heterogeneous job instead")
                + "app: {name: fib, args: [30]}\n").plan();
        assertEquals(List.of("grid", "grid"), het.clusters().stream().map(c -> c.slurm().hetJob()).toList());
    }

    /** The first fenced YAML block after the line that starts with {@code marker}. */
    private static String yamlAfter(Path markdown, String marker) throws IOException {
        List<String> lines = Files.readAllLines(markdown);
        int at = 0;
        while (at < lines.size() && !lines.get(at).startsWith(marker)) {
            at++;
        }
        while (at < lines.size() && !lines.get(at).equals("```yaml")) {
            at++;
        }
        StringBuilder block = new StringBuilder();
        for (int i = at + 1; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
            block.append(lines.get(i)).append('\n');
        }
        assertTrue(block.length() > 0, () -> "no yaml block after '" + marker + "' in " + markdown);
        return block.toString();
    }
}
