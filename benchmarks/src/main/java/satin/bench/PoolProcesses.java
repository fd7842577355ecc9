package satin.bench;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * JVMs a benchmark starts on this machine (pool processes, the sequential program, builds), each
 * writing standard output and error to files NAME.out and NAME.err in a directory of its own. No
 * process outlives the benchmark: closing kills what this instance started and deletes the
 * directory, and a shutdown hook does the same for whatever is left when the benchmark's JVM ends
 * (Ctrl-C included): it kills also a process stopped with SIGSTOP, which could not notice its
 * parent's death as the pool processes' --exit-with-parent does.
 */
final class PoolProcesses implements AutoCloseable {

    /** The secret of the benchmarks' pools: made up, since only the processes started here must know it. */
    private static final String SECRET = java.util.HexFormat.of().formatHex(satin.net.PoolIdentity.nonce());
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    private static final Set<Path> DIRECTORIES = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LIVE.forEach(PoolProcesses::kill);
            DIRECTORIES.forEach(PoolProcesses::delete);
        }, "kill-pool-processes"));
    }

    private final Path dir;
    /** The java of the pools and the sequential program: this JVM's, or another JDK's ({@code ./bench pool --java}). */
    private final String javaCommand;
    private final List<Process> started = new ArrayList<>();

    PoolProcesses(String prefix) throws IOException {
        this(prefix, java());
    }

    PoolProcesses(String prefix, String java) throws IOException {
        this.dir = Files.createTempDirectory(prefix);
        this.javaCommand = java;
        DIRECTORIES.add(dir);
    }

    Path dir() {
        return dir;
    }

    String javaOfPools() {
        return javaCommand;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The jars of this JVM's class path: this build's satin-core and applications, and what they need. */
    static String jars() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator)).filter(e -> e.endsWith(".jar"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** The applications as written (the sequential programs) before the jars they need. */
    static String sequentialClassPath() {
        String sequential = satin.config.Settings.SEQUENTIAL_CLASSES.text();
        if (!Files.isDirectory(Path.of(sequential))) {
            throw new IllegalStateException("no sequential classes at " + sequential + " (-Dsatin.sequentialClasses)");
        }
        return sequential + File.pathSeparator + jars();
    }

    /** A port free now, for a registry that must listen where processes started at the same time look for it. */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** {@code java JVM-OPTIONS -cp CLASS-PATH satin.launch.PoolMain} of a benchmark's pool, then the options and the program. */
    static List<String> poolCommand(List<String> jvmOptions, String classPath, List<String> poolOptions,
            List<String> program) {
        return poolCommand(java(), jvmOptions, classPath, poolOptions, program);
    }

    private static List<String> poolCommand(String java, List<String> jvmOptions, String classPath,
            List<String> poolOptions, List<String> program) {
        List<String> c = new ArrayList<>(List.of(java));
        c.addAll(jvmOptions);
        c.addAll(List.of("-cp", classPath, "satin.launch.PoolMain", "--exit-with-parent")); // the secret: start's environment
        c.addAll(poolOptions);
        c.addAll(program);
        return c;
    }

    /**
     * Runs {@code program} on a pool of two JVMs of one node each, the master (NAME master) and one
     * more (other), both started at once; returns the wall time from their start until both have
     * exited, start-up included, as a user would time it.
     */
    long twoJvms(String classPath, List<String> masterJvmOptions, List<String> otherJvmOptions,
            List<String> masterOptions, List<String> program) throws IOException, InterruptedException {
        return twoJvms(classPath, masterJvmOptions, otherJvmOptions, masterOptions, List.of(), program);
    }

    /** The same, with pool options for the other node too ({@code --workers}, say). */
    long twoJvms(String classPath, List<String> masterJvmOptions, List<String> otherJvmOptions,
            List<String> masterOptions, List<String> otherOptions, List<String> program)
            throws IOException, InterruptedException {
        int port = freePort();
        List<String> masterPool = new ArrayList<>(List.of("--registry-listen", "tcp://127.0.0.1:" + port));
        masterPool.addAll(masterOptions);
        List<String> master = poolCommand(javaCommand, masterJvmOptions, classPath, masterPool, program);
        List<String> otherPool = new ArrayList<>(List.of("--registry", "tcp://127.0.0.1:" + port, "--no-master"));
        otherPool.addAll(otherOptions);
        List<String> other = poolCommand(javaCommand, otherJvmOptions, classPath, otherPool, program);
        long start = System.nanoTime();
        Process m = start("master", master);
        Process o = start("other", other);
        await(m, "master", 10, TimeUnit.MINUTES);
        await(o, "other", 10, TimeUnit.MINUTES);
        return System.nanoTime() - start;
    }

    /** Starts {@code command}, its output going to NAME.out and NAME.err. */
    Process start(String name, List<String> command) throws IOException {
        return start(name, new ProcessBuilder(command));
    }

    /**
     * Starts a configured command (a directory, an environment), its output going to NAME.out and
     * NAME.err. The pool's secret goes in its environment, where only its user can read it, not
     * on its command line, which ps shows to everyone.
     */
    Process start(String name, ProcessBuilder command) throws IOException {
        command.environment().put("SATIN_SECRET", SECRET);
        Process p = command.redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile()).start();
        LIVE.add(p);
        started.add(p);
        p.onExit().thenRun(() -> LIVE.remove(p));
        return p;
    }

    String out(String name) throws IOException {
        return read(name + ".out");
    }

    String err(String name) throws IOException {
        return read(name + ".err");
    }

    private String read(String file) throws IOException {
        Path f = dir.resolve(file);
        return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
    }

    /** Waits for a process that must succeed; what it printed is in the exception if it does not. */
    void await(Process p, String name, long timeout, TimeUnit unit) throws InterruptedException, IOException {
        if (!p.waitFor(timeout, unit)) {
            kill(p);
            throw new IllegalStateException(name + " did not finish in " + timeout + " " + unit.toString().toLowerCase()
                    + ":\n" + out(name) + err(name));
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(name + " failed with exit code " + p.exitValue() + ":\n" + out(name) + err(name));
        }
    }

    /** What the sequential program (the applications not rewritten) prints, and how long it took. */
    String sequential(List<String> program, List<Long> times) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(javaCommand, "-cp", sequentialClassPath()));
        command.addAll(program);
        long start = System.nanoTime();
        await(start("sequential", command), "sequential", 10, TimeUnit.MINUTES);
        times.add(System.nanoTime() - start);
        return out("sequential");
    }

    /** SIGKILL, which also ends a process stopped with SIGSTOP; and its children. */
    static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    /** Kills what this instance started, and waits until they are gone, so that their files may be used again. */
    void killAll() throws InterruptedException {
        started.forEach(PoolProcesses::kill);
        for (Process p : started) {
            p.waitFor(10, TimeUnit.SECONDS);
        }
        started.clear();
    }

    /** Kills what this instance started and deletes its directory. */
    @Override
    public void close() {
        try {
            killAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // all were killed; only the wait for them was cut short
        }
        delete(dir);
        DIRECTORIES.remove(dir);
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            System.err.println("bench: cannot delete " + dir + ": " + e.getMessage());
        }
    }
}
