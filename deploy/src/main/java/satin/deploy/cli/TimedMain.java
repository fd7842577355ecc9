package satin.deploy.cli;

import java.lang.reflect.InvocationTargetException;

/**
 * Runs a program's main and says on the error stream how long it took, as the pool's report
 * measures a run: from main's start to its end, the JVM's own start-up left out.
 */
public final class TimedMain {

    static final String MARK = "satin-sequential-nanos ";

    private TimedMain() {
    }

    public static void main(String[] args) throws Exception {
        Class<?> program = Class.forName(args[0]);
        String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
        long start = System.nanoTime();
        try {
            program.getMethod("main", String[].class).invoke(null, (Object) rest);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause());
        }
        System.err.println(MARK + (System.nanoTime() - start));
    }
}
