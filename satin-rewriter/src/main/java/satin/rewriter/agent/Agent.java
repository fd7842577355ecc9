package satin.rewriter.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import satin.rewriter.ClassFinder;
import satin.rewriter.Problem;
import satin.rewriter.RewriteException;
import satin.rewriter.Rewriter;

/**
 * The load-time front end: {@code java -javaagent:satin-rewriter.jar ...} rewrites each class as it
 * is loaded. A class whose bytes name neither {@code satin/Spawnable} nor a {@code sync} cannot
 * spawn and is passed over without being parsed. The record classes a rewritten class needs are
 * defined in its class loader right away. A problem stops the class from loading, with every
 * problem in the message and on standard error.
 */
public final class Agent implements ClassFileTransformer {

    private static final byte[] SPAWNABLE = "satin/Spawnable".getBytes(StandardCharsets.UTF_8);
    private static final byte[] SYNC = "sync".getBytes(StandardCharsets.UTF_8);

    private final Method defineClass;

    private Agent(Method defineClass) {
        this.defineClass = defineClass;
    }

    public static void premain(String args, Instrumentation instrumentation) throws ReflectiveOperationException {
        // The records must be defined in the loader of the class that uses them, before it runs:
        // only ClassLoader.defineClass can do that from inside a transformer, so the agent opens
        // java.lang to itself, which agents alone may do.
        instrumentation.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                Map.of("java.lang", Set.of(Agent.class.getModule())), Set.of(), Map.of());
        Method define = ClassLoader.class.getDeclaredMethod("defineClass", String.class, byte[].class, int.class,
                int.class, ProtectionDomain.class);
        define.setAccessible(true);
        instrumentation.addTransformer(new Agent(define));
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
                StringBuilder b = new StringBuilder("satin agent: cannot load " + className.replace('/', '.') + ":");
                for (Problem p : result.problems()) {
                    b.append(System.lineSeparator()).append("  ").append(p);
                }
                System.err.println(b);
                throw new IllegalStateException(b.toString());
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
        } catch (RewriteException | ReflectiveOperationException e) {
            String message = "satin agent: cannot rewrite " + className.replace('/', '.') + ": " + e.getMessage();
            System.err.println(message);
            throw new IllegalStateException(message, e);
        }
    }

    private static boolean skipped(String className) {
        return className.startsWith("java/") || className.startsWith("javax/") || className.startsWith("jdk/")
                || className.startsWith("sun/") || className.startsWith("com/sun/")
                || className.startsWith("org/objectweb/asm/") || className.startsWith("satin/runtime/")
                || className.startsWith("satin/deque/") || className.startsWith("satin/stats/")
                || className.startsWith("satin/rewriter/");
    }

    /** A cheap look at the raw bytes: a spawning class names {@code @Spawnable} or calls a {@code sync()}. */
    public static boolean mightSpawn(byte[] classFile) {
        return contains(classFile, SPAWNABLE) || contains(classFile, SYNC);
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
