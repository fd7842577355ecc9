package satin.codec;

import satin.launch.PoolMain;
import satin.runtime.InvocationRecord;
import satin.runtime.JobCopier;

/**
 * By-value mode's copier ({@code -Dsatin.byValue=always}): a job and its result go through the
 * pool's codec and the program's allowlist, bytes and all, exactly as a stolen job and its result
 * do. Found by the runtime as a service.
 */
public final class CodecCopier implements JobCopier {

    private final JobCodec codec;

    /** With the program's allowlist, as {@link PoolMain}'s nodes have. */
    public CodecCopier() {
        this(new JobCodec(Allowlist.forProgram()));
    }

    CodecCopier(JobCodec codec) {
        this.codec = codec;
    }

    @Override
    public InvocationRecord copyJob(InvocationRecord job) {
        return codec.readJob(codec.writeJob(job));
    }

    @Override
    public void copyResult(InvocationRecord ranCopy, InvocationRecord original) {
        codec.readResult(codec.writeResult(ranCopy), original);
    }
}
