package satin.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file of a recorded tree: what is written is read back, and anything malformed is refused with where. */
class TreeFileTest {

    @TempDir
    Path dir;

    /**
     * Root with two groups: a call with a leaf child, then a leaf; 4 calls with distinct numbers.
     * The root's segments: before each spawn and each sync, and after.
     */
    static SpawnTree sample() {
        int[] children = {2, 1, 0, 0};
        int[] group = {0, 0, 0, 1};
        int[] arg = {0, 120, 70, 4_000_000};
        int[] result = {0, 9, 4, 300};
        int[] segStart = {0, 5, 8, 9, 10};
        long[] segs = {11, 22, 33, 44, 55, 66, 77, 88, 66_000_000_000L, 99};
        return new SpawnTree("sample", children, group, arg, result, segStart, segs);
    }

    @Test
    void whatIsWrittenIsReadBack() throws IOException {
        SpawnTree t = sample();
        Path f = dir.resolve("t.tree");
        TreeFile.write(t, f);
        SpawnTree back = TreeFile.read(f);
        assertEquals(t.description(), back.description());
        assertEquals(t.size(), back.size());
        for (int i = 0; i < t.size(); i++) {
            assertEquals(t.childCount(i), back.childCount(i));
            assertEquals(t.group(i), back.group(i));
            assertEquals(t.argBytes(i), back.argBytes(i));
            assertEquals(t.resultBytes(i), back.resultBytes(i));
            assertEquals(t.segmentCount(i), back.segmentCount(i));
            for (int s = 0; s < t.segmentCount(i); s++) {
                assertEquals(t.segment(i, s), back.segment(i, s));
            }
        }
        assertEquals(t.checksum(), back.checksum());
        assertEquals(3, back.child(0, 1));
        assertEquals(11 + 22 + 33 + 44 + 55 + 66 + 77 + 88 + 66_000_000_000L + 99, back.totalNanos());
        assertEquals(2, back.groupCount(0));
    }

    @Test
    void aScaledTreeHasTheSameShapeAndSizesAndScaledTimes() {
        SpawnTree t = sample();
        SpawnTree half = t.scaled(0.5, "half");
        assertEquals("half", half.description());
        assertEquals(t.size(), half.size());
        for (int i = 0; i < t.size(); i++) {
            assertEquals(t.argBytes(i), half.argBytes(i));
            assertEquals(Math.round(t.segment(i, 0) * 0.5), half.segment(i, 0));
        }
        assertEquals(33_000_000_000L, half.ownNanos(2));
        assertThrows(IllegalArgumentException.class, () -> t.scaled(0, "none"));
    }

    @Test
    void aFileThatIsNotATreeIsRefusedNamingIt() throws IOException {
        Path f = dir.resolve("text.tree");
        Files.writeString(f, "hello");
        IOException e = assertThrows(IOException.class, () -> TreeFile.read(f));
        assertTrue(e.getMessage().startsWith(f.toString()) && e.getMessage().contains("not gzip"), e.getMessage());
    }

    @Test
    void everyTruncationIsRefusedWithWhereItEnds() throws IOException {
        byte[] raw = uncompressed(sample());
        for (int len = 0; len < raw.length; len++) {
            int n = len;
            IOException e = assertThrows(IOException.class, () -> read(Arrays.copyOf(raw, n)), "cut at " + n);
            assertTrue(e.getMessage().startsWith("mem.tree: ") && e.getMessage().contains("byte "), e.getMessage());
        }
    }

    @Test
    void everyChangedBitIsRefused() throws IOException {
        byte[] raw = uncompressed(sample());
        for (int i = 0; i < raw.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] bad = raw.clone();
                bad[i] ^= (byte) (1 << bit);
                int at = i;
                assertThrows(IOException.class, () -> read(bad), "byte " + at + " bit " + bit + " changed, and the file was accepted");
            }
        }
    }

    @Test
    void aHostileCountIsRefusedBeforeAnythingIsAllocated() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(TreeFile.magic());
            out.writeInt(TreeFile.version());
            TreeFile.writeVar(out, 0);
            TreeFile.writeVar(out, Integer.MAX_VALUE);
        }
        IOException e = assertThrows(IOException.class, () -> read(bytes.toByteArray()));
        assertTrue(e.getMessage().contains("number of calls 2147483647 out of bounds"), e.getMessage());
    }

    @Test
    void anotherVersionIsRefusedNamingBoth() throws IOException {
        byte[] raw = uncompressed(sample());
        raw[7] = 9;
        IOException e = assertThrows(IOException.class, () -> read(raw));
        assertTrue(e.getMessage().contains("version 9, and this build reads version 2"), e.getMessage());
    }

    @Test
    void aFileOfTheFormerVersionIsRefusedSayingToRecordAgain() throws IOException {
        byte[] raw = uncompressed(sample());
        raw[7] = 1; // version 1 had one segment per sync group, which a replay of today would misread
        IOException e = assertThrows(IOException.class, () -> read(raw));
        assertTrue(e.getMessage().contains("version 1, and this build reads version 2: record the tree again"), e.getMessage());
    }

    @Test
    void aSpawnerWithTooFewSegmentsIsRefused() throws IOException {
        SpawnTree oldShape = new SpawnTree("one per group", new int[] {2, 0, 0}, new int[] {0, 0, 0}, new int[] {0, 1, 1},
                new int[] {0, 1, 1}, new int[] {0, 2, 3, 4}, new long[] {1, 2, 3, 4});
        IOException e = assertThrows(IOException.class, () -> read(uncompressed(oldShape)));
        assertTrue(e.getMessage().contains("at call 0") && e.getMessage().contains("2 segments for a call of 2 children"), e.getMessage());
    }

    private static byte[] uncompressed(SpawnTree t) throws IOException {
        Path f = Files.createTempFile("tree", ".tree");
        try {
            TreeFile.write(t, f);
            return new java.util.zip.GZIPInputStream(Files.newInputStream(f)).readAllBytes();
        } finally {
            Files.delete(f);
        }
    }

    private static SpawnTree read(byte[] raw) throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(raw);
        }
        return TreeFile.read(new java.io.ByteArrayInputStream(gz.toByteArray()), "mem.tree");
    }
}
