package satin.system;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * JVM processes of a test, started with this test's class path, their output collected as it
 * comes. {@link #close()} kills whatever still runs, so that no process outlives its test, whether
 * the test passed, failed or timed out. Netty tracks every buffer in them, as in the build's own
 * tests, and {@link #close()} fails the test where one reported a leak.
 */
final class Processes implements AutoCloseable {

    /** Every buffer tracked: a leak is reported on the standard error with where it was last touched. */
    static final String LEAK_DETECTION = "-Dio.netty.leakDetection.level=paranoid";
    /** The variables through which ./satin and ./bench pass JVM options to their own JVM. */
    private static final List<String> SCRIPT_OPTIONS = List.of("SATIN_JAVA_OPTS", "BENCH_JAVA_OPTS");

    /** One process and everything it printed so far. */
    static final class Child {
        final String name;
        final Process process;
        private final StringBuffer out = new StringBuffer();
        private final StringBuffer err = new StringBuffer();
        private final Thread outCollector;
        private final Thread errCollector;

        Child(String name, Process process) {
            this.name = name;
            this.process = process;
            outCollector = collect(process.getInputStream(), out, name + "-out");
            errCollector = collect(process.getErrorStream(), err, name + "-err");
        }

        private static Thread collect(InputStream in, StringBuffer into, String thread) {
            Thread t = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null;) {
                        into.append(line).append('\n');
                    }
                } catch (IOException e) {
                    // the process is gone
                }
            }, thread);
            t.setDaemon(true);
            t.start();
            return t;
        }

        /**
         * Waits until everything the exited process printed has been read: its pipes end when it
         * (and every child that inherited them) has gone. A child left holding them is no reason
         * to wait for ever, so the wait is bounded.
         */
        void drained() throws InterruptedException {
            outCollector.join(TimeUnit.SECONDS.toMillis(10));
            errCollector.join(TimeUnit.SECONDS.toMillis(10));
        }

        String out() {
            return out.toString();
        }

        String err() {
            return err.toString();
        }

        /** Waits for the exit and returns its code; fails the test if it takes longer than {@code seconds}. */
        int exit(long seconds) throws InterruptedException {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                throw new AssertionError(name + " still runs after " + seconds + " s; it printed:\n" + err());
            }
            drained();
            return process.exitValue();
        }

        /** Waits until a line of standard error matches, and returns it. */
        String awaitErrLine(Predicate<String> wanted, long seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < deadline) {
                for (String line : err().split("\n")) {
                    if (wanted.test(line)) {
                        return line;
                    }
                }
                if (!process.isAlive()) {
                    break;
                }
                Thread.sleep(10);
            }
            throw new AssertionError(name + " did not print the line expected within " + seconds + " s:\n" + err());
        }

        /**
         * Stops the process with SIGSTOP: alive and connected, but silent, as a machine that swaps
         * or a network that drops everything. {@link Processes#close()} still ends it: SIGKILL
         * reaches a stopped process.
         */
        void freeze() throws IOException, InterruptedException {
            signal("STOP");
        }

        /** Lets a frozen process run again (SIGCONT): the host came back. */
        void thaw() throws IOException, InterruptedException {
            signal("CONT");
        }

        private void signal(String name) throws IOException, InterruptedException {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed with " + kill.exitValue());
            }
        }

        @Override
        public String toString() {
            return name + " (stdout:\n" + out() + "stderr:\n" + err() + ")";
        }
    }

    private final List<Child> children = new ArrayList<>();

    static String java() {
        return System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    }

    /** Starts {@code mainClass} in a JVM with this test's class path (after {@code prefix}, if given). */
    Child start(String name, String classPathPrefix, String mainClass, List<String> args) throws IOException {
        String classPath = System.getProperty("java.class.path");
        if (classPathPrefix != null) {
            classPath = classPathPrefix + File.pathSeparator + classPath;
        }
        List<String> command = new ArrayList<>(List.of(java(), LEAK_DETECTION, "-cp", classPath, mainClass));
        command.addAll(args);
        ProcessBuilder b = new ProcessBuilder(command);
        b.environment().remove("SATIN_SECRET");
        Child c = new Child(name, b.start());
        children.add(c);
        return c;
    }

    /** Starts any command in {@code dir}: java with an agent, a README's shell lines. */
    Child command(String name, java.nio.file.Path dir, List<String> command) throws IOException {
        return command(name, dir, command, java.util.Map.of());
    }

    /** Starts any command in {@code dir} with more variables in its environment. */
    Child command(String name, java.nio.file.Path dir, List<String> command, java.util.Map<String, String> env)
            throws IOException {
        List<String> line = new ArrayList<>(command);
        if (line.get(0).equals(java())) {
            line.add(1, LEAK_DETECTION);
        }
        ProcessBuilder b = new ProcessBuilder(line).directory(dir.toFile());
        b.environment().remove("SATIN_SECRET");
        b.environment().putAll(env);
        for (String options : SCRIPT_OPTIONS) {
            b.environment().merge(options, LEAK_DETECTION, (given, leak) -> given + " " + leak);
        }
        Child c = new Child(name, b.start());
        children.add(c);
        return c;
    }

    /** What the sequential program (the applications not rewritten) prints for these arguments. */
    String sequential(String mainClass, String... args) throws IOException, InterruptedException {
        Child c = start("sequential", System.getProperty("satin.sequentialClasses"), mainClass, List.of(args));
        int exit = c.exit(120);
        if (exit != 0) {
            throw new AssertionError("the sequential program failed: " + c);
        }
        return c.out();
    }

    /** Everything every process printed so far, for a failure message. */
    String printed() {
        StringBuilder all = new StringBuilder();
        for (Child c : children) {
            all.append(c).append('\n');
        }
        return all.toString();
    }

    @Override
    public void close() throws InterruptedException {
        for (Child c : children) {
            c.process.descendants().forEach(ProcessHandle::destroyForcibly);
            c.process.destroyForcibly();
        }
        for (Child c : children) {
            c.process.waitFor(10, TimeUnit.SECONDS);
        }
        for (Child c : children) {
            if ((c.out() + c.err()).contains("LEAK:")) {
                throw new AssertionError("Netty found a buffer never released in " + c);
            }
        }
    }
}
