package satin.steal;

import satin.codec.Decoding;
import satin.codec.JobCodec;
import satin.net.Connection;
import satin.net.Message;
import satin.runtime.Abandoned;
import satin.runtime.InvocationRecord;
import satin.runtime.Lineage;

/**
 * A job this node stole from another (or was pushed): the call (deserialized, so by value) runs on
 * a worker here, and when it is done its result or failure goes back to the node it came from.
 * It is the root of its own {@link Lineage}: if its owner goes, the job and everything spawned
 * under it is abandoned.
 */
final class RemoteJob extends InvocationRecord {

    private final InvocationRecord call;
    private final long job;
    private final Connection owner;
    private final JobCodec codec;
    /** What it came through, and reports back through. */
    private final Thief thief;
    private final Lineage own = new Lineage();
    /** The job as it arrived: its name in the {@link ResultTable}. */
    private final byte[] bytes;

    RemoteJob(InvocationRecord call, long job, Connection owner, JobCodec codec, Thief thief, byte[] bytes) {
        this.call = call;
        this.bytes = bytes;
        this.job = job;
        this.owner = owner;
        this.codec = codec;
        this.thief = thief;
        belongsTo(own);
    }

    /** Not called once it was abandoned (see {@code InvocationRecord.run}). */
    @Override
    protected void invoke() throws Throwable {
        call.invokeNow();
    }

    /** The job's bytes as they arrived: what it travels on as, if it is handed on unrun. */
    byte[] bytes() {
        return bytes;
    }

    /** The call itself, as it arrived. */
    InvocationRecord call() {
        return call;
    }

    /** Whether this is job {@code id} of the node at the other end of {@code c}. */
    boolean is(Connection c, long id) {
        return owner == c && job == id;
    }

    boolean ownedBy(Connection c) {
        return owner == c;
    }

    /** Nobody waits for this job any more: it, and all work under it, is thrown away. */
    void abandon() {
        own.abandon();
    }

    @Override
    protected void completed() {
        reportBack(failure());
    }

    /**
     * Sends what the call came to back to its owner: run here, or passed on to a third node
     * whose result is already stored in {@link #call()}.
     */
    void reportBack(Throwable failure) {
        thief.orphans().finished(this);
        if (own.abandoned()) {
            return; // its owner is gone, and so is whoever waited
        }
        if (Abandoned.in(failure)) {
            // This node closes, and a job it gave away came back unrun (a full build once told the
            // owner so as the call's failure, and the run failed with it): the owner, seeing this
            // node go, runs the job again, as it does every job of a node that went.
            return;
        }
        byte[] payload;
        boolean failed = failure != null;
        try {
            payload = failed ? codec.writeFailure(failure)
                    : Decoding.encode("the result of job " + job, () -> codec.writeResult(call));
        } catch (RuntimeException | StackOverflowError e) {
            // the result may not travel (or is too deep to write): the owner runs the call itself
            thief.decline(owner, job, e);
            return;
        }
        if (!failed) {
            thief.orphans().sent(owner, bytes, payload); // before: the owner may be found dead as soon as it is sent
        }
        thief.stats().resultsSent.incrementAndGet(); // before: once the owner has it, its caller may read the totals
        owner.send(new Message.Result(job, failed, payload));
    }
}
