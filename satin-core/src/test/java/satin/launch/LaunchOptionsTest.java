package satin.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's command line: defaults, what goes to main, and a mistake named by its option. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LaunchOptionsTest {

    private static LaunchOptions parse(String... args) {
        return LaunchOptions.parse(args, Map.of());
    }

    private static void assertRefused(String message, String... args) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> parse(args)).getMessage());
    }

    @Test
    void aBadNumberIsNamedWithItsOption() {
        assertRefused("--nodes needs a number, not 'x'", "--nodes", "x", "Main");
        assertRefused("--workers must be between 1 and 4096, not 0", "--workers", "0", "Main");
        assertRefused("--wait-seconds must be between 1 and 86400, not -3", "--wait-seconds", "-3", "Main");
    }

    /** The last of two used to win without a word: --nodes 2 ... --nodes 3 started three. */
    @Test
    void anOptionGivenTwiceIsNamed() {
        assertRefused("--nodes is given twice; give each option once", "--nodes", "2", "--nodes", "3", "Main");
        assertRefused("--no-master is given twice; give each option once", "--no-master", "--no-master", "Main");
        assertEquals(List.of("--nodes", "3"), parse("--nodes", "2", "Main", "--nodes", "3").mainArgs(),
                "after the main class, everything is main's");
    }

    /**
     * Values the pool would find wrong only after main started on the master (an empty pool name,
     * a registry address that is none), or that would lose the statistics at the end of the run (a
     * directory, or a file in a directory that is not there), are named before anything starts.
     */
    @Test
    void valuesThePoolWouldRefuseLateAreNamedFirst(@TempDir Path dir) {
        assertRefused("--pool needs a name without spaces or '/', not ''", "--pool", "", "Main");
        assertRefused("--pool needs a name without spaces or '/', not 'a b'", "--pool", "a b", "Main");
        assertRefused("--registry: bad address 'garbage': expected tcp://host:port or local://name", "--registry",
                "garbage", "--secret", "s", "Main");
        assertRefused("--registry-listen: bad address 'tcp://x': expected tcp://host:port or local://name",
                "--registry-listen", "tcp://x", "Main");
        assertRefused("--stats " + dir + " is a directory; expected a file to write the statistics to", "--stats",
                dir.toString(), "Main");
        assertRefused("--stats " + dir.resolve("no/such.json") + ": there is no directory " + dir.resolve("no"),
                "--stats", dir.resolve("no/such.json").toString(), "Main");
        assertEquals(dir.resolve("s.json").toString(), parse("--stats", dir.resolve("s.json").toString(), "Main")
                .statsFile());
        assertEquals("satin-stats.json", parse("Main").statsFile(), "the working directory's");
    }

    /** An unknown host has no message of its own: its kind is named, never "null". */
    @Test
    void aRegistryThatCannotListenSaysWhy() throws InterruptedException {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = PoolMain.run(new String[] {"--registry-only", "--registry-listen", "tcp://999.1.1.1:7000", "--secret",
            "s"}, new java.io.PrintStream(new java.io.ByteArrayOutputStream()), new java.io.PrintStream(err, true));
        assertEquals(1, code, err::toString);
        assertTrue(err.toString().contains("cannot start the registry at tcp://999.1.1.1:7000: UnresolvedAddressException"),
                err::toString);
    }

    @Test
    void anOptionWithoutItsValueIsNamed() {
        assertRefused("--pool needs a value", "--pool");
        assertRefused("--cluster needs a value", "--cluster", "--nodes", "2", "Main");
    }

    @Test
    void anUnknownOptionIsNamed() {
        assertRefused("unknown option --bogus", "--bogus", "Main");
    }

    @Test
    void aMainClassIsNeededUnlessOnlyARegistryIsServed() {
        assertRefused("no main class given", "--nodes", "2");
        assertRefused("--registry-only runs no main class, but Main was given", "--registry-only", "Main");
        assertRefused("--registry-only serves a registry; it cannot join one (--registry)", "--registry-only",
                "--registry", "tcp://h:1", "--secret", "s");
    }

    @Test
    void aPoolSharedWithOtherProcessesNeedsASecret() {
        String message = "a pool shared with other processes needs a secret: give --secret-file FILE or SATIN_SECRET";
        assertRefused(message, "--registry", "tcp://h:1", "Main");
        assertRefused(message, "--registry-only");
        assertRefused(message, "--secret", "", "--registry-only");
    }

    @Test
    void theDefaultsAreOneNodeWithOneWorkerEmbeddingTheRegistry() {
        LaunchOptions o = parse("Main");
        assertEquals("satin", o.pool());
        assertNull(o.registry());
        assertEquals("tcp://127.0.0.1:0", o.registryListen());
        assertFalse(o.registryOnly());
        assertEquals(List.of(1, 1, 0, 60), List.of(o.nodes(), o.workers(), o.waitFor(), o.waitSeconds()));
        assertEquals("local", o.cluster());
        assertEquals("tcp://127.0.0.1:0", o.listenAddress(0));
        assertEquals("satin-stats.json", o.statsFile());
        assertTrue(o.wantsMaster());
        assertFalse(o.exitWithParent());
        assertEquals("Main", o.mainClass());
        assertEquals(List.of(), o.mainArgs());
    }

    @Test
    void withoutASecretAPrivatePoolMakesOneUp() {
        LaunchOptions a = parse("Main");
        assertTrue(a.secretMadeUp());
        assertTrue(a.secret().matches("[0-9a-f]{32}"), a.secret());
        assertFalse(a.secret().equals(parse("Main").secret()), "a made-up secret is not guessable from another");
    }

    @Test
    void everythingAfterTheMainClassGoesToMain() {
        LaunchOptions o = parse("--nodes", "3", "Main", "--nodes", "x", "--bogus", "-");
        assertEquals(3, o.nodes());
        assertEquals(List.of("--nodes", "x", "--bogus", "-"), o.mainArgs());
    }

    /** srun starts the same command as every task: the rank names the nodes, and only rank 0 embeds the registry. */
    @Test
    void aRankFromTheEnvironmentNamesTheNodesAndSendsAllButRankZeroToTheRegistryFile() {
        String[] args = {"--name", "east", "--rank-from", "SLURM_PROCID", "--registry-file", "/run/reg", "--wait-for", "4",
            "Main"};
        LaunchOptions first = LaunchOptions.parse(args, Map.of("SLURM_PROCID", "0", "SATIN_SECRET", "s"));
        assertNull(first.registry(), "rank 0 embeds the registry");
        assertEquals("/run/reg", first.registryFile());
        assertEquals("east-0-0", first.nodeName(0));
        LaunchOptions third = LaunchOptions.parse(args, Map.of("SLURM_PROCID", "2", "SATIN_SECRET", "s"));
        assertEquals("file:/run/reg", third.registry());
        assertEquals("east-2-1", third.nodeName(1));
        assertEquals("--rank-from SLURM_PROCID: the environment has no SLURM_PROCID (srun sets SLURM_PROCID for each "
                + "task it starts)", assertThrows(IllegalArgumentException.class,
                        () -> LaunchOptions.parse(args, Map.of())).getMessage());
        assertEquals("--rank-from SLURM_PROCID: SLURM_PROCID is 'x', not a rank (a whole number >= 0)",
                assertThrows(IllegalArgumentException.class,
                        () -> LaunchOptions.parse(args, Map.of("SLURM_PROCID", "x"))).getMessage());
        assertEquals("--rank-from needs --registry-file, where rank 0 writes the registry's address for the other ranks",
                assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(new String[] {"--rank-from", "R",
                    "Main"}, Map.of("R", "1"))).getMessage());
    }

    @Test
    void everyOptionIsTaken() {
        LaunchOptions o = parse("--pool", "p", "--registry-listen", "tcp://0.0.0.0:7000", "--cluster", "das",
                "--host", "local", "--name", "n", "--wait-for", "4", "--stats", "-", "--no-master", "--exit-with-parent",
                "--workers", "8", "--parent", "4711", "--advertise", "east-0", "Main");
        assertEquals(List.of("p", "tcp://0.0.0.0:7000", "das", "n", "-"),
                List.of(o.pool(), o.registryListen(), o.cluster(), o.namePrefix(), o.statsFile()));
        assertEquals(List.of(4, 8), List.of(o.waitFor(), o.workers()));
        assertFalse(o.wantsMaster());
        assertTrue(o.exitWithParent());
        assertEquals(4711, o.parentPid());
        assertEquals("east-0", o.advertise());
        assertTrue(o.inVmOnly());
        assertEquals("local://p/n-2", o.listenAddress(2));
    }

    @Test
    void theSecretComesFromTheEnvironmentUnlessGiven() {
        Map<String, String> env = Map.of("SATIN_SECRET", "from-env");
        LaunchOptions shared = LaunchOptions.parse(new String[] {"--registry", "tcp://h:1", "Main"}, env);
        assertEquals("from-env", shared.secret());
        assertFalse(shared.secretMadeUp());
        assertEquals("given", LaunchOptions.parse(new String[] {"--secret", "given", "Main"}, env).secret());
    }

    @Test
    void aSecretOnTheCommandLineWorksButIsWarnedAbout() {
        LaunchOptions given = parse("--secret", "s3cret", "--registry-only");
        assertEquals("s3cret", given.secret());
        assertEquals(List.of(LaunchOptions.SECRET_ON_COMMAND_LINE), given.warnings());
        assertTrue(given.warnings().get(0).contains("--secret-file") && given.warnings().get(0).contains("SATIN_SECRET"));
        LaunchOptions fromEnv = LaunchOptions.parse(new String[] {"--registry-only"}, Map.of("SATIN_SECRET", "s3cret"));
        assertEquals("s3cret", fromEnv.secret());
        assertEquals(List.of(), fromEnv.warnings());
    }

    @Test
    void theWarningIsPrintedBeforeAnythingElse() throws InterruptedException {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = PoolMain.run(new String[] {"--secret", "s3cret", "no.such.Main"},
                new java.io.PrintStream(new java.io.ByteArrayOutputStream()), new java.io.PrintStream(err, true));
        assertEquals(2, code, "the main class is not there");
        assertTrue(err.toString().startsWith("satin: warning: " + LaunchOptions.SECRET_ON_COMMAND_LINE + "\n"), err::toString);
    }

    @Test
    void aSecretFileIsReadAndStripped(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("secret"), "  s3cret \n\n");
        LaunchOptions o = parse("--secret-file", file.toString(), "--registry-only");
        assertEquals("s3cret", o.secret());
        assertFalse(o.secretMadeUp());
        assertEquals(List.of(), o.warnings(), "a secret file is the way");
    }

    @Test
    void aSecretFileThatCannotBeReadIsNamed(@TempDir Path dir) {
        String missing = dir.resolve("missing").toString();
        var e = assertThrows(IllegalArgumentException.class, () -> parse("--secret-file", missing, "Main"));
        assertEquals("cannot read the secret file " + missing + ": there is no such file", e.getMessage());
    }

    /** A file that cannot be read is not a usage mistake: it is named without the usage text. */
    @Test
    void aMissingSecretFileIsNamedWithoutTheUsage(@TempDir Path dir) throws InterruptedException {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = PoolMain.run(new String[] {"--secret-file", dir.resolve("missing").toString(), "Main"},
                new java.io.PrintStream(new java.io.ByteArrayOutputStream()), new java.io.PrintStream(err, true));
        assertEquals(2, code);
        assertEquals("satin: cannot read the secret file " + dir.resolve("missing") + ": there is no such file\n",
                err.toString());
    }

    @Test
    void balancerWanAndClustersAreReadAndTheirMistakesNamed() {
        LaunchOptions o = parse("--nodes", "8", "--clusters", "4", "--cluster", "site", "--balancer", "CRS",
                "--wan", "10ms/100KB/s", "Main");
        assertEquals("CRS", o.balancer().get().name());
        assertEquals(10_000_000L, o.wan().spec("site-0", "site-1").latencyNanos());
        assertEquals(List.of("site-0", "site-0", "site-1", "site-1", "site-2", "site-2", "site-3", "site-3"),
                java.util.stream.IntStream.range(0, 8).mapToObj(o::clusterOf).toList());
        assertEquals(List.of("site-0-0", "site-0-1", "site-1-0", "site-1-1"),
                java.util.stream.IntStream.range(0, 4).mapToObj(o::nodeName).toList());
        assertEquals("local", parse("Main").clusterOf(3));
        assertEquals("east-3", parse("--name", "east", "--nodes", "4", "Main").nodeName(3), "one cluster: the process's name");
        assertEquals("RS", parse("Main").balancer().get().name(), "RS by default");
        assertFalse(parse("Main").wan().emulates());
        assertRefused("no balancer called 'XS'; there are [RS, RP, CHS, CLS, CRS, LL, DUAL, SPN, SHIS, SND, HIS,"
                + " RANGE, CATAPULT, RAND, MINIMA]", "--balancer", "XS", "Main");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("--wan", "fast", "Main")).getMessage()
                .contains("WAN link 'fast'"));
    }

    @Test
    void theCoalescingWindowIsReadAndAMistakeNamed() {
        assertEquals("200us", parse("--coalesce", "200us", "Main").coalesce());
        assertEquals(null, parse("Main").coalesce(), "unset: -Dsatin.coalesce decides");
        assertEquals("--coalesce=2s: expected off or a window from 1us to 100ms", assertThrows(
                IllegalArgumentException.class, () -> parse("--coalesce", "2s", "Main")).getMessage());
    }

    @Test
    void theTlsPolicyIsReadAndAMistakeNamed() {
        assertEquals(satin.net.TlsPolicy.ALL, parse("--tls", "all", "Main").tls());
        assertEquals(null, parse("Main").tls(), "unset: -Dsatin.tls decides");
        assertEquals("--tls=never: expected wan, all or off", assertThrows(IllegalArgumentException.class,
                () -> parse("--tls", "never", "Main")).getMessage());
    }

    @Test
    void aClusterLayoutNamesEachNodesClusterAndSetsTheNodes() {
        LaunchOptions o = parse("--cluster-layout", "east:2,west:1", "Main");
        assertEquals(3, o.nodes());
        assertEquals(java.util.List.of("east", "east", "west"),
                java.util.List.of(o.clusterOf(0), o.clusterOf(1), o.clusterOf(2)));
        assertEquals(java.util.List.of("east-0", "east-1", "west-0"),
                java.util.List.of(o.nodeName(0), o.nodeName(1), o.nodeName(2)), "each node named after its own cluster");
        IllegalArgumentException twice = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> parse("--cluster-layout", "a:1,a:2", "Main"));
        org.junit.jupiter.api.Assertions.assertTrue(twice.getMessage().contains("not 'a:2' in 'a:1,a:2'"), twice.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> parse("--cluster-layout", "a:x", "Main"));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> parse("--cluster-layout", "a:1", "--clusters", "2", "Main"));
    }
}
