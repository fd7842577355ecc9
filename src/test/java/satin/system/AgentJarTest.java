package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.system.programs.Leaves;
import satin.system.programs.Refused;

/**
 * satin-agent.jar as a user runs it: {@code java -javaagent:satin-agent.jar -cp CLASSES Main},
 * nothing else on the class path. A program the rewriter accepts runs rewritten and computes
 * what the sequential program computes; one it refuses stops the JVM with every problem named,
 * unless the user asks for a warning and a sequential run.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentJarTest {

    /** This module's compiled test classes: the programs above, un-rewritten. */
    private static final Path PROGRAMS = classesOf(Leaves.class);

    private static Path classesOf(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Processes.Child java(Processes ps, String agentOptions, String mainClass, String... args)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(Processes.java(), "-javaagent:" + Project.agentJar() + agentOptions,
                "-cp", PROGRAMS.toString(), mainClass));
        command.addAll(List.of(args));
        return ps.command(mainClass, PROGRAMS, command);
    }

    @Test
    void theJarAloneRewritesAProgramAtLoadTimeAndItComputesWhatTheSequentialProgramComputes() throws Exception {
        long sequential = new Leaves().count(9, 3); // this JVM has no agent: the class is the sequential program
        try (Processes ps = new Processes()) {
            Processes.Child run = java(ps, "", Leaves.class.getName(), "9", "3");
            assertEquals(0, run.exit(60), run.toString());
            assertEquals("nodes = " + sequential + ", rewritten = true", run.out().strip(), run.toString());
        }
    }

    @Test
    void aRefusedClassStopsTheJvmWithEveryProblemNamedByFileLineClassAndMethod() throws Exception {
        try (Processes ps = new Processes()) {
            Processes.Child run = java(ps, "", Refused.class.getName(), "10");
            assertEquals(1, run.exit(60), run.toString());
            assertTrue(run.err().contains("satin agent: cannot rewrite satin.system.programs.Refused: 1 problem(s):"),
                    run.err());
            assertTrue(run.err().contains("Refused.java:14: satin.system.programs.Refused.count(int): the result of the spawn"),
                    run.err());
            assertTrue(run.err().contains("onProblem=warn"), "the way out is named: " + run.err());
            assertEquals("", run.out(), "nothing ran");
        }
    }

    @Test
    void withOnProblemWarnARefusedClassRunsSequentiallyAfterAWarning() throws Exception {
        long sequential = new Refused().count(10);
        try (Processes ps = new Processes()) {
            Processes.Child run = java(ps, "=onProblem=warn", Refused.class.getName(), "10");
            assertEquals(0, run.exit(60), run.toString());
            assertEquals("leaves = " + sequential, run.out().strip());
            assertTrue(run.err().contains("satin agent: warning: satin.system.programs.Refused runs sequentially, "
                    + "un-rewritten (onProblem=warn): 1 problem(s):"), run.err());
            assertTrue(run.err().contains("Refused.java:14: satin.system.programs.Refused.count(int)"), run.err());
        }
    }

    @Test
    void aMistakeInTheAgentsOptionsIsNamedAndTheJvmDoesNotStart() throws Exception {
        try (Processes ps = new Processes()) {
            Processes.Child run = java(ps, "=onProblem=maybe", Leaves.class.getName(), "2", "2");
            assertEquals(2, run.exit(60), run.toString());
            assertEquals("satin agent: onProblem must be fail or warn, not 'maybe'", run.err().strip());
            assertEquals("", run.out());
        }
    }

    /**
     * The satin-rewriter jar on the class path as well (a build that depends on it): its own
     * copy of the agent needs ASM at its own name, and the JVM used to die in premain with
     * "java.lang.instrument ASSERTION FAILED". The agent jar's rewriter is relocated, so the JVM
     * takes the agent's own.
     */
    @Test
    void theRewritersOwnJarOnTheClassPathDoesNotReplaceTheAgent() throws Exception {
        long sequential = new Leaves().count(4, 3);
        Path rewriter = classesOf(satin.rewriter.Rewriter.class);
        try (Processes ps = new Processes()) {
            List<String> command = List.of(Processes.java(), "-javaagent:" + Project.agentJar(), "-cp",
                    PROGRAMS + java.io.File.pathSeparator + rewriter, Leaves.class.getName(), "4", "3");
            Processes.Child run = ps.command("Leaves", PROGRAMS, command);
            assertEquals(0, run.exit(60), run.toString());
            assertEquals("nodes = " + sequential + ", rewritten = true", run.out().strip(), run.toString());
        }
    }

    @Test
    void asmInsideTheJarIsRelocatedSoThatItCannotMeetTheApplicationsOwn() throws Exception {
        try (ZipFile jar = new ZipFile(Project.agentJar().toFile())) {
            List<String> names = jar.stream().map(java.util.zip.ZipEntry::getName).toList();
            assertTrue(names.contains("satin/shaded/asm/ClassReader.class"), "ASM is inside, relocated");
            assertTrue(names.contains("satin/runtime/Node.class"), "satin-core is inside");
            assertFalse(names.stream().anyMatch(n -> n.startsWith("org/objectweb/")), "no ASM at its own name");
            assertFalse(names.stream().anyMatch(n -> n.startsWith("satin/rewriter/")), "the rewriter is relocated too");
            assertTrue(names.contains("satin/shaded/rewriter/agent/Agent.class"), "the agent, relocated");
            assertFalse(names.stream().anyMatch(n -> n.startsWith("satin/shaded/rewriter/maven/")), "no Maven plugin");
        }
    }
}
