package satin.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * In by-value mode, a spawned call as its own node "stole" it: a copy of the call, made through
 * the pool's codec when it was spawned, runs in place of the original; its result is copied back
 * into the original record through the codec too, and the original, which the spawner's sync
 * waits for, is finished. A call that could not be copied finishes with the refusal as its
 * failure, so that the sync reports it.
 */
final class ByValueJob extends InvocationRecord {

    private static final VarHandle CLAIMED;

    static {
        try {
            CLAIMED = MethodHandles.lookup().findVarHandle(ByValueJob.class, "claimed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Set by the one thread that runs the copy (or gives the original away). */
    @SuppressWarnings("unused")
    private volatile boolean claimed;

    private final InvocationRecord original;
    private final InvocationRecord copy;
    private final JobCopier copier;
    private final RuntimeException refusal;

    private ByValueJob(InvocationRecord original, InvocationRecord copy, JobCopier copier, RuntimeException refusal) {
        this.original = original;
        this.copy = copy;
        this.copier = copier;
        this.refusal = refusal;
    }

    /** Copies {@code original}'s call now, while the spawner's arguments are as it passed them. */
    static ByValueJob of(InvocationRecord original, JobCopier copier) {
        try {
            return new ByValueJob(original, copier.copyJob(original), copier, null);
        } catch (RuntimeException e) {
            return new ByValueJob(original, null, copier, new IllegalStateException("satin.byValue=always: the call "
                    + "spawned by " + original.getClass().getName() + " could not travel to another node, so on a "
                    + "pool it would silently run by reference at home: " + e.getMessage(), e));
        }
    }

    /** Whether this thread is the one that may run the copy: true exactly once. */
    boolean claim() {
        return CLAIMED.compareAndSet(this, false, true);
    }

    /** The record the spawner's sync waits for. */
    InvocationRecord original() {
        return original;
    }

    /** Whether the call could not be copied; then only running this job (which reports that) makes sense. */
    boolean refused() {
        return refusal != null;
    }

    @Override
    public boolean mayTravel() {
        return false; // the copy is this node's own: another node takes the original instead
    }

    /** Its failure is the call's own exception, or a result that may not travel back, or the refusal. */
    @Override
    protected void invoke() throws Throwable {
        if (refusal != null) {
            throw refusal;
        }
        copier.starting(copy);
        copy.invokeNow();
        copier.copyResult(copy, original);
    }

    /** Also when it never ran, its work being abandoned or cancelled: the spawner's sync waits for the original. */
    @Override
    protected void completed() {
        original.finishElsewhere(failure());
    }
}
