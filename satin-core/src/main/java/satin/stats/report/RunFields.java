package satin.stats.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The run's own fields of {@code stats.json}, beside its nodes: those every run has, real or
 * simulated, and a simulated run's own after them ({@code seed} and the like). Fields that are null
 * are left out.
 *
 * @param pool the pool's name
 * @param main the main class
 * @param mode how the run ran: null for a real pool, {@code simulate} for the simulator
 * @param lan the simulated LAN's name; null for a real pool, whose LAN is what it is
 * @param more fields of this kind of run only, in order: numbers stay numbers, anything else is text
 */
public record RunFields(String pool, String main, String mode, String balancer, String balancerSettings,
        String wan, String lan, int clusters, long wallNanos, double wanMessagesPerSecond, Map<String, Object> more) {

    /** The fields in the file's order. */
    public Map<String, Object> fields() {
        Map<String, Object> f = new LinkedHashMap<>();
        putText(f, StatsFile.POOL, pool);
        putText(f, StatsFile.MAIN, main);
        putText(f, StatsFile.MODE, mode);
        f.put(StatsFile.BALANCER, balancer);
        f.put(StatsFile.BALANCER_SETTINGS, balancerSettings);
        f.put(StatsFile.WAN, wan);
        putText(f, StatsFile.LAN, lan);
        f.put(StatsFile.CLUSTERS, clusters);
        f.put(StatsFile.WALL_NANOS, wallNanos);
        f.put(StatsFile.WAN_MESSAGES_PER_SECOND, wanMessagesPerSecond);
        f.putAll(more);
        return f;
    }

    private static void putText(Map<String, Object> f, String key, String value) {
        if (value != null) {
            f.put(key, value);
        }
    }
}
