package satin.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import satin.RewriteCheck;

/**
 * The advice {@code -Dsatin.requireRewritten} gives names front ends that exist: the Maven
 * plugin's coordinates and goal as its descriptor declares them, an agent class with a
 * {@code premain}, and a command line main class.
 */
class RewriteAdviceTest {

    private static final String ADVICE = RewriteCheck.HOW_TO_REWRITE;

    @Test
    void theMavenGoalItNamesIsThePluginsGoal() throws Exception {
        Matcher m = find("Maven plugin ([\\w.-]+):([\\w.-]+) \\(goal (\\w+)\\)");
        String descriptor;
        try (InputStream in = RewriteAdviceTest.class.getClassLoader().getResourceAsStream("META-INF/maven/plugin.xml")) {
            assertNotNull(in, "the rewriter's plugin descriptor is on the test class path");
            descriptor = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(descriptor.contains("<groupId>" + m.group(1) + "</groupId>"), m.group(1));
        assertTrue(descriptor.contains("<artifactId>" + m.group(2) + "</artifactId>"), m.group(2));
        assertTrue(descriptor.contains("<goal>" + m.group(3) + "</goal>"), m.group(3));
    }

    @Test
    void theCommandLineItNamesHasAMain() throws Exception {
        Matcher m = find("> ([\\w.]+) CLASSES_DIR");
        Method main = Class.forName(m.group(1)).getMethod("main", String[].class);
        assertTrue(Modifier.isStatic(main.getModifiers()) && Modifier.isPublic(main.getModifiers()), main.toString());
    }

    /** The agent jar it names packages the rewriter's agent class, which must have a premain. */
    @Test
    void theAgentItNamesIsAnAgent() throws Exception {
        assertEquals("satin-agent.jar", find("-javaagent:(\\S+),").group(1));
        Method premain = Class.forName("satin.rewriter.agent.Agent").getMethod("premain", String.class,
                Instrumentation.class);
        assertTrue(Modifier.isStatic(premain.getModifiers()), premain.toString());
    }

    private static Matcher find(String regex) {
        Matcher m = Pattern.compile(regex).matcher(ADVICE);
        assertTrue(m.find(), regex + " in " + ADVICE);
        return m;
    }
}
