package satin.deploy.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Run directories written by hand, with numbers chosen so that the report's can be worked out. */
final class SyntheticRuns {

    private SyntheticRuns() {
    }

    /**
     * stats.json of {@code nodes} nodes; node k (from 0) has {@code lanStealRequests} k + 1,
     * {@code wanSteals} k, {@code jobsGiven} 2, and is busy from k/10 s to 1 s.
     */
    static String stats(String main, String balancer, String wan, int clusters, int nodes, long wallNanos,
            double wanPerSecond) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "{\"pool\":\"p\",\"main\":\"%s\",\"balancer\":\"%s\",\"balancerSettings\":\"\",\"wan\":\"%s\","
                        + "\"clusters\":%d,\"wallNanos\":%d,\"wanMessagesPerSecond\":%s,\"nodes\":[",
                main, balancer, wan, clusters, wallNanos, Double.toString(wanPerSecond)));
        for (int k = 0; k < nodes; k++) {
            b.append(k > 0 ? ",\n" : "\n").append(String.format(Locale.ROOT,
                    "{\"node\":%d,\"name\":\"n%d\",\"cluster\":\"c%d\",\"futureField\":{\"x\":[1]},"
                            + "\"lanStealRequests\":%d,\"lanSteals\":1,\"wanStealRequests\":3,\"wanSteals\":%d,"
                            + "\"jobsGiven\":2,\"prefetched\":1,\"jobsPushed\":0,\"wanMessagesSent\":5,"
                            + "\"activityOriginEpochMicros\":1700000000000000,\"activity\":[[%d,1],[1000000000,0]]}",
                    k + 1, k, k % clusters, k + 1, k, k * 100_000_000L));
        }
        return b.append("]}\n").toString();
    }

    static Path run(Path root, String name, String stats, String result) throws IOException {
        Path d = Files.createDirectories(root.resolve(name));
        if (stats != null) {
            Files.writeString(d.resolve(RunReader.STATS), stats);
        }
        if (result != null) {
            Files.writeString(d.resolve(RunReader.RESULT), result);
        }
        return d;
    }

    static String result(String balancer, String wan, String clusters, String nodes, int repetition, double seconds,
            double sequentialSeconds) {
        return String.format(Locale.ROOT,
                "{\"app\":\"fib\",\"args\":[\"30\"],\"balancer\":\"%s\",\"wan\":\"%s\",\"clusters\":%s,%s"
                        + "\"repetition\":%d,\"wallNanos\":%d,\"exitCode\":0,\"sequentialNanos\":%d,"
                        + "\"machine\":{\"cores\":2}}",
                balancer, wan, clusters, nodes == null ? "" : "\"nodes\":" + nodes + ",", repetition,
                Math.round(seconds * 1e9), Math.round(sequentialSeconds * 1e9));
    }

    /**
     * result.json as the launcher writes it: the plan nested, with clusters and the app as objects;
     * its time is the pool's plus 1.5 s of starting.
     */
    static String launcherResult(String balancer, String wan, double poolSeconds) {
        return String.format(Locale.ROOT, "{\"plan\":{\"pool\":\"p\",\"clusters\":[{\"name\":\"a\",\"nodes\":2,"
                + "\"workers\":1,\"placement\":\"IN_JVM\",\"hosts\":[],\"jvmOptions\":[]},{\"name\":\"b\",\"nodes\":2,"
                + "\"workers\":1,\"placement\":\"IN_JVM\",\"hosts\":[],\"jvmOptions\":[]}],\"wan\":\"%s\","
                + "\"app\":{\"name\":\"fib\",\"mainClass\":\"satin.apps.fib.Fib\",\"args\":[\"30\"]},"
                + "\"balancer\":\"%s\",\"outputDir\":\"x\",\"origin\":\"command line\"},\"satinVersion\":\"dev\","
                + "\"processors\":2,\"start\":\"2026-11-22T00:00:00Z\",\"wallNanos\":%d,\"exitCode\":0,"
                + "\"stats\":\"stats.json\",\"sequentialNanos\":40000000000}",
                wan, balancer, Math.round((poolSeconds + 1.5) * 1e9));
    }

    /**
     * fib 30 with RS on one cluster of 4 (10 s and 12 s), on 2 x 2 over 10ms/1MB/s (22 s, 50 WAN
     * messages/s), CRS on 2 x 2 (16 s, 20/s), sequentially 40 s; and a bare pool run of fib (no
     * result.json) with CRS on one cluster of 2 nodes, 8 s. Times are the pool's; the launcher's
     * are 1.5 s longer.
     */
    static Path comparison(Path root) throws IOException {
        String wan = "10ms/1MB/s";
        run(root, "rs-1x4-a", stats("satin.apps.fib.Fib", "RS", "none", 1, 4, 10_000_000_000L, 0),
                result("RS", "none", "1", "4", 1, 11.5, 40));
        run(root, "rs-1x4-b", stats("satin.apps.fib.Fib", "RS", "none", 1, 4, 12_000_000_000L, 0),
                result("RS", "none", "[{\"name\":\"a\",\"nodes\":4}]", null, 2, 13.5, 40));
        run(root, "rs-2x2", stats("satin.apps.fib.Fib", "RS", wan, 2, 4, 22_000_000_000L, 50),
                launcherResult("RS", wan, 22));
        run(root, "crs-2x2", stats("satin.apps.fib.Fib", "CRS", wan, 2, 4, 16_000_000_000L, 20),
                launcherResult("CRS", wan, 16));
        run(root, "bare", stats("satin.apps.fib.Fib", "CRS", wan, 1, 2, 8_000_000_000L, 0), null);
        return root;
    }
}
