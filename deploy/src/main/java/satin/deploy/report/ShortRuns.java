package satin.deploy.report;

import java.util.Locale;

/**
 * Runs too short to compare balancers by. A balancer over a wide-area link pays in round trips:
 * a run of a handful of them measures where the first steals happened to land, not the balancer.
 * And a run shorter than its own start-up measures mostly the start-up, whose cost varies from run
 * to run more than the balancers differ.
 */
public final class ShortRuns {

    /** The fewest WAN round trips a run must last to say anything about a balancer on that WAN. */
    public static final int ROUND_TRIPS = 20;

    private ShortRuns() {
    }

    /** Why {@code r} is too short to say anything, or empty if it is long enough. */
    public static String why(RunData r) {
        double roundTrip = 2 * Comparison.latency(r.wan()) / 1000;
        if (r.clusters() > 1 && r.runSeconds() < ROUND_TRIPS * roundTrip) {
            return String.format(Locale.ROOT, "%.3f s is under %d WAN round trips of %.0f ms (%.1f s)", r.runSeconds(),
                    ROUND_TRIPS, roundTrip * 1000, ROUND_TRIPS * roundTrip);
        }
        if (r.startupSeconds() != null && r.runSeconds() < r.startupSeconds()) {
            return String.format(Locale.ROOT, "%.3f s is under its start-up of %.3f s", r.runSeconds(),
                    r.startupSeconds());
        }
        return "";
    }
}
