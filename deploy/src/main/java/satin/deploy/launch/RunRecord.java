package satin.deploy.launch;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;

/**
 * {@code result.json}: enough about a run to repeat it and to report it beside others: the plan
 * (without its secret, which any run may choose anew), the software and machine it ran on, when it
 * started, how long it took, how it ended, and the name of the statistics file beside it.
 */
public final class RunRecord {

    private RunRecord() {
    }

    /**
     * Writes the record of a run to {@code file}.
     *
     * @param ending how it ended: finished, failed, timed out, destroyed (by its caller) or
     *               interrupted (Ctrl-C or a signal to the launcher)
     */
    public static void write(Path file, RunPlan plan, Instant start, Duration wall, int exitCode, String ending,
            String statsName) throws IOException {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("plan", planJson(plan));
        r.put("satinVersion", satinVersion());
        r.put("javaVersion", System.getProperty("java.version"));
        r.put("javaVendor", System.getProperty("java.vendor"));
        r.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        r.put("processors", Runtime.getRuntime().availableProcessors());
        r.put("totalMemoryBytes", totalMemory());
        r.put("host", hostName());
        r.put("start", start.toString());
        r.put("wallNanos", wall.toNanos());
        r.put("exitCode", exitCode);
        r.put("ending", ending);
        r.put("stats", statsName);
        Files.writeString(file, RecordJson.write(r) + "\n", StandardCharsets.UTF_8);
    }

    /** Adds a number to a record written by {@link #write}, whose first character opens its object. */
    public static void addNumber(Path file, String key, long value) throws IOException {
        addField(file, key, Long.toString(value));
    }

    /** Adds a text field to a record written by {@link #write}. */
    public static void addText(Path file, String key, String value) throws IOException {
        addField(file, key, RecordJson.write(value));
    }

    private static void addField(Path file, String key, String json) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int open = text.indexOf('{');
        Files.writeString(file, text.substring(0, open + 1) + RecordJson.write(key) + ":" + json + ","
                + text.substring(open + 1), StandardCharsets.UTF_8);
    }

    /** The plan as a JSON object, the secret left out. */
    public static Map<String, Object> planJson(RunPlan plan) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("pool", plan.pool());
        List<Object> clusters = plan.clusters().stream().map(RunRecord::clusterJson).map(m -> (Object) m).toList();
        p.put("clusters", clusters);
        p.put("wan", plan.wan());
        AppPlan app = plan.app();
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("name", app.name());
        a.put("mainClass", app.mainClass());
        a.put("args", app.args());
        a.put("classpath", app.classPath().stream().map(Object::toString).toList());
        p.put("app", a);
        p.put("balancer", plan.balancer());
        p.put("outputDir", plan.outputDir().toString());
        p.put("origin", plan.origin());
        return p;
    }

    private static Map<String, Object> clusterJson(ClusterPlan c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", c.name());
        m.put("nodes", c.nodes());
        m.put("workers", c.workers());
        m.put("placement", c.placement().name());
        m.put("hosts", c.hosts());
        if (!c.addresses().isEmpty()) {
            m.put("addresses", new java.util.TreeMap<>(c.addresses()));
        }
        if (!c.sshOptions().isEmpty()) {
            m.put("sshOptions", c.sshOptions());
        }
        if (c.slurm() != null) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("partition", c.slurm().partition());
            s.put("nodes", c.slurm().nodes());
            s.put("tasksPerNode", c.slurm().tasksPerNode());
            s.put("time", c.slurm().time());
            s.put("account", c.slurm().account());
            s.put("sbatchOptions", c.slurm().sbatchOptions());
            m.put("slurm", s);
        }
        m.put("jvmOptions", c.jvmOptions());
        return m;
    }

    /** The version of this build, the one {@code satin --version} prints. */
    static String satinVersion() {
        return satin.Satin.version();
    }

    /** The machine's memory in bytes, or this JVM's maximum heap where the platform does not tell it. */
    private static long totalMemory() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return Runtime.getRuntime().maxMemory();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
