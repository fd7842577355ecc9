package satin.apps.uts;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.DigestException;
import java.security.MessageDigest;

/**
 * A UTS tree one node at a time, for tools outside this package (the simulator, satin.sim, which
 * makes each node a job): a node is its 24-byte entry as on a {@link Walk}'s stack (the SHA-1
 * state, then the height, big-endian), and its children are derived from it as a walk derives
 * them, so the tree is the one {@link Uts} counts. Not thread-safe: one per thread.
 */
public final class TreeNodes {

    public static final int ENTRY = Walk.ENTRY;
    private static final int HEIGHT = 20;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private final Tree tree;
    private final Sample sample;
    private final MessageDigest digest = Walk.sha1();
    private final byte[] message = new byte[ENTRY];

    /** The tree the UTS application's arguments describe: a sample's name and options ({@link Arguments}). */
    public TreeNodes(String... args) {
        Arguments a = Arguments.parse(args);
        this.tree = a.tree();
        this.sample = a.sample() != null && a.sample().tree().sameShape(a.tree()) ? a.sample() : null;
    }

    /** The root's entry. */
    public byte[] root() {
        return Walk.root(tree);
    }

    public int height(byte[] entry, int off) {
        return (int) INT.get(entry, off + HEIGHT);
    }

    /** How many children the node at {@code entry[off..off+23]} has. */
    public int children(byte[] entry, int off) {
        int kids = tree.numChildren((int) INT.get(entry, off + 16) & 0x7fffffff, height(entry, off));
        return Math.max(0, kids);
    }

    /** Writes the entry of child {@code index} of the node at {@code parent[off..]} to {@code out[outOff..]}. */
    public void child(byte[] parent, int off, int index, byte[] out, int outOff) {
        System.arraycopy(parent, off, message, 0, HEIGHT);
        INT.set(message, HEIGHT, index);
        digest.update(message, 0, ENTRY);
        try {
            digest.digest(out, outOff, HEIGHT);
        } catch (DigestException e) {
            throw new IllegalStateException("20 bytes hold a SHA-1 digest", e);
        }
        INT.set(out, outOff + HEIGHT, height(parent, off) + 1);
    }

    /** SHA-1 evaluations per child in the application ({@code -g}): its cost, not its shape. */
    public int granularity() {
        return tree.granularity;
    }

    public String describe() {
        return tree.describe();
    }

    /** The published size of the sample tree these arguments name unchanged, or -1. */
    public long publishedSize() {
        return sample == null ? -1 : sample.size();
    }
}
