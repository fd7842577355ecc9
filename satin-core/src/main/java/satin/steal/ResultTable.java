package satin.steal;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import satin.runtime.Lineage;

/**
 * Results saved from abandoned work, so that the work that replaces it need not compute them again:
 * Satin's global result table, replicated, "with aborts" (Wrzesinska et al., IPDPS 2005).
 *
 * <p>A job is known by the digest of its bytes, the receiver and arguments by value, which are the
 * same wherever and however often the same call is spawned: a stolen job's result depends on
 * nothing else. While a job from elsewhere runs here, the results of the calls it gave to other
 * nodes are remembered as they come back; when its owner dies and it is abandoned, they go into
 * the table (and to every member), where they answer the same calls when the owner's owner runs
 * the lost work again, or when a new master restarts the root call. The results a node sent
 * lately to an owner that is then declared dead are saved too: it may have frozen or died before
 * it read them. Results that came back after
 * the abandonment are not kept: a call that saw its work abandoned may have been cut short.
 *
 * <p>The table is looked at only where a job leaves a node or arrives at one, where its bytes are
 * at hand; a call a worker runs itself is not looked up, so that the spawn path pays nothing.
 * Nothing is hashed until something is saved, and the table is empty in a run without failures.
 */
final class ResultTable {

    static final int KEY_BYTES = 32;
    private static final long DEFAULT_CAPACITY = 64L << 20;

    /** A digest of a job's bytes, as a map key. */
    static final class Key {
        private final byte[] digest;

        private Key(byte[] digest) {
            this.digest = digest;
        }

        static Key of(byte[] job) {
            try {
                return new Key(MessageDigest.getInstance("SHA-256").digest(job));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java platform has SHA-256", e);
            }
        }

        /** A key as another member sent it; null if it is not one. */
        static Key read(byte[] digest) {
            return digest != null && digest.length == KEY_BYTES ? new Key(digest.clone()) : null;
        }

        byte[] bytes() {
            return digest.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(digest, k.digest);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(digest);
        }
    }

    /** A call's result, saved: what a thief would have sent back for it. */
    record Known(Key key, byte[] result) {
    }

    /** A job's bytes and its result, held until it is clear whether they must be saved; {@code nanos} when sent. */
    private record Remembered(byte[] job, byte[] result, long nanos) {
        long size() {
            return job.length + result.length;
        }
    }

    private final long capacity;
    /** Oldest first, so that a full table forgets the oldest. */
    private final LinkedHashMap<Key, byte[]> known = new LinkedHashMap<>();
    private long knownBytes;
    private volatile boolean empty = true;
    private final Map<Lineage, Queue<Remembered>> cameBack = new ConcurrentHashMap<>();
    /** Results sent lately to each owner (by its node's name), oldest first. */
    private final Map<String, Queue<Remembered>> sent = new ConcurrentHashMap<>();
    private final AtomicLong rememberedBytes = new AtomicLong();

    ResultTable() {
        this(DEFAULT_CAPACITY);
    }

    /** A table that holds up to {@code capacity} bytes of results, and as much of those it may save. */
    ResultTable(long capacity) {
        this.capacity = capacity;
    }

    /**
     * A call that work for others gave away came back with {@code result}: remembered until that
     * work reports back, in case it is abandoned first. Past the capacity, forgotten at once.
     */
    void cameBack(Lineage work, byte[] job, byte[] result) {
        Remembered c = new Remembered(job, result, 0);
        if (room(c)) {
            cameBack.computeIfAbsent(work, l -> new ConcurrentLinkedQueue<>()).add(c);
        }
    }

    private boolean room(Remembered c) {
        if (rememberedBytes.addAndGet(c.size()) > capacity) {
            rememberedBytes.addAndGet(-c.size());
            return false;
        }
        return true;
    }

    /**
     * A result was sent to {@code owner} at {@code now}: remembered for {@code keepNanos}, the time
     * within which an owner that never read it (it froze or died as it came) is declared dead.
     */
    void sent(String owner, byte[] job, byte[] result, long now, long keepNanos) {
        Queue<Remembered> q = sent.computeIfAbsent(owner, o -> new ConcurrentLinkedQueue<>());
        for (Remembered oldest = q.peek(); oldest != null && now - oldest.nanos() > keepNanos; oldest = q.peek()) {
            if (q.remove(oldest)) {
                rememberedBytes.addAndGet(-oldest.size());
            }
        }
        Remembered c = new Remembered(job, result, now);
        if (room(c)) {
            q.add(c);
        }
    }

    /** The owner went: the results sent to it lately go into the table, for it may never have read them. */
    List<Known> saveSent(String owner) {
        return saveAll(sent.remove(owner));
    }

    /** The owner went and nothing need be saved (the run ends). */
    void forgetSent(String owner) {
        release(sent.remove(owner));
    }

    /** The work reported back: nothing of it need be saved. */
    void done(Lineage work) {
        release(cameBack.remove(work));
    }

    /** The work was abandoned: what came back for it while it ran goes into the table. Returns what is new. */
    List<Known> save(Lineage work) {
        return saveAll(cameBack.remove(work));
    }

    private List<Known> saveAll(Queue<Remembered> results) {
        List<Known> saved = new ArrayList<>();
        if (results != null) {
            for (Remembered c : results) {
                Known k = new Known(Key.of(c.job()), c.result());
                if (learn(k)) {
                    saved.add(k);
                }
            }
            release(results);
        }
        return saved;
    }

    private void release(Queue<Remembered> results) {
        if (results != null) {
            rememberedBytes.addAndGet(-results.stream().mapToLong(Remembered::size).sum());
        }
    }

    /** A result saved here or by another member; false if it was known already (or cannot fit). */
    synchronized boolean learn(Known k) {
        if (known.containsKey(k.key()) || k.result().length > capacity) {
            return false;
        }
        Iterator<byte[]> oldest = known.values().iterator();
        while (knownBytes + k.result().length > capacity) {
            knownBytes -= oldest.next().length;
            oldest.remove();
        }
        known.put(k.key(), k.result());
        knownBytes += k.result().length;
        empty = false;
        return true;
    }

    /** The saved result of the call whose bytes are {@code job}, or null: free while nothing is saved. */
    byte[] lookup(byte[] job) {
        if (empty) {
            return null;
        }
        Key key = Key.of(job);
        synchronized (this) {
            return known.get(key);
        }
    }

    synchronized int size() {
        return known.size();
    }
}
