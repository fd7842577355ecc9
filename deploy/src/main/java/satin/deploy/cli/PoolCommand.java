package satin.deploy.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import satin.deploy.launch.ProgramClassPath;
import satin.deploy.plan.AppPlan;
import satin.launch.PoolMain;

/**
 * {@code satin pool [--classpath PATH] [options] MAIN-CLASS [ARGS...]}: {@link PoolMain} in this
 * process, with a program's own classes loaded from {@code PATH} and rewritten as they load (the
 * ones rewritten at build time are left as they are).
 */
public final class PoolCommand {

    static final String CLASSPATH_USAGE = "  --classpath PATH       the program's classes: directories and jars separated by ':'"
            + " (satin pool only); classes not rewritten at build time are rewritten as they load\n";

    /** PoolMain's options that take no value; every other option before the main class takes one. */
    private static final Set<String> FLAGS = Set.of("--registry-only", "--no-master", "--exit-with-parent", "--help", "-h");

    private PoolCommand() {
    }

    public static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        if (args.length > 0 && (args[0].equals("--version") || args[0].equals("-V"))) {
            out.println("satin " + satin.Satin.version());
            return 0;
        }
        List<String> poolArgs = new ArrayList<>();
        String classPath = null;
        String mainClass = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (mainClass == null && a.equals("--classpath")) {
                if (i + 1 == args.length) {
                    err.println("satin: --classpath needs a value");
                    return 2;
                }
                classPath = args[++i];
                continue;
            }
            poolArgs.add(a);
            if (mainClass != null) {
                continue;
            }
            if (!a.startsWith("-")) {
                mainClass = a;
            } else if (!FLAGS.contains(a) && i + 1 < args.length) {
                poolArgs.add(args[++i]);
            }
        }
        if (poolArgs.contains("--help") || poolArgs.contains("-h")) {
            int code = PoolMain.run(poolArgs.toArray(new String[0]), out, err);
            out.print(CLASSPATH_USAGE);
            return code;
        }
        if (classPath == null || mainClass == null) {
            return PoolMain.run(poolArgs.toArray(new String[0]), out, err); // it names what is missing
        }
        List<Path> entries;
        try {
            entries = ProgramClassPath.parse("--classpath", classPath);
            ProgramClassPath.requireMain(new AppPlan(mainClass, mainClass, List.of(), entries), "satin pool");
        } catch (IllegalArgumentException e) {
            err.println("satin: " + e.getMessage());
            return 2;
        }
        Thread self = Thread.currentThread();
        ClassLoader before = self.getContextClassLoader();
        // PoolMain finds main, and the pool's allowlist its classes, through the context loader
        self.setContextClassLoader(ProgramClassPath.loader(entries, PoolCommand.class.getClassLoader()));
        try {
            return PoolMain.run(poolArgs.toArray(new String[0]), out, err);
        } finally {
            self.setContextClassLoader(before);
        }
    }
}
