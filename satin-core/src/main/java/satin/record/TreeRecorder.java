package satin.record;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import satin.codec.Allowlist;
import satin.config.Settings;
import satin.codec.JobCodec;
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
    private static final List<GarbageCollectorMXBean> GC = ManagementFactory.getGarbageCollectorMXBeans();

    private TreeBuilder builder;
    private long lastGcMillis;

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
        builder = new TreeBuilder(Settings.RECORD_FOLD_MICROS.longValue() * 1_000, Settings.RECORD_MAX_DEPTH.intValue(),
                Settings.RECORD_MAX_CALLS.intValue());
        spawned.clear();
    }

    /**
     * The program's run starts now, on another thread: its time until the first spawn is the
     * root's (the sequential set-up a replay must wait too).
     */
    public synchronized void begin() {
        resume();
    }

    /** The program's run ended now: its time since the last call returned is the root's (its checks, say). */
    public synchronized void end() {
        pause();
    }

    /** The tree recorded since the last reset; call it once the program's calls are done. */
    public synchronized SpawnTree tree(String description) {
        return builder.build(description);
    }

    /** The calls spawned since the last reset, folded ones included. */
    public synchronized long spawns() {
        return builder.spawns();
    }

    /**
     * Stops the running call's clock, less the garbage collections since it last started: a
     * collection stops the program, whichever call was running, and the copies of recording
     * make far more garbage than the program does.
     */
    private void pause() {
        long now = System.nanoTime();
        long gc = gcMillis();
        builder.pause(now, (gc - lastGcMillis) * 1_000_000);
    }

    /** Starts the running call's clock again; collections during the recorder's own work are no call's either. */
    private void resume() {
        lastGcMillis = gcMillis();
        builder.resume(System.nanoTime());
    }

    private static long gcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean b : GC) {
            sum += Math.max(0, b.getCollectionTime());
        }
        return sum;
    }

    @Override
    public synchronized InvocationRecord copyJob(InvocationRecord job) {
        pause();
        byte[] bytes = codec.writeJob(job);
        InvocationRecord copy = codec.readJob(bytes);
        spawned.put(copy, builder.spawn(bytes.length));
        resume();
        return copy;
    }

    @Override
    public synchronized void starting(InvocationRecord copy) {
        pause();
        Object call = spawned.get(copy);
        if (call == null) {
            throw new IllegalStateException("satin.record: a call started that was not spawned while recording");
        }
        builder.start(call);
        resume();
    }

    @Override
    public synchronized void copyResult(InvocationRecord ranCopy, InvocationRecord original) {
        pause();
        byte[] bytes = codec.writeResult(ranCopy);
        codec.readResult(bytes, original);
        Object call = spawned.remove(ranCopy);
        if (call != null) {
            builder.finish(call, bytes.length);
        }
        resume();
    }
}
