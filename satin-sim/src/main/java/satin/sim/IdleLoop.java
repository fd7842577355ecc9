package satin.sim;

/**
 * How often an idle worker asks its balancer for work, as the runtime's idle loop does
 * ({@code satin.runtime.Worker}, decision 0006): for {@code spinNanos} after it went idle it spins
 * and yields, asking on every round, so the balancer is asked again right after anything it hears;
 * then it parks for {@code minParkNanos}, twice as long each round up to {@code maxParkNanos}, and
 * asks once per wake-up.
 *
 * @param spinNanos    how long 50 spins and 200 yields take
 * @param minParkNanos the first park
 * @param maxParkNanos the longest park
 */
public record IdleLoop(long spinNanos, long minParkNanos, long maxParkNanos) {

    /** The runtime's parks (20 us doubling to 1 ms); the spin of 200 us is calibrated on this machine (decision 0020). */
    public static final IdleLoop RUNTIME = new IdleLoop(200_000, 20_000, 1_000_000);

    /**
     * An idle loop that never parks: the balancer is asked again right after anything it hears, as
     * a thief that polls all the time (Olivier and Prins's and Perarnau and Sato's MPI and UPC codes) asks. Not the
     * runtime's; for what-if runs.
     */
    public static final IdleLoop EAGER = new IdleLoop(Long.MAX_VALUE / 4, 1_000_000, 1_000_000);

    /** A round of the loop counted as parked for good. */
    static final int LONG_PARKED = 1_000;

    public IdleLoop {
        if (spinNanos < 0 || minParkNanos <= 0 || maxParkNanos < minParkNanos) {
            throw new IllegalArgumentException("an idle loop needs spin >= 0 and 0 < first park <= longest park");
        }
    }

    /** Whether a worker idle for long is parked (every loop but {@link #EAGER}). */
    boolean parks() {
        return spinNanos < EAGER.spinNanos;
    }

    /** The park after {@code round} parks. */
    long parkNanos(int round) {
        long p = minParkNanos << Math.min(round, 30);
        return p <= 0 || p > maxParkNanos ? maxParkNanos : p;
    }
}
