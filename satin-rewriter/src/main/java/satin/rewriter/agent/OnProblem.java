package satin.rewriter.agent;

import java.io.PrintStream;

/**
 * What the agent does with a class it cannot rewrite. A java agent cannot make the JVM refuse a
 * class (the JVM ignores a transformer's exception and loads the original bytes), so by default
 * the agent prints every problem and halts the JVM with status 1: a class that was meant to be
 * parallel never passes, silently, for the sequential program (decision 0010). {@code warn}
 * runs such a class un-rewritten, sequentially, after a warning.
 */
public enum OnProblem {
    /** Print the problems, then halt the JVM with status {@link #EXIT_STATUS}. */
    FAIL,
    /** Print the problems as a warning and let the original class load: it runs sequentially. */
    WARN;

    /** The status a refused class ends the JVM with. */
    public static final int EXIT_STATUS = 1;

    /** The system property that chooses, when the agent's own argument does not. */
    public static final String PROPERTY = satin.config.Settings.AGENT_ON_PROBLEM.name();

    /**
     * The policy named by the agent's argument ({@code onProblem=warn}), else by
     * {@code -Dsatin.agent.onProblem}, else {@link #FAIL}.
     *
     * @throws IllegalArgumentException naming what is wrong in the argument
     */
    public static OnProblem parse(String agentArgs, String property) {
        String chosen = property;
        if (agentArgs != null && !agentArgs.isBlank()) {
            for (String option : agentArgs.split(",")) {
                int eq = option.indexOf('=');
                String key = eq < 0 ? option.trim() : option.substring(0, eq).trim();
                if (!key.equals("onProblem") || eq < 0) {
                    throw new IllegalArgumentException("satin agent: unknown option '" + option
                            + "' in -javaagent:...=" + agentArgs + " (known: onProblem=fail|warn)");
                }
                chosen = option.substring(eq + 1).trim();
            }
        }
        if (chosen == null || chosen.isEmpty()) {
            return FAIL;
        }
        return switch (chosen) {
            case "fail" -> FAIL;
            case "warn" -> WARN;
            default -> throw new IllegalArgumentException("satin agent: onProblem must be fail or warn, not '" + chosen + "'");
        };
    }

    /**
     * Says why {@code className} cannot be rewritten and acts on it: halts the JVM, or warns and
     * returns so that the original class loads.
     */
    void refuse(String className, String why, PrintStream err) {
        String name = className.replace('/', '.');
        if (this == WARN) {
            err.println("satin agent: warning: " + name + " runs sequentially, un-rewritten (onProblem=warn): " + why);
            return;
        }
        err.println("satin agent: cannot rewrite " + name + ": " + why);
        err.println("satin agent: stopping the JVM with status " + EXIT_STATUS + " rather than run " + name
                + " sequentially; -javaagent:satin-agent.jar=onProblem=warn (or -D" + PROPERTY
                + "=warn) runs it sequentially instead");
        err.flush();
        // halt, not exit: this runs inside class loading, where shutdown hooks that load classes could deadlock
        Runtime.getRuntime().halt(EXIT_STATUS);
    }
}
