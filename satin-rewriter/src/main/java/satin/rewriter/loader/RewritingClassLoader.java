package satin.rewriter.loader;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import satin.rewriter.ClassFinder;
import satin.rewriter.RewriteException;
import satin.rewriter.Rewriter;
import satin.rewriter.agent.Agent;

/**
 * The in-process front end: a class loader over a program's class path that rewrites its classes
 * as they load, with the same core as the agent, for programs run inside a JVM that was started
 * without the agent (the {@code satin} command's in-JVM runs). Parent first, as the JVM's own
 * loaders: satin's classes (and anything else the parent has) exist once. A class the rewriter
 * refuses does not load: the error lists every problem with file, line, class and method.
 */
public final class RewritingClassLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    public RewritingClassLoader(URL[] classPath, ClassLoader parent) {
        super(classPath, parent);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String file = name.replace('.', '/') + ".class";
        URL url = findResource(file);
        if (url == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes;
        try (InputStream in = url.openStream()) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new ClassNotFoundException(name + ": cannot read " + url, e);
        }
        return define(name, Agent.mightSpawn(bytes) ? rewritten(name, bytes) : bytes);
    }

    private byte[] rewritten(String name, byte[] bytes) {
        Rewriter.Result result;
        try {
            result = new Rewriter(ClassFinder.of(this)).rewrite(bytes);
        } catch (RewriteException | UncheckedIOException e) {
            throw new RefusedClassError("satin: cannot rewrite " + name + ": " + e.getMessage());
        }
        if (!result.problems().isEmpty()) {
            throw new RefusedClassError("satin: cannot rewrite " + name + ", " + result.describeProblems());
        }
        if (result.rewritten() == null) {
            return bytes;
        }
        // the records first: the rewritten class names them, and they must exist in this loader
        for (Map.Entry<String, byte[]> e : result.generated().entrySet()) {
            define(e.getKey().replace('/', '.'), e.getValue());
        }
        return result.rewritten();
    }

    private Class<?> define(String name, byte[] bytes) {
        return defineClass(name, bytes, 0, bytes.length);
    }

    /** A class of the program that the rewriter cannot give Satin's semantics: it does not load. */
    public static final class RefusedClassError extends LinkageError {

        private static final long serialVersionUID = 1L;

        RefusedClassError(String message) {
            super(message);
        }
    }
}
