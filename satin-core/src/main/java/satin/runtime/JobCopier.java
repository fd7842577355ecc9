package satin.runtime;

import satin.config.Settings;
import java.util.ServiceLoader;

/**
 * Copies a job and its result as they would be copied if another node stole the job: the hook of
 * by-value mode ({@code -Dsatin.byValue=always}). The runtime does not know how jobs are written
 * for the network; the pool's codec implements this and is found as a service, so that the copy
 * goes through exactly the serializer, and the allowlist, that stolen jobs go through.
 */
public interface JobCopier {

    /**
     * The call of {@code job} (receiver and arguments) as a thief would receive it.
     *
     * @throws RuntimeException naming the class and the field path of what may not travel
     */
    InvocationRecord copyJob(InvocationRecord job);

    /**
     * Stores the result of {@code ranCopy} into {@code original} as the owner would receive it.
     *
     * @throws RuntimeException naming the class and the field path of what may not travel
     */
    void copyResult(InvocationRecord ranCopy, InvocationRecord original);

    /**
     * Told on the thread that runs it, just before the copy made by {@link #copyJob} runs: a
     * recorder of spawn trees learns when each call starts ({@code satin.record}).
     */
    default void starting(InvocationRecord copy) {
    }

    /**
     * A copier that copies nothing: the thief runs the spawner's own record, its arguments and
     * result shared, as a worker of the same node runs a job it steals. With it a node takes every
     * spawn down the stolen path ({@link Node#start(NodeConfig, JobCopier)}) without changing what
     * a program that shares mutable arguments computes: for tests of rewritten code, whose stolen
     * path otherwise runs only when a thief happens to be quick enough.
     */
    static JobCopier sharing() {
        return Sharing.INSTANCE;
    }

    /** See {@link #sharing()}. */
    enum Sharing implements JobCopier {
        INSTANCE;

        @Override
        public InvocationRecord copyJob(InvocationRecord job) {
            return job;
        }

        @Override
        public void copyResult(InvocationRecord ranCopy, InvocationRecord original) {
            // one record: the result is where the spawner reads it
        }
    }

    /**
     * The copier on the class path: the pool's codec with the program's allowlist; with
     * {@code -Dsatin.record=true}, the recorder of spawn trees ({@code satin.record.TreeRecorder}).
     */
    static JobCopier find() {
        boolean recording = Settings.RECORD.isOn();
        return ServiceLoader.load(JobCopier.class, JobCopier.class.getClassLoader()).stream()
                .filter(p -> p.type().getSimpleName().equals("TreeRecorder") == recording)
                .map(ServiceLoader.Provider::get).findFirst()
                .orElseThrow(() -> new IllegalStateException("satin.byValue=always needs a " + JobCopier.class.getName()
                        + " service (satin.pool's codec), and none is on the class path"));
    }
}
