package satin.apps.uts;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A depth-first traversal with an explicit stack, so that trees hundreds of thousands of levels
 * deep need no recursion. A stack entry is 24 bytes: the node's state (a SHA-1 digest, 20 bytes)
 * and its height. Entries live in {@code [bottom, top)}: the traversal pops at the top, and part
 * of the frontier can be handed off from the bottom, where the shallowest (usually largest)
 * subtrees wait, without moving the rest.
 *
 * <p>The children's digests are computed by the JDK's SHA-1 unless the run asks for
 * {@link Sha1}: the JDK's runs on the processor's SHA instructions where there are some (about
 * 60 ns a digest here, against 165 for {@link Sha1}; without them the JDK's takes 190, and
 * {@code -s own} is the faster choice), and the states are kept as bytes so that it digests
 * straight into the stack.
 *
 * <p>Public, like the other helpers, because the sequential program's {@link Uts} is loaded apart
 * from them in the tests and must reach them from another runtime package.
 */
public final class Walk {

    static final int ENTRY = 24;
    private static final int HEIGHT = 20;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private byte[] stack;
    private int bottom;
    private int top;
    /** The message of a child: the parent's state, then the child's index. */
    private final byte[] message = new byte[ENTRY];
    private final MessageDigest digest;
    long nodes;
    long leaves;
    int maxDepth;

    /** Starts from the nodes of a frontier (entries as on the stack). */
    public Walk(byte[] frontier, boolean ownSha1) {
        if (frontier.length % ENTRY != 0) {
            throw new IllegalArgumentException("a frontier of " + frontier.length + " bytes is not whole entries");
        }
        stack = new byte[Math.max(64 * ENTRY, 2 * frontier.length)];
        System.arraycopy(frontier, 0, stack, 0, frontier.length);
        top = frontier.length / ENTRY;
        digest = ownSha1 ? null : sha1();
    }

    static MessageDigest sha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }

    /** The frontier of the root alone. */
    public static byte[] root(Tree tree) {
        byte[] entry = new byte[ENTRY];
        Sha1.root(tree.rootSeed, entry, 0);
        return entry;
    }

    public int size() {
        return top - bottom;
    }

    public boolean isEmpty() {
        return top == bottom;
    }

    /** Visits up to {@code budget} nodes (each counted when popped), pushing their children. */
    public void run(Tree tree, long budget) {
        byte[] s = stack;
        byte[] msg = message;
        int t = top;
        long n = nodes;
        long leafCount = leaves;
        int deepest = maxDepth;
        long end = budget > Long.MAX_VALUE - n ? Long.MAX_VALUE : n + budget;
        int g = tree.granularity;
        while (t > bottom && n < end) {
            t--;
            int at = t * ENTRY;
            int h = (int) INT.get(s, at + HEIGHT);
            n++;
            if (h > deepest) {
                deepest = h;
            }
            // the reference's rng_rand: the last four bytes of the state, less the sign bit
            int kids = tree.numChildren((int) INT.get(s, at + 16) & 0x7fffffff, h);
            if (kids <= 0) {
                leafCount++;
                continue;
            }
            System.arraycopy(s, at, msg, 0, 20);
            if ((t + kids) * ENTRY > s.length) {
                top = t;
                s = makeRoom(kids);
                t = top;
            }
            for (int i = 0; i < kids; i++) {
                int off = (t + i) * ENTRY;
                INT.set(msg, 20, i);
                for (int j = 0; j < g; j++) {
                    hash(msg, s, off);
                }
                INT.set(s, off + HEIGHT, h + 1);
            }
            t += kids;
        }
        top = t;
        nodes = n;
        leaves = leafCount;
        maxDepth = deepest;
    }

    private void hash(byte[] msg, byte[] out, int off) {
        if (digest == null) {
            Sha1.child(msg, out, off);
            return;
        }
        digest.update(msg, 0, ENTRY);
        try {
            digest.digest(out, off, 20);
        } catch (DigestException e) {
            throw new IllegalStateException("20 bytes hold a SHA-1 digest", e);
        }
    }

    /** Moves the entries to the start of the stack, a larger one unless that leaves room enough for {@code more}. */
    private byte[] makeRoom(int more) {
        int used = (top - bottom) * ENTRY;
        byte[] s = stack;
        int needed = used + more * ENTRY;
        if (2 * needed > s.length) { // keep half free after a move, so that moves stay rare
            s = new byte[Math.max(2 * s.length, 2 * needed)];
        }
        System.arraycopy(stack, bottom * ENTRY, s, 0, used);
        stack = s;
        top -= bottom;
        bottom = 0;
        return s;
    }

    /**
     * Removes every other entry of the bottom {@code 2 * max} (the second, fourth, ...) and returns
     * them as a frontier: about half the work of the bottom, where nodes are shallowest, goes and
     * half stays, whether subtrees shrink with depth (geometric trees) or not (binomial ones).
     */
    public byte[] takeEveryOther(int max) {
        int region = Math.min(size(), 2 * max);
        int count = region / 2;
        if (count < 1) {
            throw new IllegalArgumentException("cannot hand off one of " + size() + " entries");
        }
        byte[] part = new byte[count * ENTRY];
        int kept = bottom + region;
        // from the top of the region down, so that a kept entry only moves onto one already read
        for (int i = region - 1; i >= 0; i--) {
            int from = (bottom + i) * ENTRY;
            if (i % 2 == 1) {
                System.arraycopy(stack, from, part, (i / 2) * ENTRY, ENTRY);
            } else {
                kept--;
                System.arraycopy(stack, from, stack, kept * ENTRY, ENTRY);
            }
        }
        bottom = kept;
        return part;
    }

    /** Nodes, leaves and maximum depth, and the generation of the job. */
    public long[] counts(int generation) {
        return new long[] {nodes, leaves, maxDepth, generation};
    }
}
