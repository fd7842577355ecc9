package satin.codec;

import satin.runtime.InvocationRecord;

/**
 * A record in the shape the rewriter gives records, that exists only to warm the codec up: see
 * {@link JobCodec#prime()}. Only a codec made for priming allows it, so it never travels.
 */
final class Primer extends InvocationRecord {

    String receiver;
    long p0;
    int[] p1;
    long result;

    @Override
    protected void invoke() {
        throw new UnsupportedOperationException("a primer is never run");
    }
}
