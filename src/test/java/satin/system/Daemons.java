package satin.system;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import satin.testing.Await;

/**
 * What the tests that start system daemons of their own (sshd, SLURM) need around them: the
 * programs, installed by the project's own script when missing ({@code src/test/daemons/install-packages},
 * Debian packages, root only), and otherwise a skip that says why; commands run to their end with
 * a deadline; conditions awaited with one.
 */
final class Daemons {

    private static final long INSTALL_MINUTES = 15;

    private Daemons() {
    }

    /**
     * Hosts as network namespaces, each with its own sshd ({@code NamespaceHosts.create}), or the
     * test skipped saying why they cannot be made here (not root, no iproute2, no OpenSSH).
     */
    static satin.bench.hosts.NamespaceHosts namespaceHosts(Path dir, java.util.List<String> aliases, String frontEnd,
            java.util.List<String> inner) throws Exception {
        satin.bench.hosts.NamespaceHosts.unavailable().ifPresent(why -> org.junit.jupiter.api.Assumptions.assumeTrue(false, why));
        Path sshd = program("sshd", "openssh-server");
        program("ssh", "openssh-client");
        Path keygen = program("ssh-keygen", "openssh-client");
        return satin.bench.hosts.NamespaceHosts.create(dir, aliases, frontEnd, inner, sshd, keygen);
    }

    /**
     * The path of {@code program} (looked for in the sbin and bin directories and on the PATH);
     * when it is missing, installs {@code packages} with the project's script, or skips the test
     * with the script's reason (not root, no apt-get, no network).
     */
    static Path program(String program, String... packages) throws IOException, InterruptedException {
        Path found = find(program);
        if (found != null) {
            return found;
        }
        List<String> command = new ArrayList<>(List.of("bash", Project.root().resolve("src/test/daemons/install-packages")
                .toString()));
        command.addAll(List.of(packages));
        Result r = run(command, INSTALL_MINUTES * 60);
        Assumptions.assumeTrue(r.code == 0, () -> program + " is not installed, and installing " + String.join(" ",
                packages) + " failed (exit " + r.code + "): " + r.output.strip());
        found = find(program);
        Assumptions.assumeTrue(found != null, () -> "installed " + String.join(" ", packages) + " but found no " + program);
        return found;
    }

    private static Path find(String program) {
        List<String> dirs = new ArrayList<>(List.of("/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/sbin",
                "/usr/local/bin"));
        dirs.addAll(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        for (String dir : dirs) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Whether this test runs as root, which the daemons' own directories and users need. */
    static boolean root() {
        return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
    }

    /** What a command printed (standard output and error together) and its exit code. */
    record Result(int code, String output) {
    }

    /** Runs a command to its end; fails the test if it takes longer than {@code seconds} (and kills it). */
    static Result run(List<String> command, long seconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(
                new java.io.File("/dev/null"))).start();
        StringBuffer out = new StringBuffer();
        Thread reader = new Thread(() -> {
            try {
                out.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                // the process is gone
            }
        });
        reader.setDaemon(true);
        reader.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(command + " still ran after " + seconds + " s; it printed: " + out);
        }
        reader.join(5000);
        return new Result(p.exitValue(), out.toString());
    }

    /** Runs a command that must succeed, and returns what it printed. */
    static String check(List<String> command, long seconds) throws IOException, InterruptedException {
        Result r = run(command, seconds);
        if (r.code != 0) {
            throw new AssertionError(command + " failed with exit " + r.code + ": " + r.output);
        }
        return r.output;
    }

    /** Waits until {@code condition} holds; fails with {@code what} after {@code seconds}. */
    static void await(BooleanSupplier condition, long seconds, java.util.function.Supplier<String> what)
            throws InterruptedException {
        Await.until(condition, Duration.ofSeconds(seconds), what);
    }

    /** Something a test waits for while daemons start. */
    interface Awaited {
        void await() throws Exception;
    }

    /**
     * Waits for daemons to be ready; if they are not because one of them ended already (it cannot
     * run on this machine: a missing capability, a port or directory it may not use), skips the
     * test with that daemon's own words; a daemon that runs but is never ready fails it.
     */
    static void started(List<Processes.Child> daemons, Awaited ready) throws Exception {
        try {
            ready.await();
        } catch (AssertionError e) {
            for (Processes.Child d : daemons) {
                Assumptions.assumeTrue(d.process.isAlive(), () -> d.name + " cannot run here: it exited with "
                        + d.process.exitValue() + " at its start: " + d.err() + d.out());
            }
            throw e;
        }
    }

    /** Ends a process and everything it started, and waits for them. */
    static void stop(Process p) throws InterruptedException {
        if (p == null) {
            return;
        }
        List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
        all.add(p.toHandle());
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(5, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                h.destroyForcibly();
            }
        }
    }

    /** The processes of this machine whose command line contains {@code text}, alive now. */
    static List<String> processesWith(String text) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .map(h -> h.pid() + " " + h.info().commandLine().orElse(""))
                .filter(line -> line.contains(text)).toList();
    }
}
