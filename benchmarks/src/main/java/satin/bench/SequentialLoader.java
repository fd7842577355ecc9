package satin.bench;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import satin.apps.Apps;

/**
 * A class loader of the applications as written: their classes from the copies the rewriter's
 * plugin kept before rewriting, and the classes it left alone beside them in the same loader, so
 * that a class both use (a shared object, which the plugin rewrites) is one class to both. Asking
 * the parent for those instead gave two of it and a LinkageError (tsp's Incumbent, 2026-11-28).
 * The rest is the parent's.
 */
final class SequentialLoader {

    private SequentialLoader() {
    }

    static ClassLoader of(ClassLoader parent) throws MalformedURLException {
        Path dir = Path.of(satin.config.Settings.SEQUENTIAL_CLASSES.text());
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("no sequential classes at " + dir + " (-Dsatin.sequentialClasses)");
        }
        URL apps = Apps.class.getProtectionDomain().getCodeSource().getLocation();
        return new URLClassLoader(new URL[] {dir.toUri().toURL(), apps}, parent) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(name)) {
                    if (name.startsWith("satin.apps.") && !name.equals(Apps.class.getName())) {
                        Class<?> c = findLoadedClass(name);
                        return c != null ? c : findClass(name);
                    }
                    return super.loadClass(name, resolve);
                }
            }
        };
    }
}
