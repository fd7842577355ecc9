package satin.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Another git revision of this project, built (satin-core and the applications) in a worktree of
 * its own under benchmarks/target, for comparing this build with it; closing removes the worktree.
 * The build is offline: the revision must need nothing ~/.m2 lacks.
 */
final class BaselineBuild implements AutoCloseable {

    private final PoolProcesses processes;
    private final Path root;
    private final Path dir;
    final String revision;
    final String commit;

    private BaselineBuild(PoolProcesses processes, Path root, String revision, String commit) {
        this.processes = processes;
        this.root = root;
        this.revision = revision;
        this.commit = commit;
        this.dir = root.resolve("benchmarks/target/baseline-" + commit.substring(0, 12));
    }

    /** Checks {@code revision} out and builds it; the commands' output goes through {@code processes}. */
    static BaselineBuild of(PoolProcesses processes, String revision) throws IOException, InterruptedException {
        Path root = projectRoot();
        String commit = run(processes, "git-rev-parse", root, "git", "rev-parse", "--verify", revision + "^{commit}").strip();
        BaselineBuild b = new BaselineBuild(processes, root, revision, commit);
        b.checkOut();
        try {
            b.build();
        } catch (IOException | RuntimeException e) {
            b.close();
            throw e;
        }
        return b;
    }

    /** The project this benchmark was built in: its classes are in benchmarks/target/classes. */
    private static Path projectRoot() {
        try {
            Path classes = Path.of(BaselineBuild.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path root = classes.getParent().getParent().getParent();
            if (Files.isRegularFile(root.resolve("pom.xml")) && Files.isDirectory(root.resolve("benchmarks"))) {
                return root;
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // not from a directory of classes: said below
        }
        throw new IllegalStateException("a baseline needs the benchmark run from its project (./bench), not from a jar");
    }

    private void checkOut() throws IOException, InterruptedException {
        if (Files.exists(dir)) { // left by a run that was interrupted
            run(processes, "git-worktree-remove", root, "git", "worktree", "remove", "--force", dir.toString());
        }
        run(processes, "git-worktree-add", root, "git", "worktree", "add", "--detach", dir.toString(), commit);
    }

    /**
     * Builds the modules a pool needs, and writes each one's class path in its target/classpath.txt
     * within the same reactor, so that satin-core is this revision's jar rather than the one in ~/.m2.
     */
    private void build() throws IOException, InterruptedException {
        run(processes, "mvn-baseline", dir, "mvn", "-q", "-o", "-B", "-DskipTests", "package", "dependency:build-classpath",
                "-Dmdep.outputFile=target/classpath.txt", "-Dmdep.includeScope=runtime", "-pl", "satin-core,apps", "-am");
    }

    /** The class path of a pool of this revision: its applications' jar and what they need. */
    String classPath() throws IOException {
        Path target = dir.resolve("apps/target");
        try (Stream<Path> files = Files.list(target)) {
            Path jar = files.filter(f -> f.getFileName().toString().matches("satin-apps-.*\\d(-SNAPSHOT)?\\.jar"))
                    .findFirst().orElseThrow(() -> new IllegalStateException("no satin-apps jar in " + target));
            return jar + File.pathSeparator + Files.readString(target.resolve("classpath.txt")).strip();
        }
    }

    private static String run(PoolProcesses processes, String name, Path in, String... command)
            throws IOException, InterruptedException {
        processes.await(processes.start(name, new ProcessBuilder(List.of(command)).directory(in.toFile())), name, 20,
                TimeUnit.MINUTES);
        return processes.out(name);
    }

    @Override
    public void close() throws IOException {
        try {
            run(processes, "git-worktree-remove", root, "git", "worktree", "remove", "--force", dir.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
