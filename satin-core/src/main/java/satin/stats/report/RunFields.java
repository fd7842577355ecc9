package satin.stats.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The run's own fields of {@code stats.json}, beside its nodes: those every run has, real or
 * simulated, and a simulated run's own after them ({@code mode}, {@code seed} and the like).
 *
 * @param pool the pool's name, or null to leave it out
 * @param main the main class, or null to leave it out
 * @param more fields of this kind of run only, in order: numbers stay numbers, anything else is text
 */
public record RunFields(String pool, String main, String balancer, String balancerSettings, String wan,
        int clusters, long wallNanos, double wanMessagesPerSecond, Map<String, Object> more) {

    /** The fields in the file's order. */
    public Map<String, Object> fields() {
        Map<String, Object> f = new LinkedHashMap<>();
        if (pool != null) {
            f.put(StatsFile.POOL, pool);
        }
        if (main != null) {
            f.put(StatsFile.MAIN, main);
        }
        f.put(StatsFile.BALANCER, balancer);
        f.put(StatsFile.BALANCER_SETTINGS, balancerSettings);
        f.put(StatsFile.WAN, wan);
        f.put(StatsFile.CLUSTERS, clusters);
        f.put(StatsFile.WALL_NANOS, wallNanos);
        f.put(StatsFile.WAN_MESSAGES_PER_SECOND, wanMessagesPerSecond);
        f.putAll(more);
        return f;
    }
}
