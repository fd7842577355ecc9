package satin.deploy.descriptor;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import satin.apps.Apps;
import satin.deploy.plan.AppPlan;

/**
 * An {@code app:} mapping: a short name from {@link Apps} or a main class, its arguments, either a
 * list or the name of one of the application's presets, and the program's class path
 * ({@code classpath:}, relative to the descriptor).
 */
final class AppReader {

    static final List<String> KEYS = List.of("name", "mainClass", "args", "classpath");

    /** Possessive: a name of 20,000 parts overflowed the stack of a plain (X\\.)* while matching. */
    private static final Pattern CLASS_NAME = Pattern.compile("(?:\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*+\\.)*+"
            + "\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*+");

    private AppReader() {
    }

    /** The application, or null if anything about it is wrong (reported). */
    static AppPlan read(Node node, String path, Problems problems, Path baseDir) {
        Section s = Section.of(node, path, problems, KEYS);
        if (s == null) {
            return null;
        }
        if (s.has("name") == s.has("mainClass")) {
            String found = s.has("name") ? "both name and mainClass" : "neither name nor mainClass";
            problems.at(s.node, path, "found " + found + "; expected one of them (name: one of " + String.join(", ",
                    Apps.names()) + ", or mainClass: a class with a main method)");
            return null;
        }
        String name = s.has("name") ? shortName(s) : mainClass(s);
        if (name == null) {
            return null;
        }
        String mainClass = s.has("name") ? Apps.mainClass(name) : name;
        List<String> args = args(s, s.has("name") ? name : null);
        List<Path> classPath = classPath(s, baseDir);
        return args == null || classPath == null ? null : new AppPlan(name, mainClass, args, classPath);
    }

    private static String shortName(Section s) {
        String expected = "one of " + String.join(", ", Apps.names());
        String name = s.text("name", expected, true);
        if (name != null && !Apps.names().contains(name)) {
            s.problems.at(s.value("name"), s.child("name"), "found '" + name + "', which is no application;"
                    + Suggestions.didYouMean(name, Apps.names()) + " expected " + expected
                    + " (or mainClass: for another program)");
            return null;
        }
        return name;
    }

    private static String mainClass(Section s) {
        String expected = "a fully qualified class name like satin.apps.synthetic.SyntheticTree";
        String name = s.text("mainClass", expected, true);
        if (name != null && !CLASS_NAME.matcher(name).matches()) {
            s.problems.at(s.value("mainClass"), s.child("mainClass"), "found '" + name + "'; expected " + expected);
            return null;
        }
        return name;
    }

    /**
     * The entries of {@code classpath:}, a list or one text separated by the system's path
     * separator, each resolved against the descriptor's directory and required to exist; empty if
     * absent, null if wrong (reported at the entry).
     */
    private static List<Path> classPath(Section s, Path baseDir) {
        Node v = s.value("classpath");
        if (v == null) {
            return List.of();
        }
        String expected = "directories and jars, as a list or separated by '" + File.pathSeparator
                + "', relative to the descriptor";
        List<Node> items = v instanceof ScalarNode ? List.of(v) : Section.items(v, s.child("classpath"), expected, s.problems);
        if (items == null) {
            return null;
        }
        List<Path> paths = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            String at = v instanceof ScalarNode ? s.child("classpath") : s.child("classpath") + "[" + i + "]";
            String text = Section.text(items.get(i), at, expected, s.problems);
            if (text == null) {
                ok = false;
                continue;
            }
            for (String entry : text.split(Pattern.quote(File.pathSeparator))) {
                Path p = entry.isBlank() ? null : existing(baseDir, entry);
                if (p == null) {
                    s.problems.at(items.get(i), at, "found '" + entry + "', which is no directory or jar ("
                            + (entry.isBlank() ? "an empty entry" : baseDir.resolve(entry).toAbsolutePath().normalize()
                                    + " does not exist") + "); expected " + expected);
                    ok = false;
                } else {
                    paths.add(p);
                }
            }
        }
        return ok ? paths : null;
    }

    /** The entry resolved against the descriptor's directory, if it is a directory or a file there. */
    private static Path existing(Path baseDir, String entry) {
        try {
            Path p = baseDir.resolve(entry).toAbsolutePath().normalize();
            return Files.isDirectory(p) || Files.isRegularFile(p) ? p : null;
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** A list as it is; a single word is a preset, checked against the application's own presets. */
    private static List<String> args(Section s, String app) {
        Node v = s.value("args");
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof ScalarNode)) {
            return Section.texts(v, s.child("args"), "arguments", s.problems);
        }
        String preset = Section.text(v, s.child("args"), "a list of arguments or a preset name", s.problems);
        if (preset == null || app == null) {
            return preset == null ? null : List.of(preset);
        }
        Set<String> presets = presets(app);
        if (presets != null && !presets.contains(preset)) {
            s.problems.at(v, s.child("args"), "found '" + preset + "', which is no preset of " + app + ";"
                    + Suggestions.didYouMean(preset, presets) + " expected one of " + String.join(", ", presets)
                    + ", or a list of arguments like [" + preset + "]");
            return null;
        }
        return List.of(preset);
    }

    /** The application's preset names, or null when its class cannot be loaded here (then any word passes). */
    private static Set<String> presets(String app) {
        try {
            return new TreeSet<>(Apps.presets(app, AppReader.class.getClassLoader()).keySet());
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}
