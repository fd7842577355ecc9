package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.corpus.Cases;
import satin.corpus.Locals;
import satin.rewriter.agent.Agent;
import satin.rewriter.cli.Main;

/**
 * The command line and the java agent, used as a person uses them, in JVMs of their own: both
 * turn the corpus into a program whose every case prints what the sequential program prints.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class FrontEndsTest {

    private static final Path TEST_CLASSES = classesDir(Locals.class);
    private static final Path MAIN_CLASSES = classesDir(Rewriter.class);
    private static List<String> expected;

    @TempDir
    Path temp;

    private static Path classesDir(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    static void sequentialResults() throws Exception {
        expected = new ArrayList<>();
        for (String name : Cases.names()) {
            expected.add(name + " = " + Cases.run(FrontEndsTest.class.getClassLoader(), name));
        }
    }

    /** The corpus classes, un-rewritten, copied into a directory of their own. */
    private Path corpusCopy() throws IOException {
        Path dir = temp.resolve("classes");
        Path from = TEST_CLASSES.resolve("satin/corpus");
        Files.createDirectories(dir.resolve("satin/corpus"));
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve("satin/corpus").resolve(f.getFileName()));
            }
        }
        return dir;
    }

    private static String classPath(Path... first) {
        List<String> parts = new ArrayList<>();
        for (Path p : first) {
            parts.add(p.toString());
        }
        parts.add(System.getProperty("java.class.path"));
        return String.join(File.pathSeparator, parts);
    }

    private static List<String> runCorpus(String java, List<String> jvmArgs, String classPath) throws Exception {
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", classPath, "satin.corpus.RunAll"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(240, TimeUnit.SECONDS), out);
            assertEquals(0, p.exitValue(), out);
            return out.lines().toList();
        } finally {
            p.destroyForcibly();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void assertRewrittenRunMatches(List<String> lines) {
        assertEquals("rewritten = true", lines.get(lines.size() - 1), "the rewritten classes ran");
        assertEquals(expected, lines.subList(0, lines.size() - 1));
    }

    record Outcome(int exit, String out, String err) {
    }

    private static Outcome cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theCommandLineRewritesADirectoryInPlaceAndTwiceIsANoOp() throws Exception {
        Path dir = corpusCopy();
        Outcome first = cli("--classpath", classPath(), dir.toString());
        assertEquals(0, first.exit(), first.err());
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("satin-rewrite: (\\d+) of \\d+ classes rewritten, \\d+ record classes generated").matcher(first.out());
        assertTrue(m.find(), first.out());
        assertTrue(Integer.parseInt(m.group(1)) >= Cases.CLASSES.size(), first.out());
        byte[] once = Files.readAllBytes(dir.resolve("satin/corpus/Flow.class"));
        assertTrue(Rewriter.isRewritten(once));
        Outcome second = cli("--classpath", classPath(), dir.toString());
        assertEquals(0, second.exit(), second.err());
        assertTrue(second.out().startsWith("satin-rewrite: 0 of "), second.out());
        assertArrayEquals(once, Files.readAllBytes(dir.resolve("satin/corpus/Flow.class")), "rewriting twice changes nothing");
        assertRewrittenRunMatches(runCorpus(java(), List.of(), classPath(dir)));
    }

    /** A pool of 4 nodes in one JVM runs the rewritten corpus from main, 5 times, each as the sequential program prints it. */
    @Test
    void theRewrittenCorpusOnAFourNodePoolPrintsWhatTheSequentialProgramPrints() throws Exception {
        List<String> sequential = runMain(java(), classPath(), List.of("satin.corpus.PrintAll"));
        assertEquals("rewritten = false", sequential.get(sequential.size() - 1));
        Path dir = corpusCopy();
        Outcome rewrite = cli("--classpath", classPath(), dir.toString());
        assertEquals(0, rewrite.exit(), rewrite.err());
        for (int run = 0; run < 5; run++) {
            List<String> pool = runMain(java(), classPath(dir),
                    List.of("satin.launch.PoolMain", "--nodes", "4", "--host", "local", "satin.corpus.PrintAll"));
            int end = pool.indexOf("rewritten = true");
            assertTrue(end > 0, "the rewritten classes ran on the pool: " + pool);
            assertEquals(sequential.subList(0, sequential.size() - 1), pool.subList(0, end), "run " + run);
            String report = Files.readString(lastStderr);
            assertTrue(report.contains("4 nodes in 1 cluster"), "a pool of 4 ran: " + report);
        }
    }

    private Path lastStderr;

    private List<String> runMain(String java, String classPath, List<String> mainAndArgs) throws Exception {
        List<String> command = new ArrayList<>(List.of(java, "-cp", classPath));
        command.addAll(mainAndArgs);
        Path err = Files.createTempFile(temp, "stderr", ".txt");
        lastStderr = err;
        Process p = new ProcessBuilder(command).directory(temp.toFile()).redirectError(err.toFile()).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(240, TimeUnit.SECONDS), out + Files.readString(err));
            assertEquals(0, p.exitValue(), out + Files.readString(err));
            return out.lines().toList();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void theCommandLineRewritesAJarIntoANewJar() throws Exception {
        Path dir = corpusCopy();
        Path in = temp.resolve("corpus.jar");
        jar(dir, in, null);
        Path out = temp.resolve("corpus-rewritten.jar");
        Outcome o = cli("--classpath", classPath(), in.toString(), out.toString());
        assertEquals(0, o.exit(), o.err());
        assertRewrittenRunMatches(runCorpus(java(), List.of(), classPath(out)));
    }

    @Test
    void theCommandLineNamesBadInputAndProblemsAndWritesNothing() throws Exception {
        Outcome missing = cli(temp.resolve("nowhere").toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("satin-rewrite: no such directory: "), missing.err());
        assertTrue(missing.err().contains("usage: satin-rewrite"), missing.err());

        Path dir = temp.resolve("wrong");
        Files.createDirectories(dir.resolve("satin/diagnostics"));
        Path wrong = dir.resolve("satin/diagnostics/Wrong.class");
        Files.copy(TEST_CLASSES.resolve("satin/diagnostics/Wrong.class"), wrong);
        byte[] before = Files.readAllBytes(wrong);
        Outcome problems = cli("--classpath", classPath(), dir.toString());
        assertEquals(1, problems.exit());
        assertTrue(problems.err().contains("Wrong.java:17: satin.diagnostics.Wrong.fib(int): the result of the spawn"),
                problems.err());
        assertTrue(problems.err().contains("problem(s); nothing was written"), problems.err());
        assertArrayEquals(before, Files.readAllBytes(wrong));
    }

    @Test
    void theAgentRewritesAtLoadTime() throws Exception {
        List<String> lines = runCorpus(java(), List.of("-javaagent:" + agentJar()), classPath());
        assertRewrittenRunMatches(lines);
    }

    /** Build-time and load-time rewriting compose: the agent leaves classes the command line rewrote alone. */
    @Test
    void theAgentOverClassesRewrittenAtBuildTime() throws Exception {
        Path dir = corpusCopy();
        assertEquals(0, cli("--classpath", classPath(), dir.toString()).exit());
        byte[] before = Files.readAllBytes(dir.resolve("satin/corpus/Locals.class"));
        assertRewrittenRunMatches(runCorpus(java(), List.of("-javaagent:" + agentJar()), classPath(dir)));
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("satin/corpus/Locals.class")));
        assertTrue(new Rewriter(ClassFinder.of(getClass().getClassLoader())).rewrite(before).unchanged(),
                "a marked class is not rewritten again");
    }

    private Path agentJar() throws IOException {
        Path agent = temp.resolve("agent.jar");
        if (!Files.exists(agent)) {
            Manifest manifest = new Manifest();
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), Agent.class.getName());
            jar(MAIN_CLASSES, agent, manifest);
        }
        return agent;
    }

    @Test
    void theAgentPassesOverClassesThatCannotSpawnWithoutParsingThem() throws IOException {
        assertFalse(Agent.mightSpawn(bytes(String.class)));
        assertFalse(Agent.mightSpawn(bytes(Files.class)));
        assertTrue(Agent.mightSpawn(bytes(Locals.class)));
        assertTrue(Agent.mightSpawn(bytes(satin.corpus.Arrays.class)), "a class that only calls sync() and spawnables");
    }

    @Test
    void theRewrittenCorpusLoadsAndRunsOnJdk25() throws Exception {
        Path jdk25 = Path.of(System.getenv().getOrDefault("JDK25_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"), "bin", "java");
        Assumptions.assumeTrue(Files.isExecutable(jdk25), "no JDK 25 at " + jdk25 + " (set JDK25_HOME)");
        Path dir = corpusCopy();
        assertEquals(0, cli("--classpath", classPath(), dir.toString()).exit());
        assertRewrittenRunMatches(runCorpus(jdk25.toString(), List.of(), classPath(dir)));
    }

    private static byte[] bytes(Class<?> c) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private static void jar(Path dir, Path jar, Manifest manifest) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = manifest == null ? new JarOutputStream(file) : new JarOutputStream(file, manifest);
                Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(dir.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
    }
}
