package satin.deploy.launch;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * One run's share of the class-data archive (AppCDS) of its pool processes: a file of the classes a
 * JVM loaded, which later JVMs of the same java and class path map instead of loading them again
 * (decision 0026). The archive is named by a hash of the java and of every class-path entry's
 * path, size and time, so a rebuilt jar or another JDK gets an archive of its own, never a stale
 * one. If there is none yet, one run at a time (a file lock) trains it: its master process writes
 * the archive at exit to a temporary file, which is checked and renamed into place once the
 * master has ended well. An archive is checked once ({@code -Xshare:on}, which refuses a mismatch
 * and crashes on a truncated file, as a run with it would) before any run uses it; one that fails
 * is said once, deleted, and made again. On JDK 25 and later the file is the JDK's ahead-of-time
 * cache instead ({@link ArchiveFormat}, decision 0049), made, checked and used the same way.
 */
public final class ClassDataArchive implements AutoCloseable {

    /** {@code -Dsatin.cds=off}: processes start without an archive. */
    public static final String PROPERTY = satin.config.Settings.CDS.name();
    /** {@code -Dsatin.cds.dir=DIR}: where archives are kept (default {@code ~/.cache/satin/cds}). */
    public static final String DIR_PROPERTY = satin.config.Settings.CDS_DIR.name();

    /** The JVM's own warnings to stderr: a pool process's stdout is the program's output. */
    private static final List<String> WARNINGS_TO_STDERR = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");
    private static final long PROBE_SECONDS = 60;

    private final ArchiveFormat format;
    private final Path archive;
    private final Path training;
    private final FileChannel lockFile;
    private final String java;
    private final String classPath;
    private final PrintStream notices;
    private boolean closed;

    private ClassDataArchive(ArchiveFormat format, Path archive, Path training, FileChannel lockFile, String java,
            String classPath, PrintStream notices) {
        this.format = format;
        this.archive = archive;
        this.training = training;
        this.lockFile = lockFile;
        this.java = java;
        this.classPath = classPath;
        this.notices = notices;
    }

    /** No archive: processes start as they would without one. */
    public static ClassDataArchive none() {
        return new ClassDataArchive(ArchiveFormat.CLASS_DATA, null, null, null, null, null, null);
    }

    /**
     * The archive of processes started with {@code java -cp classPath}: used if it is there and
     * sound, trained by this run if it is not and no other run trains it now, none when the
     * archive is switched off or the class path has anything but jars (JDK 17 archives classes of
     * jars only).
     */
    public static ClassDataArchive lease(String java, String classPath, PrintStream notices) throws IOException {
        if ("off".equals(satin.config.Settings.CDS.raw()) || !onlyJars(classPath)) {
            return none();
        }
        return lease(java, classPath, directory(), notices);
    }

    /** The same, kept in {@code dir} and whatever the class path or {@code satin.cds} say: for benchmarks and tests. */
    public static ClassDataArchive lease(String java, String classPath, Path dir, PrintStream notices)
            throws IOException {
        Files.createDirectories(dir);
        ArchiveFormat format = ArchiveFormat.of(java);
        Path archive = dir.resolve("pool-" + key(java, classPath) + format.extension());
        if (Files.exists(archive) && sound(format, archive, java, classPath, notices)) {
            return new ClassDataArchive(format, archive, null, null, java, classPath, notices);
        }
        FileChannel channel = FileChannel.open(dir.resolve(archive.getFileName() + ".lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // a run of this JVM trains it
        }
        if (lock == null) {
            channel.close();
            return none();
        }
        if (Files.exists(archive)) { // trained by the run that held the lock until now
            channel.close();
            return new ClassDataArchive(format, archive, null, null, java, classPath, notices);
        }
        Path training = dir.resolve(archive.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                + System.nanoTime());
        return new ClassDataArchive(format, archive, training, channel, java, classPath, notices);
    }

    private static Path directory() {
        String dir = satin.config.Settings.CDS_DIR.raw();
        if (dir != null) {
            return Path.of(dir);
        }
        String cache = System.getenv("XDG_CACHE_HOME");
        Path base = cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("satin").resolve("cds");
    }

    static boolean onlyJars(String classPath) {
        for (String e : classPath.split(Pattern.quote(File.pathSeparator))) {
            if (!e.endsWith(".jar") || !Files.isRegularFile(Path.of(e))) {
                return false;
            }
        }
        return !classPath.isEmpty();
    }

    /** What names the archive's contents: the JDK's build (its modules file) and every jar as it is now. */
    static String key(String java, String classPath) throws IOException {
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every JDK", e);
        }
        Path javaFile = Path.of(java).toRealPath();
        update(d, javaFile);
        update(d, javaFile.getParent().resolveSibling("lib").resolve("modules"));
        for (String e : classPath.split(Pattern.quote(File.pathSeparator))) {
            update(d, Path.of(e).toAbsolutePath());
        }
        return HexFormat.of().formatHex(d.digest(), 0, 8);
    }

    private static void update(MessageDigest d, Path file) throws IOException {
        String stamp = file + (Files.exists(file) ? "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file)
                .toMillis() : "|-") + "\n";
        d.update(stamp.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Whether an archive maps: checked once (a mark beside it records the file that passed), and
     * deleted with one notice when it does not.
     */
    private static boolean sound(ArchiveFormat format, Path archive, String java, String classPath, PrintStream notices)
            throws IOException {
        Path mark = archive.resolveSibling(archive.getFileName() + ".ok");
        String stamp = stamp(archive);
        if (Files.exists(mark) && Files.readString(mark, StandardCharsets.UTF_8).equals(stamp)) {
            return true;
        }
        String refusal = probe(format, archive, java, classPath);
        if (refusal == null) {
            Files.writeString(mark, stamp, StandardCharsets.UTF_8);
            return true;
        }
        notices.println("satin: the " + format.noun() + " " + archive + " cannot be used (" + refusal + "); deleted: this "
                + "run's JVMs start without it, and a run makes it again");
        Files.deleteIfExists(archive);
        Files.deleteIfExists(mark);
        return false;
    }

    private static String stamp(Path archive) throws IOException {
        return Files.size(archive) + " " + Files.getLastModifiedTime(archive).toMillis();
    }

    /** Null if a JVM starts with the archive required; else what it said. */
    static String probe(ArchiveFormat format, Path archive, String java, String classPath) throws IOException {
        Path errorFile = Files.createTempFile("satin-cds-probe-", ".log");
        try {
            List<String> command = new ArrayList<>(List.of(java));
            command.addAll(format.probe(archive));
            command.addAll(List.of("-XX:-CreateCoredumpOnCrash", "-XX:ErrorFile=" + errorFile, "-cp", classPath,
                    "-version"));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "a JVM with it did not start within " + PROBE_SECONDS + " s";
            }
            return p.exitValue() == 0 ? null : "a JVM with it exits with code " + p.exitValue() + ": " + firstWords(out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while checking it";
        } finally {
            Files.deleteIfExists(errorFile);
        }
    }

    /** The lines that say why, without the crash banner's decoration. */
    private static String firstWords(String out) {
        List<String> lines = new ArrayList<>();
        for (String line : out.split("\n")) {
            String l = line.strip();
            if (!l.isEmpty() && !l.equals("#") && lines.size() < 2) {
                lines.add(l.startsWith("# ") ? l.substring(2) : l);
            }
        }
        return String.join("; ", lines);
    }

    /** Whether the processes map an archive. */
    public boolean used() {
        return archive != null && training == null;
    }

    /** Whether this run trains the archive. */
    public boolean training() {
        return training != null;
    }

    /** What the archive is: a class-data archive, or from JDK 25 on an ahead-of-time cache. */
    public String kind() {
        return format.noun();
    }

    /** The archive's file, or null for none. */
    public Path file() {
        return archive;
    }

    /**
     * The JVM options of a process. Only a master started here trains: an archive is written by one
     * JVM, and SLURM's tasks all run one command.
     */
    public List<String> options(boolean trainsHere) {
        List<String> o = new ArrayList<>();
        if (used()) {
            o.addAll(format.use(archive));
            o.addAll(WARNINGS_TO_STDERR);
        } else if (training() && trainsHere) {
            o.addAll(format.training(training, WARNINGS_TO_STDERR));
        }
        return o;
    }

    /** The run is over; if it trained the archive and its master ended well, the archive takes its place. */
    public synchronized void close(boolean masterSucceeded) throws IOException {
        if (training == null || closed) {
            return;
        }
        closed = true;
        try {
            if (masterSucceeded && Files.exists(training)) {
                String refusal = probe(format, training, java, classPath);
                if (refusal == null) {
                    Files.move(training, archive, StandardCopyOption.ATOMIC_MOVE);
                    Files.writeString(archive.resolveSibling(archive.getFileName() + ".ok"), stamp(archive),
                            StandardCharsets.UTF_8);
                    notices.println("satin: made the " + format.noun() + " " + archive + "; later runs' JVMs start from it");
                } else {
                    notices.println("satin: the " + format.noun() + " this run wrote cannot be used (" + refusal
                            + "); the next run trains it again");
                }
            }
        } finally {
            Files.deleteIfExists(training);
            for (Path f : format.leftovers(training)) {
                Files.deleteIfExists(f);
            }
            lockFile.close(); // releases the lock
        }
    }

    @Override
    public void close() throws IOException {
        close(false);
    }
}
