package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program of the user's own (this module's {@code programs}, moved to a package of their own),
 * compiled here into a directory that is on no class path of satin's
 * and never rewritten at build time, run through {@code satin} with {@code --classpath} in every
 * launcher: processes (rewritten by the agent), this JVM (by the rewriting class loader) and
 * {@code satin pool}. The program as compiled, run without satin, is the sequential oracle.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ProgramClassPathSystemTest {

    private static final String PROBLEM = "Refused.java:14: userprog.Refused.count(int): the result of the spawn";

    @TempDir
    static Path temp;
    private static Path classes;
    private static String sequential;

    @BeforeAll
    static void compileTheProgramAndRunItSequentially() throws Exception {
        classes = temp.resolve("classes");
        Path sources = temp.resolve("src/userprog");
        Files.createDirectories(sources);
        Files.createDirectories(classes);
        for (String name : List.of("Leaves.java", "Refused.java")) { // this module's programs, in a package of their own
            String source = Files.readString(Project.root().resolve("src/test/java/satin/system/programs").resolve(name));
            Files.writeString(sources.resolve(name), source.replace("package satin.system.programs;", "package userprog;"));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int compiled = javac.run(null, null, null, "-g", "--release", "17", "-cp", System.getProperty("java.class.path"),
                "-d", classes.toString(), sources.resolve("Leaves.java").toString(), sources.resolve("Refused.java").toString());
        assertEquals(0, compiled, "the program compiles");
        try (Processes ps = new Processes()) {
            Processes.Child run = ps.command("sequential", temp, List.of(Processes.java(), "-cp",
                    classes + File.pathSeparator + System.getProperty("java.class.path"), "userprog.Leaves", "8", "3"));
            assertEquals(0, run.exit(60), run.toString());
            sequential = run.out().strip();
        }
        assertTrue(sequential.matches("nodes = \\d+, rewritten = false"), sequential);
    }

    /** What the parallel run must print: the sequential result, from the rewritten class. */
    private static String expected() {
        return sequential.replace("rewritten = false", "rewritten = true");
    }

    private static Processes.Child satin(Processes ps, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Processes.java(), "-D" + "satin.agentJar=" + Project.agentJar(),
                "-cp", System.getProperty("java.class.path"), "satin.deploy.Main"));
        command.addAll(List.of(args));
        return ps.command("satin", temp, command);
    }

    private static String[] run(String where, int nodes, int clusters, String mainClass, String... args) {
        List<String> a = new ArrayList<>(List.of("run", "--app", mainClass, "--nodes", Integer.toString(nodes), "--clusters",
                Integer.toString(clusters), "--where", where, "--classpath", classes.toString(), "--output",
                temp.resolve("results").toString(), "--timeout", "120s", "--args"));
        a.addAll(List.of(args));
        return a.toArray(new String[0]);
    }

    @Test
    void inProcessesTheAgentRewritesTheProgramAsItLoads() throws Exception {
        try (Processes ps = new Processes()) {
            Processes.Child run = satin(ps, run("processes", 2, 2, "userprog.Leaves", "8", "3"));
            assertEquals(0, run.exit(240), run.toString());
            assertEquals(expected(), run.out().strip(), run.toString());
            assertTrue(run.err().contains("2 nodes in 2 clusters"), run.err());
        }
    }

    @Test
    void inThisJvmTheRewritingClassLoaderRewritesTheProgramAsItLoads() throws Exception {
        try (Processes ps = new Processes()) {
            Processes.Child run = satin(ps, run("jvm", 4, 2, "userprog.Leaves", "8", "3"));
            assertEquals(0, run.exit(240), run.toString());
            assertEquals(expected(), run.out().strip(), run.toString());
            assertTrue(run.err().contains("4 nodes in 2 clusters"), run.err());
        }
    }

    @Test
    void satinPoolTakesAClassPathToo() throws Exception {
        try (Processes ps = new Processes()) {
            Processes.Child run = satin(ps, "pool", "--nodes", "3", "--host", "local", "--classpath", classes.toString(),
                    "--stats", temp.resolve("pool-stats.json").toString(), "userprog.Leaves", "8", "3");
            assertEquals(0, run.exit(240), run.toString());
            assertEquals(expected(), run.out().strip(), run.toString());
            assertTrue(run.err().contains("3 nodes in 1 cluster"), run.err());
        }
    }

    @Test
    void satinCompareTakesAClassPathAndEveryRunComputesWhatTheSequentialProgramComputes() throws Exception {
        Path output = temp.resolve("compare");
        try (Processes ps = new Processes()) {
            Processes.Child run = satin(ps, "compare", "--app", "userprog.Leaves", "--nodes", "2", "--balancers", "RS;CRS",
                    "--wans", "single-cluster", "--classpath", classes.toString(), "--output", output.toString(),
                    "--timeout", "120s", "--args", "8", "3");
            assertEquals(0, run.exit(240), run.toString());
            assertTrue(run.err().contains("satin: userprog.Leaves brings its own classes: no speedup over its sequential "
                    + "program"), run.err());
            assertTrue(run.err().contains("satin: 6 runs; report in "), "three a balancer by default: " + run.err());
        }
        List<Path> outputs;
        try (var files = Files.walk(output)) {
            outputs = files.filter(p -> p.getFileName().toString().equals("stdout.txt")).toList();
        }
        assertEquals(6, outputs.size(), "three runs per balancer: " + outputs);
        for (Path out : outputs) {
            assertEquals(expected(), Files.readString(out).strip(), out.toString());
        }
    }

    @Test
    void aClassTheRewriterRefusesFailsTheRunWithItsProblemNamedInProcessesAndInThisJvm() throws Exception {
        try (Processes ps = new Processes()) {
            Processes.Child processes = satin(ps, run("processes", 2, 2, "userprog.Refused", "6"));
            assertEquals(1, processes.exit(240), processes.toString());
            assertTrue(processes.err().contains(PROBLEM), processes.toString());
            assertEquals("", processes.out(), "nothing ran sequentially");
            Processes.Child here = satin(ps, run("jvm", 2, 1, "userprog.Refused", "6"));
            assertNotEquals(0, here.exit(240), here.toString());
            assertTrue(here.err().contains(PROBLEM), here.toString());
            assertEquals("", here.out(), "nothing ran sequentially");
        }
    }

    @Test
    void aMainClassThatIsNotThereIsNamedWithEveryEntrySearched() throws Exception {
        try (Processes ps = new Processes()) {
            Path jar = Project.agentJar();
            Processes.Child run = satin(ps, "run", "--app", "userprog.Missing", "--classpath", classes + File.pathSeparator + jar,
                    "--output", temp.resolve("results").toString());
            assertEquals(2, run.exit(60), run.toString());
            assertTrue(run.err().contains("satin: command line: cannot find the main class userprog.Missing "
                    + "(userprog/Missing.class); searched the program's class path\n  " + classes + "\n  " + jar
                    + "\nand satin's own:\n  "), run.err());
        }
    }

    @Test
    void theCommandLineInTheAgentJarRewritesADirectoryWithNothingElseOnItsClassPath() throws Exception {
        Path copy = temp.resolve("cli/userprog");
        Files.createDirectories(copy);
        Files.copy(classes.resolve("userprog/Leaves.class"), copy.resolve("Leaves.class"));
        try (Processes ps = new Processes()) {
            Processes.Child rewrite = ps.command("rewrite", temp, List.of(Processes.java(), "-jar",
                    Project.agentJar().toString(), temp.resolve("cli").toString()));
            assertEquals(0, rewrite.exit(60), rewrite.toString());
            assertTrue(rewrite.out().startsWith("satin-rewrite: 1 of 1 classes rewritten"), rewrite.out());
            Processes.Child run = ps.command("rewritten", temp, List.of(Processes.java(), "-cp", temp.resolve("cli")
                    + File.pathSeparator + System.getProperty("java.class.path"), "userprog.Leaves", "8", "3"));
            assertEquals(0, run.exit(60), run.toString());
            assertEquals(expected(), run.out().strip());
        }
    }
}
