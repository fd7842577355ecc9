package satin.deploy.plan;

import java.util.List;
import java.util.Objects;

/**
 * The program the master runs: a main class and its arguments.
 *
 * @param name      the application's short name ({@code satin.apps.Apps}), or the main class itself
 * @param mainClass the class whose {@code main} runs
 * @param args      its arguments
 */
public record AppPlan(String name, String mainClass, List<String> args) {

    public AppPlan {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mainClass, "mainClass");
        args = List.copyOf(args);
    }
}
