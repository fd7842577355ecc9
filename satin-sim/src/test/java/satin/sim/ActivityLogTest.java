package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ActivityLogTest {

    @Test
    void shortIdleSpellsAreDroppedWithTheBusyTransitionThatEndedThem() {
        ActivityLog log = new ActivityLog();
        long[] times = {0, 100, 103, 200, 300, 500};
        for (int i = 0; i < times.length; i++) {
            if (i % 2 == 0) {
                log.busy(times[i]);
            } else {
                log.idle(times[i]);
            }
        }
        assertEquals(2, log.gapCount()); // 3 and 100
        log.dropGapsBelow(50);
        assertEquals(4, log.size());
        assertEquals("0+ 200- 300+ 500-", describe(log));
    }

    private static String describe(ActivityLog log) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < log.size(); i++) {
            b.append(i > 0 ? " " : "").append(log.time(i)).append(log.isBusy(i) ? '+' : '-');
        }
        return b.toString();
    }

    @Test
    void theStatisticsKeepWithinTheTraceLimitAndSayWhatWasDropped(@TempDir Path dir) throws Exception {
        SimConfig c = SimConfig.of(Topology.grid(2, 8), SimulationTest.synthetic(4, 5, 300), "RS", "1ms/1MB/s");
        SimConfig limited = new SimConfig(c.topology(), c.workload(), c.balancer(), c.wan(), c.lan(), c.seed(), c.offered(),
                c.idle(), c.maxSimulatedNanos(), 40, c.formedNanos());
        SimResult r = SimulationTest.run(limited);
        Path file = dir.resolve("stats.json");
        r.writeStats(file, java.util.Map.of("pool", "p"));
        String json = Files.readString(file);
        Matcher pairs = Pattern.compile("\\[(\\d+),([01])\\]").matcher(json);
        int transitions = 0;
        long last = 0;
        while (pairs.find()) {
            transitions++;
            last = Math.max(last, Long.parseLong(pairs.group(1)));
        }
        assertTrue(transitions > 0 && transitions <= 40, transitions + " transitions");
        Matcher dropped = Pattern.compile("\"activityGapsDroppedBelowNanos\":(\\d+)").matcher(json);
        assertTrue(dropped.find() && Long.parseLong(dropped.group(1)) > 0, json.substring(0, 400));
        assertEquals(r.runNanos(), last, "the master's last transition, the end of the run, is kept");
        assertTrue(json.startsWith("{\"pool\":\"p\",\"mode\":\"simulate\""), json.substring(0, 60));
    }
}
