package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.corpus.Cases;
import satin.corpus.Locals;
import satin.rewriter.loader.RewritingClassLoader;

/**
 * The rewriting class loader over a program's classes that no other loader here has (satin-core
 * alone as its parent): every corpus case computes what the class as written computes, the
 * loaded classes carry the rewriter's mark, and a class the rewriter refuses does not load.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RewritingClassLoaderTest {

    private static final Path TEST_CLASSES = location(Locals.class);

    @TempDir
    Path temp;

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A loader of satin-core alone, so that the program's classes can come from nowhere but the copy. */
    private static ClassLoader satinCore() throws IOException {
        return new URLClassLoader(new URL[] {location(satin.SatinObject.class).toUri().toURL()},
                ClassLoader.getPlatformClassLoader());
    }

    private Path copyOf(String packageDir) throws IOException {
        Path dir = temp.resolve(packageDir.replace('/', '-'));
        Files.createDirectories(dir.resolve(packageDir));
        try (Stream<Path> files = Files.list(TEST_CLASSES.resolve(packageDir))) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(packageDir).resolve(f.getFileName()));
            }
        }
        return dir;
    }

    @Test
    void everyCorpusCaseComputesWhatTheClassAsWrittenComputes() throws Exception {
        Path corpus = copyOf("satin/corpus");
        ClassLoader core = satinCore();
        try (RewritingClassLoader program = new RewritingClassLoader(new URL[] {corpus.toUri().toURL()}, core)) {
            for (String name : Cases.names()) {
                String sequential = name + " = " + Cases.run(getClass().getClassLoader(), name);
                assertEquals(sequential, name + " = " + Cases.run(program, name));
            }
            @SuppressWarnings("unchecked")
            Class<? extends java.lang.annotation.Annotation> mark = (Class<? extends java.lang.annotation.Annotation>) core
                    .loadClass("satin.Rewritten");
            for (Class<?> c : Cases.CLASSES) {
                Class<?> loaded = program.loadClass(c.getName());
                assertEquals(program, loaded.getClassLoader());
                assertTrue(loaded.isAnnotationPresent(mark), c.getName() + " was rewritten as it loaded");
            }
        }
    }

    @Test
    void aClassTheRewriterRefusesDoesNotLoadAndEveryProblemIsNamed() throws Exception {
        Path wrong = copyOf("satin/diagnostics");
        try (RewritingClassLoader program = new RewritingClassLoader(new URL[] {wrong.toUri().toURL()}, satinCore())) {
            RewritingClassLoader.RefusedClassError e = assertThrows(RewritingClassLoader.RefusedClassError.class,
                    () -> program.loadClass("satin.diagnostics.Wrong"));
            assertTrue(e.getMessage().startsWith("satin: cannot rewrite satin.diagnostics.Wrong, "), e.getMessage());
            assertTrue(e.getMessage().contains("\n  Wrong.java:17: satin.diagnostics.Wrong.fib(int): the result of the spawn"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("\n  Wrong.java:23: satin.diagnostics.Wrong.readEarly(int): "), e.getMessage());
        }
    }
}
