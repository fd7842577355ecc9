package satin.record;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A spawn tree on disk: gzip of a header (magic, version, description, number of calls,
 * checksum) and the calls in preorder, each as variable-length integers: children, sync group in
 * its parent, argument bytes, result bytes, segments and their nanoseconds. Some 8 bytes a call
 * before gzip. Read back with every number bounded and the shape checked, so that a corrupt or
 * hostile file is refused with the file, the call and the byte where it went wrong.
 */
public final class TreeFile {

    private static final int MAGIC = 0x53545245; // "STRE"
    /** 2: a segment before every spawn and every sync (1 had one per sync group, and is refused). */
    private static final int VERSION = 2;
    /** Bounds on what a file may claim, so that reading one never allocates without limit. */
    public static final int MAX_CALLS = 20_000_000;
    static final int MAX_BYTES = 1 << 30;
    static final int MAX_DESCRIPTION = 4_096;

    private TreeFile() {
    }

    public static void write(SpawnTree tree, Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new GZIPOutputStream(Files.newOutputStream(file))))) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            byte[] text = tree.description().getBytes(StandardCharsets.UTF_8);
            writeVar(out, Math.min(text.length, MAX_DESCRIPTION));
            out.write(text, 0, Math.min(text.length, MAX_DESCRIPTION));
            writeVar(out, tree.size());
            out.writeLong(fileChecksum(tree));
            for (int i = 0; i < tree.size(); i++) {
                writeVar(out, tree.childCount(i));
                writeVar(out, tree.group(i));
                writeVar(out, tree.argBytes(i));
                writeVar(out, tree.resultBytes(i));
                writeVar(out, tree.segmentCount(i));
                for (int s = 0; s < tree.segmentCount(i); s++) {
                    writeVar(out, tree.segment(i, s));
                }
            }
        }
    }

    /**
     * @throws IOException naming the file, and for a malformed one the call and the byte (of the
     *     uncompressed stream) where it went wrong
     */
    public static SpawnTree read(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file)) {
            return read(raw, file.toString());
        }
    }

    static SpawnTree read(InputStream raw, String name) throws IOException {
        Counting counted;
        try {
            counted = new Counting(new BufferedInputStream(new GZIPInputStream(raw)));
        } catch (IOException e) {
            throw new IOException(name + ": not a recorded spawn tree (not gzip: " + e.getMessage() + ")", e);
        }
        TreeReader reader = new TreeReader(new DataInputStream(counted), counted, name);
        try {
            return reader.read();
        } catch (EOFException e) {
            throw reader.malformed("the file ends early");
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(name + ":")) {
                throw e;
            }
            throw reader.malformed("unreadable (" + e.getMessage() + ")");
        }
    }

    /** The tree's checksum with its description's, so that a change anywhere is noticed. */
    static long fileChecksum(SpawnTree tree) {
        return tree.checksum() + SpawnTree.mix(tree.description().hashCode());
    }

    static void writeVar(DataOutputStream out, long v) throws IOException {
        while ((v & ~0x7FL) != 0) {
            out.writeByte((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.writeByte((int) v);
    }

    static int magic() {
        return MAGIC;
    }

    static int version() {
        return VERSION;
    }

    /** Counts the bytes read, so that an error can say where. */
    static final class Counting extends java.io.FilterInputStream {
        long position;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            position += b >= 0 ? 1 : 0;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            position += Math.max(0, n);
            return n;
        }
    }
}
