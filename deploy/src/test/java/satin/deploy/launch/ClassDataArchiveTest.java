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
import java.util.Collections;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;

class ClassDataArchiveTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    /**
     * A JDK the launchers run on, and what its archive is: JDK 17's class-data archive, or JDK 25's
     * ahead-of-time cache (decision 0049).
     */
    record Jdk(String name, String java, String useOption, String noun, String extension) {
        static final Jdk SEVENTEEN = new Jdk("JDK 17", JAVA, "-XX:SharedArchiveFile=", "class-data archive", ".jsa");
        static final Jdk TWENTY_FIVE = new Jdk("JDK 25", JDK_25.toString(), "-XX:AOTCache=", "ahead-of-time cache", ".aot");

        /** This JDK's java, or the test skipped with a message when it is not installed. */
        String present() {
            assumeTrue(Files.isExecutable(Path.of(java)), "no " + name + " at " + java);
            return java;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static List<Jdk> jdks() {
        return List.of(Jdk.SEVENTEEN, Jdk.TWENTY_FIVE);
    }

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

    /** Two clusters of a process each; {@code jvmOptions} go to both, after east's {@code -Xmx256m}. */
    private static RunPlan twoProcesses(String pool, Path out, String... jvmOptions) {
        List<String> east = new ArrayList<>(List.of("-Xmx256m"));
        east.addAll(List.of(jvmOptions));
        List<ClusterPlan> clusters = List.of(new ClusterPlan("east", 1, 1, Placement.PROCESSES, List.of(), east),
                new ClusterPlan("west", 1, 1, Placement.PROCESSES, List.of(), List.of(jvmOptions)));
        return new RunPlan(pool, "cds-test", clusters, "1ms/10000KB/s", new AppPlan("satin.apps.nqueens.NQueens",
                "satin.apps.nqueens.NQueens", List.of("10", "2")), "CRS", out, "ClassDataArchiveTest");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    @Timeout(120)
    void aSoundArchiveIsOnEveryProcessCommandLineBeforeTheClustersOptionsAndItsClassesAreMapped(Jdk jdk)
            throws Exception {
        String java = jdk.present();
        String jars = jars();
        Path archive = trained(java, jars);
        assertTrue(archive.getFileName().toString().endsWith(jdk.extension()), archive.toString());
        assertEquals(1, LauncherTest.count(notices(), "made the " + jdk.noun()), notices());
        ClassDataArchive a = ClassDataArchive.lease(java, jars, dir, notices);
        assertTrue(a.used(), "the archive trained is used");
        RunPlan plan = twoProcesses("cds-cmd", dir);
        CommandBuilder b = new CommandBuilder(plan, java, jars, dir, "localhost").withArchive(a);
        for (CommandBuilder.Member m : b.members()) {
            List<String> c = b.javaCommand(m, List.of());
            int at = c.indexOf(jdk.useOption() + archive);
            assertEquals(1, at, c.toString());
            if (m.name().equals("east")) {
                assertTrue(c.indexOf("-Xmx256m") > at, "the cluster's own options come after, and win: " + c);
            }
        }
        String loaded = runPoolMain(java, jars, withClassLoading(a.options(false)));
        assertTrue(loaded.contains("satin.launch.PoolMain source: shared objects file"), loaded);
    }

    private static List<String> withClassLoading(List<String> options) {
        List<String> o = new ArrayList<>(options);
        o.add("-Xlog:class+load=info:stdout");
        return o;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    @Timeout(240)
    void aTruncatedArchiveIsSaidOnceAndRunsStillPrintWhatTheSequentialProgramPrints(Jdk jdk) throws Exception {
        String java = jdk.present();
        String jars = jars();
        Path archive = trained(java, jars);
        byte[] whole = Files.readAllBytes(archive);
        Files.write(archive, Arrays.copyOf(whole, whole.length / 3)); // a copy cut short: the JVM would crash on it
        RunPlan plan = twoProcesses("cds-cut", dir.resolve("runs"));
        String expected = LauncherTest.sequential(plan);
        runs(java, jars, expected, plan, plan);
        assertEquals(1, LauncherTest.count(notices(), "the " + jdk.noun() + " " + archive + " cannot be used"), notices());
        assertEquals(2, LauncherTest.count(notices(), "made the " + jdk.noun()), "the first, and the one after the cut: "
                + notices());
        assertTrue(ClassDataArchive.lease(java, jars, dir, notices).used(), notices());
    }

    @Test
    @Timeout(120)
    void anArchiveOfAnotherClassPathIsRefusedByName() throws Exception {
        String jars = jars();
        Path archive = trained(JAVA, jars);
        String reversed = reversed(jars);
        Path other = dir.resolve("pool-" + ClassDataArchive.key(JAVA, reversed) + ".jsa");
        Files.copy(archive, other);
        ClassDataArchive a = ClassDataArchive.lease(JAVA, reversed, dir, notices);
        assertFalse(a.used());
        assertTrue(notices().contains(other + " cannot be used") && notices().contains("mismatch"), notices());
        assertFalse(Files.exists(other), "deleted, to be made again");
        a.close();
    }

    private static String reversed(String classPath) {
        List<String> entries = new ArrayList<>(List.of(classPath.split(File.pathSeparator)));
        Collections.reverse(entries);
        return String.join(File.pathSeparator, entries);
    }

    /**
     * A file JDK 25 cannot use at the cache's name (JDK 17's archive: another JDK's format) is named
     * with the JVM's reason, deleted and made again. A cache of another class path is not always
     * refused: JDK 25.0.3 checked the class path of some caches and not of others made by the same
     * command, and then mapped their classes; a cache is named by its class path so that it never
     * meets another. Either way a run with one prints only what the sequential program prints.
     */
    @Test
    @Timeout(240)
    void onJdk25ACacheOfAnotherJdkIsRefusedByNameAndOneOfAnotherClassPathNeverReachesStdout() throws Exception {
        String java = Jdk.TWENTY_FIVE.present();
        String jars = jars();
        Path ofJdk17 = trained(JAVA, jars);
        Path cache = dir.resolve("pool-" + ClassDataArchive.key(java, jars) + ".aot");
        Files.copy(ofJdk17, cache);
        ClassDataArchive refused = ClassDataArchive.lease(java, jars, dir, notices);
        assertFalse(refused.used());
        assertTrue(notices().contains("the ahead-of-time cache " + cache + " cannot be used (")
                && notices().contains("Cannot handle AOT cache version"), notices());
        assertFalse(Files.exists(cache), "deleted, to be made again");
        refused.close();

        Path ofOtherPath = trained(java, reversed(jars));
        Files.move(ofOtherPath, cache);
        RunPlan plan = twoProcesses("aot-other", dir.resolve("runs"));
        runs(java, jars, LauncherTest.sequential(plan), plan);
    }

    /**
     * Runs the plans one after the other as {@code satin run} would, with archives in {@code dir} and
     * the launcher's notices in {@link #notices}; each must end well and print {@code expected} only.
     */
    private void runs(String java, String jars, String expected, RunPlan... plans) throws Exception {
        PrintStream err = System.err;
        String before = System.getProperty(ClassDataArchive.DIR_PROPERTY);
        System.setProperty(ClassDataArchive.DIR_PROPERTY, dir.toString());
        System.setErr(notices);
        try {
            for (RunPlan plan : plans) {
                RunOutcome o = new Launcher(Duration.ofSeconds(150)).start(plan,
                        new CommandBuilder(plan, java, jars, dir, "localhost")).await();
                assertEquals(0, o.exitCode(), o::stderr);
                assertEquals(expected, o.stdout(), "only the program's output: the JVM's own on stderr");
            }
        } finally {
            System.setErr(err);
            restore(ClassDataArchive.DIR_PROPERTY, before);
        }
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

    /**
     * On JDK 25 a run's master makes the ahead-of-time cache at its exit without a word on stdout
     * (the JVM announces its recording and the cache's creation on the tty), and the next run's two
     * processes start from it: each logs its classes to a file of its own, where PoolMain comes
     * from the cache. JDK 17 keeps its class-data archive beside it.
     */
    @Test
    @Timeout(240)
    void onJdk25ARunMakesTheAheadOfTimeCacheAndTheNextRunsProcessesStartFromIt() throws Exception {
        String java = Jdk.TWENTY_FIVE.present();
        String jars = jars();
        Path logs = Files.createDirectories(dir.resolve("class-logs"));
        RunPlan training = twoProcesses("aot-first", dir.resolve("runs"));
        RunPlan logged = twoProcesses("aot-second", dir.resolve("runs"), "-Xlog:class+load=info:file="
                + logs.resolve("classes-%p.log"));
        runs(java, jars, LauncherTest.sequential(training), training, logged);
        assertEquals(1, LauncherTest.count(notices(), "made the ahead-of-time cache"), notices());
        ClassDataArchive cache = ClassDataArchive.lease(java, jars, dir, notices);
        assertTrue(cache.used() && cache.file().toString().endsWith(".aot"), notices());
        List<String> mapped;
        try (var files = Files.list(logs)) {
            mapped = files.map(f -> read(f)).filter(t -> t.contains("satin.launch.PoolMain source: shared objects file"))
                    .toList();
        }
        assertEquals(2, mapped.size(), "both processes of the second run start from the cache");
        try (ClassDataArchive ofJdk17 = ClassDataArchive.lease(JAVA, jars, dir, notices)) {
            assertFalse(ofJdk17.used(), "JDK 17 has an archive of its own");
            assertTrue(ofJdk17.training() && ofJdk17.options(true).get(0).startsWith("-XX:ArchiveClassesAtExit="),
                    ofJdk17.options(true).toString());
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
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
    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    @Timeout(180)
    void aRunWithoutAMasterHereHasItsArchiveTrainedBesideItWithTheTlsClasses(Jdk jdk) throws Exception {
        String java = jdk.present();
        String jars = jars();
        ClassDataArchive a = ClassDataArchive.lease(java, jars, dir, notices);
        RunPlan overSsh = new RunPlan("cds-ssh", "cds-test", List.of(new ClusterPlan("east", 1, 1, Placement.SSH,
                List.of("east-1"), List.of())), "none", new AppPlan("fib", "satin.apps.fib.Fib", List.of("20")), "RS", dir,
                "ClassDataArchiveTest");
        Path secret = Files.writeString(dir.resolve("secret"), "cds-test");
        assertEquals(null, ArchiveTrainer.startIfNeeded(new CommandBuilder(twoProcesses("cds-here", dir), java, jars, dir,
                "localhost").withArchive(a), a, secret), "a master here trains it itself");
        ArchiveTrainer trainer = ArchiveTrainer.startIfNeeded(new CommandBuilder(overSsh, java, jars, dir, "localhost")
                .withArchive(a), a, secret);
        assertTrue(trainer != null, "no process of the run can train it");
        assertTrue(trainer.endedWell(), "the trainer's pool ran fib");
        a.close(true);
        assertTrue(Files.isRegularFile(a.file()), notices());
        ClassDataArchive used = ClassDataArchive.lease(java, jars, dir, notices);
        assertTrue(used.used() && used.file().toString().endsWith(jdk.extension()), notices());
        String loaded = runPoolMain(java, jars, withClassLoading(used.options(false)));
        assertTrue(loaded.contains("satin.launch.PoolMain source: shared objects file"), loaded);
        String tls = runTls(java, jars, used.options(false));
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
