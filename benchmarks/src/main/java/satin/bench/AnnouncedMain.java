package satin.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;

/**
 * Runs another class's main ({@code AnnouncedMain CLASS ARGS...}) after saying so on standard
 * error. A pool's master started with {@code --wait-for N} calls main once N nodes have joined, and
 * nothing else it prints tells an observer outside (a chaos trial, a system test) that the whole
 * pool is there and computing: the moment from which a fault hits a run under way rather than a
 * pool still forming. Standard output stays the program's own, to compare with the sequential one.
 */
public final class AnnouncedMain {

    /** The line on standard error that says main starts. */
    public static final String STARTS = "satin-bench: main starts";

    private AnnouncedMain() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: AnnouncedMain MAIN-CLASS [ARGS...]");
        }
        Class<?> program = Class.forName(args[0], true, AnnouncedMain.class.getClassLoader());
        MethodHandle main = MethodHandles.publicLookup().findStatic(program, "main",
                MethodType.methodType(void.class, String[].class));
        System.err.println(STARTS);
        main.invokeExact(Arrays.copyOfRange(args, 1, args.length));
    }
}
