package satin.record;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads one {@link TreeFile}, checking as it goes: every count against its bound, every call's
 * children against the calls that are left, every sync group against its parent's, the end of
 * the file, and the checksum against the calls read.
 */
final class TreeReader {

    /** The calls room is made for at first; then twice as many each time the calls read fill it. */
    static final int FIRST_ROOM = 4_096;

    private final DataInputStream in;
    private final TreeFile.Counting position;
    private final String name;
    private int call = -1;

    TreeReader(DataInputStream in, TreeFile.Counting position, String name) {
        this.in = in;
        this.position = position;
        this.name = name;
    }

    SpawnTree read() throws IOException {
        if (in.readInt() != TreeFile.magic()) {
            throw malformed("not a recorded spawn tree (wrong magic number)");
        }
        int version = in.readInt();
        if (version != TreeFile.version()) {
            throw malformed("version " + version + ", and this build reads version " + TreeFile.version()
                    + (version < TreeFile.version() ? ": record the tree again (./bench replay --record-only, or satin.apps.replay.RecordTree)" : ""));
        }
        byte[] text = new byte[(int) bounded("description length", TreeFile.MAX_DESCRIPTION)];
        in.readFully(text);
        int n = (int) bounded("number of calls", TreeFile.MAX_CALLS);
        if (n < 1) {
            throw malformed("a tree of no calls");
        }
        long checksum = in.readLong();
        SpawnTree tree = calls(new String(text, StandardCharsets.UTF_8), n);
        if (in.read() != -1) {
            throw malformed("bytes after the last call");
        }
        if (TreeFile.fileChecksum(tree) != checksum) {
            throw malformed("the calls do not add up to the checksum of the header");
        }
        return tree;
    }

    private SpawnTree calls(String description, int n) throws IOException {
        // sized by the calls read so far, not by the count claimed: a header of 30 bytes claiming
        // 20 million calls made this reader allocate 400 MB before it found the file ended
        int room = Math.min(n, FIRST_ROOM);
        int[] childCount = new int[room];
        int[] group = new int[room];
        int[] arg = new int[room];
        int[] result = new int[room];
        int[] segStart = new int[room + 1];
        long[] segs = new long[Math.min(n * 2, 1 << 16)];
        int[] open = new int[64]; // the calls whose children are still being read, and how many are left
        int[] left = new int[64];
        int[] lastGroup = new int[64]; // the group of the last child read of each open call
        int depth = 0;
        int pending = 1; // calls the children counts so far promise, the root included
        for (call = 0; call < n; call++) {
            if (call == room) {
                room = (int) Math.min(n, 2L * room);
                childCount = Arrays.copyOf(childCount, room);
                group = Arrays.copyOf(group, room);
                arg = Arrays.copyOf(arg, room);
                result = Arrays.copyOf(result, room);
                segStart = Arrays.copyOf(segStart, room + 1);
            }
            int parent = depth == 0 ? -1 : open[depth - 1];
            if (call > 0 && depth == 0) {
                throw malformed("a second root: the calls before it had no room for this one");
            }
            childCount[call] = (int) bounded("children", n - pending);
            pending += childCount[call];
            group[call] = (int) bounded("sync group", TreeFile.MAX_CALLS);
            arg[call] = (int) bounded("argument bytes", TreeFile.MAX_BYTES);
            result[call] = (int) bounded("result bytes", TreeFile.MAX_BYTES);
            int count = (int) bounded("segments", 2L * childCount[call] + 1);
            if (childCount[call] == 0 ? count != 1 : count < childCount[call] + 2) {
                throw malformed(count + " segments for a call of " + childCount[call]
                        + " children (a leaf has one, a spawner one per child and per sync group, and one more)");
            }
            checkGroup(parent, group[call], segStart, childCount, depth == 0 ? 0 : lastGroup[depth - 1]);
            if (depth > 0) {
                lastGroup[depth - 1] = group[call];
            }
            for (int s = 0; s < count; s++) {
                if (segStart[call] + s == segs.length) { // grown as read: a count is only a claim
                    segs = Arrays.copyOf(segs, segs.length * 2);
                }
                segs[segStart[call] + s] = bounded("nanoseconds", Long.MAX_VALUE / n);
            }
            segStart[call + 1] = segStart[call] + count;
            if (depth > 0) {
                left[depth - 1]--;
            }
            if (childCount[call] > 0) {
                if (depth == open.length) {
                    open = Arrays.copyOf(open, depth * 2);
                    left = Arrays.copyOf(left, depth * 2);
                    lastGroup = Arrays.copyOf(lastGroup, depth * 2);
                }
                open[depth] = call;
                lastGroup[depth] = 0;
                left[depth++] = childCount[call];
            }
            while (depth > 0 && left[depth - 1] == 0) {
                depth--;
            }
        }
        if (depth != 0 || pending != n) {
            throw malformed("the file ends with calls still promised by their parents' children counts");
        }
        return new SpawnTree(description, childCount, group, arg, result, segStart, Arrays.copyOf(segs, segStart[n]));
    }

    /** A call's group must exist in its parent (which has children plus groups plus one segments) and not go back. */
    private void checkGroup(int parent, int g, int[] segStart, int[] childCount, int previousSibling) throws IOException {
        if (parent < 0) {
            if (g != 0) {
                throw malformed("the root in sync group " + g);
            }
            return;
        }
        int groups = segStart[parent + 1] - segStart[parent] - childCount[parent] - 1;
        if (g >= groups) {
            throw malformed("sync group " + g + " of a parent (call " + parent + ") with " + groups + " groups");
        }
        if (g < previousSibling) {
            throw malformed("sync group " + g + " after a sibling in group " + previousSibling);
        }
    }

    private long bounded(String what, long max) throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (v < 0 || v > max) {
                    throw malformed(what + " " + v + " out of bounds (at most " + max + ")");
                }
                return v;
            }
        }
        throw malformed(what + ": a number longer than 64 bits");
    }

    IOException malformed(String why) {
        String where = call < 0 ? "in the header" : "at call " + call;
        return new IOException(name + ": " + where + ", byte " + position.position + " of the uncompressed stream: " + why);
    }
}
