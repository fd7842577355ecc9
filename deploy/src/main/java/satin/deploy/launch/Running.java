package satin.deploy.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import satin.launch.PoolMain;

/** A started member: a local or ssh process, or a thread of this JVM running {@code PoolMain.run}. */
abstract class Running {

    final CommandBuilder.Member member;

    Running(CommandBuilder.Member member) {
        this.member = member;
    }

    abstract String out();

    abstract String err();

    /** Waits up to {@code millis} for the end; true if it has ended. */
    abstract boolean awaitEnd(long millis) throws InterruptedException;

    abstract int exitCode();

    /** Ends it now: a process with every descendant, a thread by interruption. */
    abstract void destroy();

    abstract boolean alive();

    /**
     * Hears each line a member prints, as it comes, from the thread that reads it.
     *
     * @return what the member's text keeps of the line, or null for nothing
     */
    interface Lines {
        String line(Running who, boolean stdout, String line);

        /** Keeps every line as it is, and tells no one. */
        Lines NONE = (who, stdout, line) -> line;
    }

    /** A process and what it prints, collected as it comes. */
    static final class OfProcess extends Running {
        private final Process process;
        private final StringBuffer out = new StringBuffer();
        private final StringBuffer err = new StringBuffer();
        private final Thread outReader;
        private final Thread errReader;

        OfProcess(CommandBuilder.Member member, List<String> command, String stdinText, Lines lines)
                throws IOException {
            this(member, command, stdinText, java.util.Map.of(), lines);
        }

        /** @param env variables for its environment (SATIN_SECRET is there only if given here) */
        OfProcess(CommandBuilder.Member member, List<String> command, String stdinText, java.util.Map<String, String> env,
                Lines lines) throws IOException {
            super(member);
            ProcessBuilder b = new ProcessBuilder(command);
            b.environment().remove("SATIN_SECRET");
            b.environment().putAll(env);
            process = b.start();
            outReader = collect(process.getInputStream(), out, line -> lines.line(this, true, line), member.name() + "-out");
            errReader = collect(process.getErrorStream(), err, line -> lines.line(this, false, line),
                    member.name() + "-err");
            try (OutputStream in = process.getOutputStream()) {
                if (stdinText != null) {
                    in.write(stdinText.getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                // the process is already gone; its exit code and stderr will say why
            }
        }

        /** Reads a stream line by line as it comes; each line to {@code sink}, and what it keeps into {@code into}. */
        private static Thread collect(InputStream in, StringBuffer into, java.util.function.UnaryOperator<String> sink,
                String name) {
            Thread t = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null;) {
                        String kept = sink.apply(line);
                        if (kept != null) {
                            into.append(kept).append('\n');
                        }
                    }
                } catch (IOException e) {
                    // the stream closed with the process
                }
            }, "satin-launch-" + name);
            t.setDaemon(true);
            t.start();
            return t;
        }

        long pid() {
            return process.pid();
        }

        @Override
        String out() {
            return out.toString();
        }

        @Override
        String err() {
            return err.toString();
        }

        @Override
        boolean awaitEnd(long millis) throws InterruptedException {
            if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
                return false;
            }
            outReader.join(2000); // the last lines reach the buffers
            errReader.join(2000);
            return true;
        }

        @Override
        int exitCode() {
            return process.exitValue();
        }

        @Override
        void destroy() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }

        @Override
        boolean alive() {
            return process.isAlive() || process.descendants().anyMatch(ProcessHandle::isAlive);
        }
    }

    /**
     * A SLURM cluster: the {@code sbatch --wait} of its job (or, inside an allocation, the script
     * whose srun is a step of it). What its tasks print is read from their files in the run
     * directory, rank by rank; ending it cancels the job (or step) with {@code scancel}.
     */
    static final class OfSlurm extends Running {
        private final OfProcess submit;
        private final java.nio.file.Path runDir;
        private final String allocation;
        private static final long SUBMIT_GONE_MILLIS = 5_000;
        /** The NAME of the job's {@code slurm-NAME.err}: the cluster's, or its heterogeneous job's. */
        private final String job;

        /** @param allocation the allocation the script runs in ({@code SLURM_JOB_ID}), or null when it is submitted */
        OfSlurm(CommandBuilder.Member member, List<String> command, java.nio.file.Path runDir, String allocation,
                String secret) throws IOException {
            this(member, submit(member, command, secret), runDir, allocation, member.cluster().name());
        }

        /**
         * A cluster whose job is {@code submit}, which other clusters may share (the components of a
         * heterogeneous job): it ends, fails and is cancelled with them.
         */
        OfSlurm(CommandBuilder.Member member, OfProcess submit, java.nio.file.Path runDir, String allocation, String job) {
            super(member);
            this.runDir = runDir;
            this.allocation = allocation;
            this.submit = submit;
            this.job = job;
        }

        /** Starts the sbatch (or, inside an allocation, the script) of a job; the secret in its environment. */
        static OfProcess submit(CommandBuilder.Member member, List<String> command, String secret) throws IOException {
            return new OfProcess(member, command, null, java.util.Map.of("SATIN_SECRET", secret), Lines.NONE);
        }

        /** The job's id as sbatch printed it ({@code --parsable}: {@code ID} or {@code ID;CLUSTER}), or null. */
        private String jobId() {
            String first = submit.out().strip().split("\n")[0];
            return allocation != null || first.isEmpty() ? null : first.split(";")[0];
        }

        @Override
        String out() {
            return tasks("out");
        }

        /** The tasks' errors rank by rank (the master's first), then sbatch's and the batch script's own. */
        @Override
        String err() {
            return tasks("err") + submit.err() + read(runDir.resolve("slurm-" + job + ".err"));
        }

        private String tasks(String stream) {
            StringBuilder b = new StringBuilder();
            for (int rank = 0; rank < member.nodes(); rank++) {
                b.append(read(SlurmJob.taskFile(runDir, member, stream, rank)));
            }
            return b.toString();
        }

        private static String read(java.nio.file.Path file) {
            try {
                return java.nio.file.Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return ""; // not written (yet): the task has not started
            }
        }

        @Override
        boolean awaitEnd(long millis) throws InterruptedException {
            return submit.awaitEnd(millis);
        }

        @Override
        int exitCode() {
            return submit.exitCode();
        }

        @Override
        void destroy() {
            if (submit.alive()) {
                String id = jobId();
                if (id == null && allocation == null) {
                    cancelUnnamed();
                    return;
                }
                SlurmJob.cancel(id, allocation, SlurmJob.name(runDir, job));
            }
            submit.destroy();
        }

        /**
         * sbatch has not printed the job's id (yet): once sbatch is gone no job can appear, and one it
         * submitted before is found by its name, which is the run's alone.
         */
        private void cancelUnnamed() {
            submit.destroy();
            try {
                submit.awaitEnd(SUBMIT_GONE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            SlurmJob.cancelByName(SlurmJob.name(runDir, job));
        }

        @Override
        boolean alive() {
            return submit.alive();
        }
    }

    /** {@code PoolMain.run} in a thread of this JVM; its main prints to {@code System.out}, which the run redirects. */
    static final class OfThread extends Running {
        private final LineTee errLines;
        private final PrintStream err;
        private final SharedOut out;
        private final Thread thread;
        private volatile int exitCode = -1;

        /** @param program the loader of the program's classes: main is found there, and the pool's allowlist uses it */
        OfThread(CommandBuilder.Member member, List<String> args, SharedOut out, ClassLoader program, Lines lines) {
            super(member);
            this.out = out;
            errLines = new LineTee(line -> lines.line(this, false, line));
            err = new PrintStream(errLines, true, StandardCharsets.UTF_8);
            out.ownedBy(this);
            thread = new Thread(() -> {
                try {
                    exitCode = PoolMain.run(args.toArray(new String[0]), out.stream(), err);
                } catch (InterruptedException e) {
                    err.println("satin: interrupted");
                    exitCode = RunOutcome.DESTROYED;
                } catch (RuntimeException | Error e) {
                    e.printStackTrace(err);
                    exitCode = 1;
                } finally {
                    err.flush();
                    errLines.finish();
                    out.finish();
                }
            }, "satin-launch-" + member.name());
            thread.setContextClassLoader(program);
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        String out() {
            return out.text();
        }

        @Override
        String err() {
            return errLines.text();
        }

        @Override
        boolean awaitEnd(long millis) throws InterruptedException {
            thread.join(Math.max(1, millis));
            return !thread.isAlive();
        }

        @Override
        int exitCode() {
            return exitCode;
        }

        @Override
        void destroy() {
            thread.interrupt();
        }

        @Override
        boolean alive() {
            return thread.isAlive();
        }
    }

    /** What this JVM prints on {@code System.out} while a run with in-JVM members goes. */
    static final class SharedOut {
        private final LineTee lines;
        private final PrintStream stream;
        /** The member in this JVM whose main prints here; null until it starts. */
        private volatile Running owner;

        SharedOut(Lines live) {
            lines = new LineTee(line -> live.line(owner, true, line));
            stream = new PrintStream(lines, true, StandardCharsets.UTF_8);
        }

        void ownedBy(Running member) {
            owner = member;
        }

        PrintStream stream() {
            return stream;
        }

        String text() {
            stream.flush();
            return lines.text();
        }

        /** Main is done: a last line without its newline is heard too. */
        void finish() {
            stream.flush();
            lines.finish();
        }
    }
}
