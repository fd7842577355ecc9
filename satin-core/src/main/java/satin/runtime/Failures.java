package satin.runtime;

import satin.SpawnException;

/**
 * Collects the exceptions of the calls one sync waited for into the {@link SpawnException} that
 * the sync throws: the first failure is its cause, the others are suppressed, none is lost.
 */
public final class Failures {

    private Failures() {
    }

    /**
     * @param soFar the failures of this sync so far, or {@code null}
     * @return {@code soFar} with {@code failure} added; a later spawn's abandonment is left out,
     *         for it is no failure of the program: such a spawn was cancelled because an earlier
     *         one failed (docs/decisions/0052), or its work was abandoned
     */
    public static SpawnException add(SpawnException soFar, Throwable failure) {
        if (soFar != null && Abandoned.in(failure)) {
            return soFar;
        }
        if (failure instanceof SpawnException crossed && failure.getCause() != null) {
            if (soFar == null) {
                // it already crossed an inner sync and holds this sync's failures so far: a new
                // wrapper at every level would fill in a stack trace per frame, and a failure
                // unwinding a recursion millions of frames deep (a stack overflow) would take minutes
                return crossed;
            }
            // keep its failures, not its wrapper
            SpawnException all = add(soFar, failure.getCause());
            for (Throwable more : failure.getSuppressed()) {
                all = add(all, more);
            }
            return all;
        }
        if (soFar == null) {
            return new SpawnException("a spawned call threw " + failure, failure);
        }
        soFar.addSuppressed(failure);
        return soFar;
    }

    /**
     * For rewritten code whose sync is inside a try of the program that catches the first failure
     * itself: that failure, to be thrown as the sequential program throws it, with the sync's
     * later failures suppressed in it, so that none is lost.
     */
    public static Throwable unwrapped(SpawnException failures) {
        Throwable first = failures.getCause();
        for (Throwable more : failures.getSuppressed()) {
            if (more != first) {
                first.addSuppressed(more);
            }
        }
        return first;
    }

    /**
     * For rewritten code that takes spawns back newest first: {@code failure} comes from a spawn
     * earlier in program order than every failure so far, so it becomes the cause, the earlier
     * cause and its suppressed ones follow it suppressed.
     *
     * @param soFar the failures of this sync so far (all of later spawns), or {@code null}
     * @return the sync's failures with {@code failure} first
     */
    public static SpawnException earlier(SpawnException soFar, Throwable failure) {
        SpawnException all = add(null, failure);
        if (soFar != null) {
            all = add(all, soFar);
        }
        return all;
    }

    /**
     * For a sync some of whose oldest spawns were stolen: their failures, oldest first, come
     * before every failure of the newer spawns the sync ran itself.
     *
     * @param stolen the stolen spawns' records, oldest first
     * @param later  the failures of the spawns run here (all newer), or {@code null}
     * @return the sync's failures in program order, or {@code null} if nothing failed
     */
    public static SpawnException stolen(InvocationRecord[] stolen, SpawnException later) {
        SpawnException all = null;
        for (InvocationRecord record : stolen) {
            if (record.failure != null) {
                all = add(all, record.failure);
            }
        }
        return later == null ? all : all == null ? later : add(all, later);
    }

    /**
     * The position of the earliest failed record, else {@code failedAt}: the position, in the
     * sync's program order, of the first spawn whose result may not be delivered.
     */
    public static int firstFailed(InvocationRecord[] stolen, int failedAt) {
        for (int i = 0; i < stolen.length; i++) {
            if (stolen[i].failure != null) {
                return i;
            }
        }
        return failedAt;
    }

    /**
     * For rewritten code whose generic sync failed while settling {@code records[index]}: the
     * spawn site of that record, the earliest failure in program order, whose handlers in the
     * sequential program may differ from those of the other spawns the sync waited for; -1 if
     * the sync failed before it had records.
     */
    public static int siteOf(InvocationRecord[] records, int index) {
        return records == null || index < 0 || index >= records.length ? -1 : records[index].site();
    }
}
