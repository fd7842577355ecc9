package satin.deploy.launch;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import satin.deploy.plan.AppPlan;

/**
 * A program's own class path ({@code --classpath}, {@code classpath:}): read from text, and
 * searched for the main class before a run starts, so that a typo is named with every entry that
 * was searched instead of surfacing as a class-loading error in some process.
 */
public final class ProgramClassPath {

    private ProgramClassPath() {
    }

    /**
     * The entries of {@code text} (separated by the system's path separator), absolute, each an
     * existing directory or file; empty for null.
     *
     * @throws IllegalArgumentException naming {@code option} and the entry that does not exist
     */
    public static List<Path> parse(String option, String text) {
        if (text == null) {
            return List.of();
        }
        List<Path> entries = new ArrayList<>();
        for (String e : text.split(Pattern.quote(File.pathSeparator))) {
            if (e.isBlank()) {
                continue;
            }
            Path p;
            try {
                p = Path.of(e).toAbsolutePath().normalize();
            } catch (InvalidPathException ex) {
                throw new IllegalArgumentException(option + ": '" + e + "' is no path: " + ex.getMessage());
            }
            if (!Files.isDirectory(p) && !Files.isRegularFile(p)) {
                throw new IllegalArgumentException(option + ": no such directory or jar: " + e + " (" + p + ")");
            }
            entries.add(p);
        }
        if (entries.isEmpty()) {
            throw new IllegalArgumentException(option + " names no directory or jar: '" + text + "'");
        }
        return List.copyOf(entries);
    }

    /** The entries as one class-path text. */
    public static String join(List<Path> entries) {
        return String.join(File.pathSeparator, entries.stream().map(Path::toString).toList());
    }

    /** The entries as URLs, for a class loader. */
    public static URL[] urls(List<Path> entries) {
        URL[] urls = new URL[entries.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = entries.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("no URL for the class-path entry " + entries.get(i), e);
            }
        }
        return urls;
    }

    /**
     * A loader of the program's own classes over satin's ({@code parent}), rewriting them as they
     * load; one per run, so that no run sees another's static state.
     */
    public static ClassLoader loader(List<Path> entries, ClassLoader parent) {
        return new satin.rewriter.loader.RewritingClassLoader(urls(entries), parent);
    }

    /**
     * Asks the program whether it takes its arguments, before anything starts: a main class with a
     * {@code public static void checkArguments(String...)} (every application of satin's has one)
     * throws {@link IllegalArgumentException} with its own message for arguments its main would
     * refuse. A program without one is not asked; it says so itself once it runs.
     *
     * @throws IllegalArgumentException naming the origin, the program, its arguments and its reason
     */
    public static void checkArguments(AppPlan app, String origin) {
        try (URLClassLoader loader = new URLClassLoader(urls(app.classPath()), ProgramClassPath.class.getClassLoader())) {
            java.lang.reflect.Method check;
            try { // not initialized: a program without a check runs no code of its own in satin's JVM
                check = Class.forName(app.mainClass(), false, loader).getMethod("checkArguments", String[].class);
            } catch (ReflectiveOperationException | LinkageError e) {
                return; // it has no check; or it cannot be loaded here, which its run will say
            }
            if (!java.lang.reflect.Modifier.isStatic(check.getModifiers())) {
                return;
            }
            check.invoke(null, (Object) app.args().toArray(new String[0]));
        } catch (ExceptionInInitializerError e) {
            // its static initializer failed here; the run names it, and it may not fail where the program runs
        } catch (java.lang.reflect.InvocationTargetException e) {
            Throwable why = e.getCause();
            if (why instanceof IllegalArgumentException) {
                throw new IllegalArgumentException(origin + ": " + app.name() + " does not take the arguments "
                        + app.args() + ": " + why.getMessage(), why);
            }
            throw new IllegalArgumentException(origin + ": " + app.mainClass() + ".checkArguments(" + app.args()
                    + ") failed with " + why + inProgram(why, "checkArguments"), why);
        } catch (IllegalAccessException e) {
            // not ours to call: the run will tell
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Where in the program a failure happened: its frames down to the check, which are the
     * program's; the reflection and the launcher below them are satin's, and say nothing to its
     * author.
     */
    private static String inProgram(Throwable why, String method) {
        StringBuilder b = new StringBuilder();
        for (StackTraceElement frame : why.getStackTrace()) {
            b.append("\n\tat ").append(frame);
            if (frame.getMethodName().equals(method)) {
                break;
            }
        }
        return b.toString();
    }

    /**
     * Checks that the program's main class is there, on its class path or satin's own.
     *
     * @throws IllegalArgumentException naming the class and every entry searched
     */
    public static void requireMain(AppPlan app, String origin) {
        String file = app.mainClass().replace('.', '/') + ".class";
        try (URLClassLoader search = new URLClassLoader(urls(app.classPath()), ProgramClassPath.class.getClassLoader())) {
            if (search.getResource(file) != null) {
                requireMainMethod(app.mainClass(), search, origin);
                return;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder b = new StringBuilder(origin + ": cannot find the main class " + app.mainClass() + " (" + file
                + "); searched the program's class path");
        if (app.classPath().isEmpty()) {
            b.append(" (none given: --classpath PATH, or classpath: under app: in a descriptor)");
        }
        for (Path p : app.classPath()) {
            b.append("\n  ").append(p);
        }
        b.append("\nand satin's own:");
        for (String e : System.getProperty("java.class.path").split(Pattern.quote(File.pathSeparator))) {
            b.append("\n  ").append(e);
        }
        throw new IllegalArgumentException(b.toString());
    }

    /**
     * The main class has the main a pool's process calls (as {@code PoolMain} looks it up), so
     * that a class without one is refused before a run directory is made, like a missing class,
     * instead of leaving a run directory that holds nothing.
     */
    private static void requireMainMethod(String mainClass, ClassLoader search, String origin) {
        Class<?> c;
        try {
            c = Class.forName(mainClass, false, search);
        } catch (ClassNotFoundException | LinkageError e) {
            return; // it cannot be loaded here (a class it needs is missing, say), which its run will say
        }
        try {
            java.lang.invoke.MethodHandles.publicLookup().findStatic(c, "main",
                    java.lang.invoke.MethodType.methodType(void.class, String[].class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalArgumentException(origin + ": " + mainClass + " has no public static void main(String[])");
        } catch (LinkageError e) {
            // a type its methods name is missing here: the run will say
        }
    }
}
