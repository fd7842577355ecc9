package satin.pool;

import satin.net.Connection;
import satin.net.Message;
import satin.runtime.InvocationRecord;

/**
 * A job this node stole from another: the call (deserialized, so by value) runs on a worker here,
 * and when it is done its result or failure goes back to the node it came from.
 */
final class RemoteJob extends InvocationRecord {

    private final InvocationRecord call;
    private final long job;
    private final Connection owner;
    private final JobCodec codec;
    private final PoolNode node;

    RemoteJob(InvocationRecord call, long job, Connection owner, JobCodec codec, PoolNode node) {
        this.call = call;
        this.job = job;
        this.owner = owner;
        this.codec = codec;
        this.node = node;
    }

    @Override
    protected void invoke() throws Throwable {
        call.invokeNow();
    }

    /** The call itself, as it arrived. */
    InvocationRecord call() {
        return call;
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
        byte[] payload;
        boolean failed = failure != null;
        try {
            payload = failed ? codec.writeFailure(failure) : codec.writeResult(call);
        } catch (RuntimeException e) {
            node.steals().decline(owner, job, e); // the result may not travel: the owner runs the call itself
            return;
        }
        node.stats.resultsSent.incrementAndGet(); // before: once the owner has it, its caller may read the totals
        owner.send(new Message.Result(job, failed, payload));
    }
}
