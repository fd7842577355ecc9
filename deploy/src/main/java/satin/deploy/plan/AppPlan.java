package satin.deploy.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The program the master runs: a main class and its arguments.
 *
 * @param name      the application's short name ({@code satin.apps.Apps}), or the main class itself
 * @param mainClass the class whose {@code main} runs
 * @param args      its arguments
 * @param classPath where the program's own classes are (directories and jars, absolute), in
 *                  addition to satin's; empty for the applications satin brings. Classes there
 *                  that were not rewritten at build time are rewritten when they load.
 */
public record AppPlan(String name, String mainClass, List<String> args, List<Path> classPath) {

    public AppPlan {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mainClass, "mainClass");
        args = List.copyOf(args);
        classPath = List.copyOf(classPath);
    }

    /** A program on satin's own class path. */
    public AppPlan(String name, String mainClass, List<String> args) {
        this(name, mainClass, args, List.of());
    }
}
