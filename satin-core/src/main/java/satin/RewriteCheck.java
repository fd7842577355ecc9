package satin;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Optional;
import satin.config.Settings;

/**
 * Detects a spawning class that was never rewritten, which would otherwise run silently as the
 * sequential program. Off by default (the un-rewritten class is the sequential program, and that
 * is its purpose); {@code -Dsatin.requireRewritten=true} turns it on: then constructing a
 * {@link satin.SatinObject} whose class declares {@code @Spawnable} methods but carries no
 * {@link Rewritten} mark, or reaching an un-rewritten {@code sync()}, fails with an exception that
 * names the class and method.
 */
public final class RewriteCheck {

    /**
     * How to rewrite, naming the three front ends as they exist: the Maven plugin's goal, the agent
     * jar and the command line's main class (each checked by a test in {@code apps}).
     */
    public static final String HOW_TO_REWRITE = "Rewrite it at build time with the Maven plugin "
            + "dev.satin:satin-rewriter (goal rewrite), at load time with java -javaagent:satin-agent.jar, or in "
            + "place with java -cp <satin-rewriter, satin-core and ASM jars> satin.rewriter.cli.Main CLASSES_DIR; "
            + "or run without -Dsatin.requireRewritten";

    /**
     * Why {@code -Dsatin.requireRewritten} is no setting, or null if it is one. Such a value turns
     * the check on, and every check then refuses with this reason, naming the property and the
     * value: whoever wrote {@code yes} meant it on, and a class's initialiser that threw instead
     * would be reported as an {@code ExceptionInInitializerError}.
     */
    private static final String BAD_SETTING = badSetting();

    /** Read once, so that the check costs nothing when it is off. */
    public static final boolean ENABLED = BAD_SETTING != null || Settings.REQUIRE_REWRITTEN.isOn();

    private static String badSetting() {
        try {
            Settings.REQUIRE_REWRITTEN.isOn();
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static final ClassValue<Optional<String>> VERDICT = new ClassValue<>() {
        @Override
        protected Optional<String> computeValue(Class<?> type) {
            return problem(type);
        }
    };

    private RewriteCheck() {
    }

    private static void refuseBadSetting() {
        if (BAD_SETTING != null) {
            throw new IllegalStateException(BAD_SETTING);
        }
    }

    /** Throws if {@code type} declares spawnable methods but was not rewritten. */
    public static void checkClass(Class<?> type) {
        refuseBadSetting();
        VERDICT.get(type).ifPresent(message -> {
            throw new IllegalStateException(message);
        });
    }

    /** Called by an un-rewritten {@code sync()}: names the method that called it. */
    public static void unrewrittenSync() {
        refuseBadSetting();
        StackWalker.StackFrame caller = StackWalker.getInstance().walk(frames -> frames
                .filter(f -> !f.getClassName().equals("satin.Satin") && !f.getClassName().equals("satin.SatinObject")
                        && !f.getClassName().equals(RewriteCheck.class.getName()))
                .findFirst().orElse(null));
        String where = caller == null ? "an unknown method"
                : caller.getClassName() + "." + caller.getMethodName() + " (" + caller.getFileName() + ":"
                        + caller.getLineNumber() + ")";
        throw new IllegalStateException("sync() was called from " + where + ", which was not rewritten: its spawns "
                + "ran as plain calls. " + HOW_TO_REWRITE);
    }

    /**
     * Why {@code type} would run sequentially, if it would: a class in its superclass chain has a
     * spawnable method with a body but no mark. An abstract method has no body to rewrite (its
     * overriding methods are checked in their own classes), so declaring one is no problem.
     */
    static Optional<String> problem(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (c.isAnnotationPresent(Rewritten.class)) {
                continue;
            }
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(satin.Spawnable.class) && !Modifier.isAbstract(m.getModifiers())) {
                    return Optional.of(c.getName() + " declares @Spawnable " + m.getName()
                            + " but was not rewritten: its spawns would run as plain calls. " + HOW_TO_REWRITE);
                }
            }
        }
        return Optional.empty();
    }
}
