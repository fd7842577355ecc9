package satin.pool;

import java.util.IdentityHashMap;
import java.util.Map;
import satin.record.SpawnTree;
import satin.record.TreeBuilder;
import satin.runtime.InvocationRecord;
import satin.runtime.JobCopier;

/**
 * By-value mode's copier that also records the spawn tree ({@code -Dsatin.record=true}, with
 * {@code satin.byValue=always} and one worker): every spawn is copied through the codec, so its
 * job and its result have their real sizes in bytes, and with one worker the calls run nested on
 * one thread, so the time between events is the running call's own. The codec's time is not
 * counted. Folding: {@code satin.record.foldMicros} (default 1000), {@code satin.record.maxDepth}
 * (default 64), {@code satin.record.maxCalls} (default 2,000,000).
 */
public final class TreeRecorder implements JobCopier {

    private static volatile TreeRecorder active;

    private final JobCodec codec = new JobCodec(Allowlist.forProgram());
    private final Map<InvocationRecord, Object> spawned = new IdentityHashMap<>();
    private TreeBuilder builder;

    public TreeRecorder() {
        reset();
        active = this;
    }

    /** The recorder of this JVM's node, or null if none records. */
    public static TreeRecorder active() {
        return active;
    }

    /** Forgets what was recorded (a warm-up run), and starts again, taking {@code overheadPerCall} ns off every call. */
    public synchronized void reset(long overheadPerCall) {
        reset();
        builder.subtractPerCall(overheadPerCall);
    }

    /** Forgets what was recorded (a warm-up run), and starts again. */
    public synchronized void reset() {
        builder = new TreeBuilder(Long.getLong("satin.record.foldMicros", 1_000) * 1_000,
                Integer.getInteger("satin.record.maxDepth", 64), Integer.getInteger("satin.record.maxCalls", 2_000_000));
        spawned.clear();
    }

    /**
     * The program's run starts now, on another thread: its time until the first spawn is the
     * root's (the sequential set-up a replay must wait too).
     */
    public synchronized void begin() {
        builder.resume(System.nanoTime());
    }

    /** The program's run ended now: its time since the last call returned is the root's (its checks, say). */
    public synchronized void end() {
        builder.pause(System.nanoTime());
    }

    /** The tree recorded since the last reset; call it once the program's calls are done. */
    public synchronized SpawnTree tree(String description) {
        return builder.build(description);
    }

    /** The calls spawned since the last reset, folded ones included. */
    public synchronized long spawns() {
        return builder.spawns();
    }

    @Override
    public synchronized InvocationRecord copyJob(InvocationRecord job) {
        builder.pause(System.nanoTime());
        byte[] bytes = codec.writeJob(job);
        InvocationRecord copy = codec.readJob(bytes);
        spawned.put(copy, builder.spawn(bytes.length));
        builder.resume(System.nanoTime());
        return copy;
    }

    @Override
    public synchronized void starting(InvocationRecord copy) {
        builder.pause(System.nanoTime());
        Object call = spawned.get(copy);
        if (call == null) {
            throw new IllegalStateException("satin.record: a call started that was not spawned while recording");
        }
        builder.start(call);
        builder.resume(System.nanoTime());
    }

    @Override
    public synchronized void copyResult(InvocationRecord ranCopy, InvocationRecord original) {
        builder.pause(System.nanoTime());
        byte[] bytes = codec.writeResult(ranCopy);
        codec.readResult(bytes, original);
        Object call = spawned.remove(ranCopy);
        if (call != null) {
            builder.finish(call, bytes.length);
        }
        builder.resume(System.nanoTime());
    }
}
