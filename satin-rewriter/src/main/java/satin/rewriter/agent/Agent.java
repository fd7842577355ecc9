package satin.rewriter.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import satin.rewriter.ClassFinder;
import satin.rewriter.Rewriter;

/**
 * The load-time front end: {@code java -javaagent:satin-agent.jar ...} rewrites each class as it
 * is loaded. A class whose bytes name neither {@code satin/Spawnable} nor a {@code sync} nor a
 * shared object's {@code @Write} cannot spawn or write, and is passed over without being parsed. The record classes a rewritten class needs are
 * defined in its class loader right away. A class that cannot be rewritten (a problem in the
 * program, a class the rewriter cannot find) is dealt with by {@link OnProblem}: by default every
 * problem is printed and the JVM halts with status 1.
 */
public final class Agent implements ClassFileTransformer {

    private static final byte[] SPAWNABLE = "satin/Spawnable".getBytes(StandardCharsets.UTF_8);
    private static final byte[] SYNC = "sync".getBytes(StandardCharsets.UTF_8);
    private static final byte[] WRITE = "Lsatin/Write;".getBytes(StandardCharsets.UTF_8);
    /** The agent's own ASM (relocated in satin-agent.jar): loading it must not come back here. */
    private static final String OWN_ASM = ClassReader.class.getName().replace('.', '/')
            .substring(0, ClassReader.class.getName().lastIndexOf('.') + 1);

    private final Method defineClass;
    private final OnProblem onProblem;

    private Agent(Method defineClass, OnProblem onProblem) {
        this.defineClass = defineClass;
        this.onProblem = onProblem;
    }

    public static void premain(String args, Instrumentation instrumentation) throws ReflectiveOperationException {
        OnProblem onProblem;
        try {
            onProblem = OnProblem.parse(args, satin.config.Settings.AGENT_ON_PROBLEM.raw());
        } catch (IllegalArgumentException e) {
            // an exception out of premain ends the JVM with a native crash report: say it plainly instead
            System.err.println(e.getMessage());
            System.err.flush();
            Runtime.getRuntime().halt(2);
            return;
        }
        // The records must be defined in the loader of the class that uses them, before it runs:
        // only ClassLoader.defineClass can do that from inside a transformer, so the agent opens
        // java.lang to itself, which agents alone may do.
        instrumentation.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                Map.of("java.lang", Set.of(Agent.class.getModule())), Set.of(), Map.of());
        Method define = ClassLoader.class.getDeclaredMethod("defineClass", String.class, byte[].class, int.class,
                int.class, ProtectionDomain.class);
        define.setAccessible(true);
        instrumentation.addTransformer(new Agent(define, onProblem));
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
            byte[] classFile) {
        if (className == null || redefined != null || skipped(className) || !mightSpawn(classFile)) {
            return null;
        }
        try {
            Rewriter.Result result = new Rewriter(ClassFinder.of(loader)).rewrite(classFile);
            if (!result.problems().isEmpty()) {
                onProblem.refuse(className, result.describeProblems(), System.err);
                return null;
            }
            if (result.rewritten() == null) {
                return null;
            }
            ClassLoader target = loader != null ? loader : ClassLoader.getSystemClassLoader();
            for (Map.Entry<String, byte[]> e : result.generated().entrySet()) {
                byte[] bytes = e.getValue();
                defineClass.invoke(target, e.getKey().replace('/', '.'), bytes, 0, bytes.length, domain);
            }
            return result.rewritten();
        } catch (RuntimeException | ReflectiveOperationException | LinkageError e) {
            // a class the rewriter cannot find or read, a record that cannot be defined: never silence
            onProblem.refuse(className, String.valueOf(e), System.err);
            return null;
        }
    }

    private static boolean skipped(String className) {
        return className.startsWith("java/") || className.startsWith("javax/") || className.startsWith("jdk/")
                || className.startsWith("sun/") || className.startsWith("com/sun/")
                || className.startsWith(OWN_ASM) || className.startsWith("satin/runtime/")
                || className.startsWith("satin/deque/") || className.startsWith("satin/stats/")
                || className.startsWith("satin/rewriter/");
    }

    /**
     * A cheap look at the raw bytes: a spawning class names {@code @Spawnable} or calls a
     * {@code sync()}; a shared object with writes names {@code @Write}.
     */
    public static boolean mightSpawn(byte[] classFile) {
        return contains(classFile, SPAWNABLE) || contains(classFile, SYNC) || contains(classFile, WRITE);
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
