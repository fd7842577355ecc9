package satin.record;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.testing.Seeds;
import satin.testing.UntrustedInput;

/**
 * Fuzz targets for the reader of recorded spawn trees: a file as it lies on disk (gzip), and the
 * stream inside it, which the fuzzer could hardly reach through gzip's checksums. A tree, or an
 * {@link IOException} naming the file; and what reading costs follows what the file holds, not
 * what its header claims.
 */
@Tag("fuzz")
class TreeFileFuzzTest {

    private static final String NAME = "fuzzed.tree";
    /** The stream: a call takes a few bytes and costs a few dozen in the tree's arrays. */
    private static final UntrustedInput.Bound STREAM = new UntrustedInput.Bound(16 << 20, 512);
    /** The file: gzip inflates a byte to at most some 1,032, each costing as in the stream. */
    private static final UntrustedInput.Bound FILE = new UntrustedInput.Bound(16 << 20, 1_032 * 512);

    @FuzzTest
    void file(byte[] bytes) throws Throwable {
        UntrustedInput.read(bytes.length, FILE, () -> read(new ByteArrayInputStream(bytes)), IOException.class);
    }

    @FuzzTest
    void stream(byte[] uncompressed) throws Throwable {
        byte[] file = gzip(uncompressed);
        UntrustedInput.read(uncompressed.length, STREAM, () -> read(new ByteArrayInputStream(file)), IOException.class);
    }

    private static SpawnTree read(InputStream in) throws IOException {
        try {
            return TreeFile.read(in, NAME);
        } catch (IOException e) {
            assertTrue(String.valueOf(e.getMessage()).startsWith(NAME + ": "), () -> "a refusal that does not name the file: " + e);
            throw e;
        }
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        }
        return out.toByteArray();
    }

    /**
     * Found by fuzzing (crash-54369de1... of the file target): a header claiming millions of calls
     * made the reader allocate its arrays for all of them, some 400 MB for 37 bytes, before it found
     * the file ended. Now what it allocates follows the calls it has read.
     */
    @Test
    void aHeaderClaimingMillionsOfCallsCostsWhatTheFileHolds() throws Throwable {
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(header)) {
            out.writeInt(0x53545245);
            out.writeInt(2);
            TreeFile.writeVar(out, 0);
            TreeFile.writeVar(out, TreeFile.MAX_CALLS);
            out.writeLong(0);
        }
        byte[] file = gzip(header.toByteArray());
        assertNull(UntrustedInput.read(file.length, new UntrustedInput.Bound(1 << 20, 0),
                () -> read(new ByteArrayInputStream(file)), IOException.class), "refused: the file ends early");
    }

    /**
     * Found by fuzzing (crash-4eceae5b... of the stream target): a call claiming millions of
     * segments made the reader grow its segment array for all of them, some 17 MB for 39 bytes,
     * before it found the stream ended. The array now grows with the segments read.
     */
    @Test
    void aCallClaimingMillionsOfSegmentsCostsWhatTheStreamHolds() throws Throwable {
        byte[] stream = Files.readAllBytes(Seeds.corpus(TreeFileFuzzTest.class, "stream")
                .resolve("crash-4eceae5b4f839e04e364a618d0e6ab711a461631"));
        byte[] file = gzip(stream);
        assertNull(UntrustedInput.read(stream.length, new UntrustedInput.Bound(1 << 20, 0),
                () -> read(new ByteArrayInputStream(file)), IOException.class), "refused: the stream ends early");
    }

    /** A complete binary tree of {@code depth} levels, each spawner syncing once, in the file's order. */
    static SpawnTree binary(int depth) {
        int n = (1 << depth) - 1;
        int[] children = new int[n];
        int[] group = new int[n];
        int[] arg = new int[n];
        int[] result = new int[n];
        int[] segStart = new int[n + 1];
        int[] call = {0};
        long[] segs = new long[4 * n];
        fill(depth, call, children, arg, result, segStart, segs);
        return new SpawnTree("binary " + depth, children, group, arg, result, segStart,
                java.util.Arrays.copyOf(segs, segStart[n]));
    }

    private static void fill(int depth, int[] call, int[] children, int[] arg, int[] result, int[] segStart, long[] segs) {
        int c = call[0]++;
        children[c] = depth > 1 ? 2 : 0;
        arg[c] = 16 + c;
        result[c] = 8;
        int count = depth > 1 ? 4 : 1; // before each spawn, before the sync, after it
        for (int s = 0; s < count; s++) {
            segs[segStart[c] + s] = 1_000L * (c + 1) + s;
        }
        segStart[c + 1] = segStart[c] + count;
        if (depth > 1) {
            fill(depth - 1, call, children, arg, result, segStart, segs);
            fill(depth - 1, call, children, arg, result, segStart, segs);
        }
    }

    /** The seeds: trees as the recorder's writer writes them, whole and unzipped. */
    @Test
    void theSeedsAreWhatTheWriterWrites(@TempDir Path dir) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Map<String, byte[]> streams = new LinkedHashMap<>();
        Map<String, SpawnTree> trees = Map.of("sample", TreeFileTest.sample(), "leaf", binary(1), "binary-5", binary(5));
        for (String name : new java.util.TreeSet<>(trees.keySet())) {
            Path f = dir.resolve(name);
            TreeFile.write(trees.get(name), f);
            byte[] file = Files.readAllBytes(f);
            files.put(name, file);
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(file))) {
                streams.put(name, in.readAllBytes());
            }
        }
        Seeds.check(TreeFileFuzzTest.class, "file", files);
        Seeds.check(TreeFileFuzzTest.class, "stream", streams);
    }
}
