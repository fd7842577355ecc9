package satin.deploy.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;

class ClassDataArchiveTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    @TempDir
    Path dir;

    private final ByteArrayOutputStream noticeBytes = new ByteArrayOutputStream();
    private final PrintStream notices = new PrintStream(noticeBytes, true, StandardCharsets.UTF_8);

    /** The jars of this JVM's class path (satin-core, the applications, their libraries): what an installation runs. */
    private static String jars() {
        String jars = String.join(File.pathSeparator, Arrays.stream(System.getProperty("java.class.path")
                .split(File.pathSeparator)).filter(e -> e.endsWith(".jar")).toList());
        assumeTrue(jars.contains("satin-core") && jars.contains("apps"), "satin's modules as jars: " + jars);
        return jars;
    }

    private String notices() {
        return noticeBytes.toString(StandardCharsets.UTF_8);
    }

    /** {@code java OPTIONS -cp CP PoolMain --help}, as a process of a run starts; what it printed. */
    private static String runPoolMain(String java, String classPath, List<String> options) throws Exception {
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(options);
        command.addAll(List.of("-cp", classPath, CommandBuilder.POOL_MAIN, "--help"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "PoolMain --help ends");
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /** Leases in {@code dir}, trains with a master's options, and puts the archive in place. */
    private Path trained(String java, String classPath) throws Exception {
        ClassDataArchive a = ClassDataArchive.lease(java, classPath, dir, notices);
        assertTrue(a.training(), "no archive yet: this run trains it");
        assertTrue(a.options(false).isEmpty(), "only the master trains: " + a.options(false));
        runPoolMain(java, classPath, a.options(true));
        a.close(true);
        assertTrue(Files.isRegularFile(a.file()), notices());
        return a.file();
    }

    private static RunPlan twoProcesses(String pool, Path out) {
        List<ClusterPlan> clusters = List.of(new ClusterPlan("east", 1, 1, Placement.PROCESSES, List.of(), List.of(
                "-Xmx256m")), new ClusterPlan("west", 1, 1, Placement.PROCESSES, List.of(), List.of()));
        return new RunPlan(pool, "cds-test", clusters, "1ms/10000KB/s", new AppPlan("satin.apps.nqueens.NQueens",
                "satin.apps.nqueens.NQueens", List.of("10", "2")), "CRS", out, "ClassDataArchiveTest");
    }

    @Test
    @Timeout(120)
    void aSoundArchiveIsOnEveryProcessCommandLineBeforeTheClustersOptionsAndItsClassesAreMapped() throws Exception {
        String jars = jars();
        Path archive = trained(JAVA, jars);
        assertEquals(1, LauncherTest.count(notices(), "made the class-data archive"), notices());
        ClassDataArchive a = ClassDataArchive.lease(JAVA, jars, dir, notices);
        assertTrue(a.used(), "the archive trained is used");
        RunPlan plan = twoProcesses("cds-cmd", dir);
        CommandBuilder b = new CommandBuilder(plan, JAVA, jars, dir, "localhost").withArchive(a);
        for (CommandBuilder.Member m : b.members()) {
            List<String> c = b.javaCommand(m, List.of());
            int at = c.indexOf("-XX:SharedArchiveFile=" + archive);
            assertEquals(1, at, c.toString());
            if (m.name().equals("east")) {
                assertTrue(c.indexOf("-Xmx256m") > at, "the cluster's own options come after, and win: " + c);
            }
        }
        String loaded = runPoolMain(JAVA, jars, withClassLoading(a.options(false)));
        assertTrue(loaded.contains("satin.launch.PoolMain source: shared objects file"), loaded);
    }

    private static List<String> withClassLoading(List<String> options) {
        List<String> o = new ArrayList<>(options);
        o.add("-Xlog:class+load=info:stdout");
        return o;
    }

    @Test
    @Timeout(240)
    void aTruncatedArchiveIsSaidOnceAndRunsStillPrintWhatTheSequentialProgramPrints() throws Exception {
        String jars = jars();
        Path archive = trained(JAVA, jars);
        byte[] whole = Files.readAllBytes(archive);
        Files.write(archive, Arrays.copyOf(whole, whole.length / 3)); // a copy cut short: the JVM would crash on it
        RunPlan plan = twoProcesses("cds-cut", dir.resolve("runs"));
        String expected = LauncherTest.sequential(plan);
        PrintStream err = System.err;
        String before = System.getProperty(ClassDataArchive.DIR_PROPERTY);
        System.setProperty(ClassDataArchive.DIR_PROPERTY, dir.toString());
        System.setErr(notices);
        try {
            for (int run = 0; run < 2; run++) {
                RunOutcome o = new Launcher(Duration.ofSeconds(150)).start(plan,
                        new CommandBuilder(plan, JAVA, jars, dir, "localhost")).await();
                assertEquals(0, o.exitCode(), o::stderr);
                assertEquals(expected, o.stdout());
            }
        } finally {
            System.setErr(err);
            restore(ClassDataArchive.DIR_PROPERTY, before);
        }
        assertEquals(1, LauncherTest.count(notices(), "cannot be used"), notices());
        assertEquals(2, LauncherTest.count(notices(), "made the class-data archive"), "the first, and the one after the cut: "
                + notices());
        assertTrue(ClassDataArchive.lease(JAVA, jars, dir, notices).used(), notices());
    }

    @Test
    @Timeout(120)
    void anArchiveOfAnotherClassPathIsRefusedByName() throws Exception {
        String jars = jars();
        Path archive = trained(JAVA, jars);
        List<String> entries = new ArrayList<>(List.of(jars.split(File.pathSeparator)));
        java.util.Collections.reverse(entries);
        String reversed = String.join(File.pathSeparator, entries);
        Path other = dir.resolve("pool-" + ClassDataArchive.key(JAVA, reversed) + ".jsa");
        Files.copy(archive, other);
        ClassDataArchive a = ClassDataArchive.lease(JAVA, reversed, dir, notices);
        assertFalse(a.used());
        assertTrue(notices().contains(other + " cannot be used") && notices().contains("mismatch"), notices());
        assertFalse(Files.exists(other), "deleted, to be made again");
        a.close();
    }

    @Test
    @Timeout(120)
    void runsStartingAtOnceTrainOneArchive() throws Exception {
        String jars = jars();
        int runs = 8;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(runs);
        List<Future<ClassDataArchive>> leases = new ArrayList<>();
        try {
            for (int i = 0; i < runs; i++) {
                Callable<ClassDataArchive> lease = () -> {
                    go.await();
                    return ClassDataArchive.lease(JAVA, jars, dir, notices);
                };
                leases.add(pool.submit(lease));
            }
            go.countDown();
            List<ClassDataArchive> trainers = new ArrayList<>();
            for (Future<ClassDataArchive> f : leases) {
                ClassDataArchive a = f.get(60, TimeUnit.SECONDS);
                assertFalse(a.used(), "no archive existed");
                if (a.training()) {
                    trainers.add(a);
                }
            }
            assertEquals(1, trainers.size(), "one run trains");
            runPoolMain(JAVA, jars, trainers.get(0).options(true));
            trainers.get(0).close(true);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, LauncherTest.count(notices(), "made the class-data archive"), notices());
        assertTrue(ClassDataArchive.lease(JAVA, jars, dir, notices).used());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(f -> f.toString().contains(".tmp-")).toList(), "no training left");
        }
    }

    @Test
    void offOrAClassPathWithADirectoryMeansNoArchive() throws Exception {
        String jars = jars();
        String before = System.getProperty(ClassDataArchive.PROPERTY);
        System.setProperty(ClassDataArchive.PROPERTY, "off");
        try {
            assertEquals(List.of(), ClassDataArchive.lease(JAVA, jars, notices).options(true));
        } finally {
            restore(ClassDataArchive.PROPERTY, before);
        }
        ClassDataArchive withDirectory = ClassDataArchive.lease(JAVA, dir + File.pathSeparator + jars, notices);
        assertEquals(List.of(), withDirectory.options(true), "JDK 17 archives classes of jars only");
        assertFalse(ClassDataArchive.onlyJars(dir.toString()));
    }

    @Test
    @Timeout(120)
    void onJdk25TheArchiveIsMadeAndMappedToo() throws Exception {
        assumeTrue(Files.isExecutable(JDK_25), "no JDK 25 at " + JDK_25);
        String jars = jars();
        trained(JDK_25.toString(), jars);
        ClassDataArchive a = ClassDataArchive.lease(JDK_25.toString(), jars, dir, notices);
        assertTrue(a.used(), notices());
        String loaded = runPoolMain(JDK_25.toString(), jars, withClassLoading(a.options(false)));
        assertTrue(loaded.contains("satin.launch.PoolMain source: shared objects file"), loaded);
        try (ClassDataArchive ofJdk17 = ClassDataArchive.lease(JAVA, jars, dir, notices)) {
            assertFalse(ofJdk17.used(), "JDK 17 has an archive of its own");
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    /**
     * A run whose master runs over ssh has no process here to write the archive: the launcher trains
     * it in a JVM of its own, a small pool with TLS on its links, so that the TLS classes, which a
     * pool over hosts loads in every process, are mapped too. A run with a master here trains it itself.
     */
    @Test
    @Timeout(180)
    void aRunWithoutAMasterHereHasItsArchiveTrainedBesideItWithTheTlsClasses() throws Exception {
        String jars = jars();
        ClassDataArchive a = ClassDataArchive.lease(JAVA, jars, dir, notices);
        RunPlan overSsh = new RunPlan("cds-ssh", "cds-test", List.of(new ClusterPlan("east", 1, 1, Placement.SSH,
                List.of("east-1"), List.of())), "none", new AppPlan("fib", "satin.apps.fib.Fib", List.of("20")), "RS", dir,
                "ClassDataArchiveTest");
        Path secret = Files.writeString(dir.resolve("secret"), "cds-test");
        assertEquals(null, ArchiveTrainer.startIfNeeded(new CommandBuilder(twoProcesses("cds-here", dir), JAVA, jars, dir,
                "localhost").withArchive(a), a, secret), "a master here trains it itself");
        ArchiveTrainer trainer = ArchiveTrainer.startIfNeeded(new CommandBuilder(overSsh, JAVA, jars, dir, "localhost")
                .withArchive(a), a, secret);
        assertTrue(trainer != null, "no process of the run can train it");
        assertTrue(trainer.endedWell(), "the trainer's pool ran fib");
        a.close(true);
        assertTrue(Files.isRegularFile(a.file()), notices());
        ClassDataArchive used = ClassDataArchive.lease(JAVA, jars, dir, notices);
        assertTrue(used.used());
        String loaded = runPoolMain(JAVA, jars, withClassLoading(used.options(false)));
        assertTrue(loaded.contains("satin.launch.PoolMain source: shared objects file"), loaded);
        String tls = runTls(JAVA, jars, used.options(false));
        assertTrue(tls.contains("sun.security.ssl.SSLContextImpl source: shared objects file"), tls);
        assertTrue(tls.contains("satin.net.PoolCa source: shared objects file"), tls);
    }

    /**
     * A pool of one node that joins its registry over TLS, with class loading shown. Over TCP: in
     * one JVM the node would reach its registry in-VM, where no TLS is on the way, and only the
     * background rehearsal of TLS (a daemon thread) would load its classes, if the run lasted long
     * enough; a full build once ended the run first, and SSLContextImpl was never loaded.
     */
    private static String runTls(String java, String classPath, List<String> options) throws Exception {
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(withClassLoading(options));
        command.add("-D" + satin.config.Settings.SAME_JVM_SHORTCUT.name() + "=false");
        command.addAll(List.of("-cp", classPath, CommandBuilder.POOL_MAIN, "--tls", "all", "--stats", "-",
                "satin.apps.fib.Fib", "10"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
