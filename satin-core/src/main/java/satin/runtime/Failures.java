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
     * @return {@code soFar} with {@code failure} added
     */
    public static SpawnException add(SpawnException soFar, Throwable failure) {
        if (failure instanceof SpawnException && failure.getCause() != null) {
            // it already crossed an inner sync: keep its failures, not its wrapper
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
}
