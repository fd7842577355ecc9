package satin.rewriter.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import satin.rewriter.Batch;
import satin.rewriter.Problem;
import satin.rewriter.RewriteException;

/**
 * The command-line front end: rewrites a directory of classes in place, or a jar into a new jar.
 *
 * <pre>
 * java -cp satin-rewriter.jar:... satin.rewriter.cli.Main [--classpath PATH] [--originals DIR] CLASSES_DIR
 * java -cp satin-rewriter.jar:... satin.rewriter.cli.Main [--classpath PATH] IN.jar OUT.jar
 * </pre>
 */
public final class Main {

    static final String USAGE = "usage: satin-rewrite [--classpath PATH] [--originals DIR] CLASSES_DIR\n"
            + "       satin-rewrite [--classpath PATH] IN.jar OUT.jar";

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** @return the exit code: 0 done, 1 problems in the program, 2 bad usage or input */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        List<Path> classPath = new ArrayList<>();
        Path originals = null;
        List<String> operands = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--classpath", "-cp" -> {
                    if (++i == args.length) {
                        return usage(err, "--classpath needs a value");
                    }
                    for (String e : args[i].split(File.pathSeparator)) {
                        if (!e.isEmpty()) {
                            classPath.add(Path.of(e));
                        }
                    }
                }
                case "--originals" -> {
                    if (++i == args.length) {
                        return usage(err, "--originals needs a directory");
                    }
                    originals = Path.of(args[i]);
                }
                case "--help", "-h" -> {
                    out.println(USAGE);
                    return 0;
                }
                default -> operands.add(args[i]);
            }
        }
        classPath.add(satinApi()); // the API a program spawns with, wherever this runs from (in satin-agent.jar, inside it)
        try {
            Batch.Report report;
            if (operands.size() == 1 && Files.isDirectory(Path.of(operands.get(0)))) {
                report = Batch.rewriteDirectory(Path.of(operands.get(0)), classPath, originals);
            } else if (operands.size() == 2 && operands.get(0).endsWith(".jar")) {
                Path in = Path.of(operands.get(0));
                if (!Files.isRegularFile(in)) {
                    return usage(err, "no such jar: " + in);
                }
                report = Batch.rewriteJar(in, Path.of(operands.get(1)), classPath);
            } else if (operands.size() == 1) {
                return usage(err, "no such directory: " + operands.get(0));
            } else {
                return usage(err, "expected a directory, or an input jar and an output jar");
            }
            if (report.failed()) {
                for (Problem p : report.problems()) {
                    err.println(p);
                }
                err.println("satin-rewrite: " + report.problems().size() + " problem(s); nothing was written");
                return 1;
            }
            out.println("satin-rewrite: " + report.summary());
            return 0;
        } catch (IOException | RewriteException e) {
            err.println("satin-rewrite: " + e.getMessage());
            return 2;
        }
    }

    /** Where satin-core's classes are for this command: its jar or directory. */
    private static Path satinApi() {
        try {
            return Path.of(satin.SatinObject.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("cannot tell where satin-core's classes are", e);
        }
    }

    private static int usage(PrintStream err, String problem) {
        err.println("satin-rewrite: " + problem);
        err.println(USAGE);
        return 2;
    }
}
