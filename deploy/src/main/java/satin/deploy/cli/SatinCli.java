package satin.deploy.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The commands of {@code satin}; {@link satin.deploy.Main} sends everything else to the main job. */
@Command(name = "satin", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Divide-and-conquer parallelism across clusters: runs, comparisons of load balancers, reports.",
        subcommands = {RunCommand.class, CompareCommand.class, SimulateCommand.class, ReportCommand.class,
            RegistryCommand.class},
        footer = {"", "Without a command: a short comparison of RS and CRS on 4 emulated clusters (about 35 s).",
            "Also: satin fib [N] [--workers W]   fib(N) spawning every call on this JVM, checked, with statistics",
            "      satin pool [--classpath PATH] [options] MAIN-CLASS [ARGS...]",
            "            nodes of a pool in this process (satin pool --help)"})
public final class SatinCli implements Runnable {

    /** The names {@link satin.deploy.Main} hands to this command line. */
    public static final java.util.Set<String> COMMANDS = java.util.Set.of("run", "compare", "simulate", "report", "registry",
            "--help", "-h", "--version", "-V");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs the command line; bad usage is named with the command's usage, exit status 2. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new SatinCli());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((e, a) -> {
            err.println("satin: " + e.getMessage());
            e.getCommandLine().usage(err);
            return 2;
        });
        cl.setExecutionExceptionHandler((e, c, parsed) -> {
            if (e instanceof IllegalArgumentException || e instanceof satin.deploy.descriptor.DescriptorException) {
                err.println("satin: " + e.getMessage());
                return 2;
            }
            java.io.IOException io = e instanceof java.io.UncheckedIOException u ? u.getCause()
                    : e instanceof java.io.IOException i ? i : null;
            if (io != null) { // a path the user named that cannot be used: which, and why, is the message
                err.println("satin: " + FileProblems.describe(io));
                return 2;
            }
            throw e;
        });
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }
}
