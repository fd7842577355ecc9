package satin.rewriter;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * Loads the classes of some packages rewritten, child first, and everything else from its parent.
 * Every class the rewriter changes or generates is checked by ASM's {@code CheckClassAdapter}
 * (structure and data flow) before it is defined, and then by the JVM's verifier when it is.
 */
final class RewritingLoader extends ClassLoader {

    private final List<String> packages;
    private final Rewriter rewriter;
    private final Map<String, byte[]> generated = new HashMap<>();
    private final Map<String, Rewriter.Result> results = new HashMap<>();

    RewritingLoader(ClassLoader parent, String... packages) {
        super(parent);
        this.packages = List.of(packages);
        this.rewriter = new Rewriter(ClassFinder.of(parent));
    }

    /** What rewriting a class produced, once it has been loaded. */
    Rewriter.Result result(String className) {
        return results.get(className.replace('.', '/'));
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = mine(name) ? findClass(name) : super.loadClass(name, false);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private boolean mine(String name) {
        return packages.stream().anyMatch(p -> name.startsWith(p + "."));
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String internal = name.replace('.', '/');
        byte[] bytes = generated.remove(internal);
        boolean changed = bytes != null;
        if (bytes == null) {
            byte[] original = read(internal);
            if (original == null) {
                throw new ClassNotFoundException(name);
            }
            Rewriter.Result r = rewriter.rewrite(original);
            results.put(internal, r);
            if (!r.problems().isEmpty()) {
                throw new IllegalStateException("problems rewriting " + name + ": " + r.problems());
            }
            if (r.rewritten() == null) {
                bytes = original;
            } else {
                bytes = r.rewritten();
                changed = true;
                generated.putAll(r.generated());
            }
        }
        Class<?> c = defineClass(name, bytes, 0, bytes.length);
        if (changed) {
            check(internal, bytes); // after defining, so that the verifier can load the class and its records
        }
        return c;
    }

    private void check(String name, byte[] bytes) {
        StringWriter problems = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(bytes), this, false, new PrintWriter(problems));
        if (!problems.toString().isEmpty()) {
            throw new AssertionError("CheckClassAdapter rejects " + name + ":\n" + problems + "\n"
                    + Rewriter.disassemble(bytes));
        }
    }

    private byte[] read(String internal) {
        try (InputStream in = getParent().getResourceAsStream(internal + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
