package satin.deploy.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import satin.deploy.launch.RunRecord;

/**
 * One invocation of {@code satin compare} or {@code simulate}: its own directory under the output,
 * {@code <output>/<UTC time>-<random>/}, holding its runs and its report, so that two invocations
 * into the same output never share a report; every run is marked with the directory's name (its
 * {@code experiment}), by which {@code satin report} tells invocations apart; and
 * {@code <output>/latest} points at the newest.
 *
 * @param id        the directory's name, which the runs carry as their experiment
 * @param directory where the runs and the report go
 */
record Invocation(String id, Path directory) {

    static final String LATEST = "latest";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * The next invocation into {@code output}, nothing written yet: a matrix refused before its
     * first run leaves no directory.
     */
    static Invocation next(Path output) {
        byte[] b = new byte[3];
        RANDOM.nextBytes(b);
        String id = STAMP.format(Instant.now()) + "-" + HexFormat.of().formatHex(b);
        return new Invocation(id, output.resolve(id));
    }

    /** Makes the directory, never one another invocation has, and points {@code latest} at it. */
    void create() throws IOException {
        Files.createDirectories(directory.getParent());
        try {
            Files.createDirectory(directory);
        } catch (FileAlreadyExistsException e) { // 2^24 names a second: another invocation chose the same
            throw new IOException(directory + " exists already: another invocation took its name; run again", e);
        }
        pointLatest();
    }

    /** The same plan with its files under this invocation's directory. */
    satin.deploy.plan.RunPlan rebase(satin.deploy.plan.RunPlan plan) {
        return plan.with(plan.balancer(), plan.wan(), directory);
    }

    /** Marks a run's record as this invocation's. */
    void mark(Path runDir) throws IOException {
        if (runDir != null) {
            RunRecord.addText(runDir.resolve("result.json"), "experiment", id);
        }
    }

    /** Where the report goes. */
    Path report() {
        return directory.resolve("report");
    }

    /**
     * {@code latest} made to point here by renaming a new link over it, so that an invocation
     * starting beside this one sees one link or the other, never none; where links cannot be made,
     * there is no {@code latest} and the invocation says where its files are.
     */
    private void pointLatest() throws IOException {
        Path output = directory.getParent();
        Path link = output.resolve(LATEST + "." + id);
        try {
            Files.createSymbolicLink(link, directory.getFileName());
            Files.move(link, output.resolve(LATEST), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (UnsupportedOperationException | IOException e) {
            Files.deleteIfExists(link);
        }
    }
}
