package satin.deploy.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The runs arranged as van Nieuwpoort et al.'s Figures 4 and 5 arrange them: per workload (application and
 * input), balancers as groups and configurations as bars, a configuration being one cluster or
 * several clusters over one WAN setting. Repetitions of a cell are summarised by their median;
 * a run on several clusters is compared with the same workload and balancer on one cluster of as
 * many nodes.
 */
public final class Comparison {

    /** The paper's order of the balancers; others follow in the order they first appear. */
    private static final List<String> PAPER_ORDER = List.of("RS", "RP", "CHS", "CLS", "CRS");

    private final List<RunData> runs;
    private final List<RunData> failed = new ArrayList<>();
    private final Map<String, List<RunData>> byWorkload = new LinkedHashMap<>();

    /** Runs that exited with an error stay in {@link #runs()} but out of every cell and median. */
    public Comparison(List<RunData> runs) {
        this.runs = List.copyOf(runs);
        for (RunData r : runs) {
            if (r.exitCode() != null && r.exitCode() != 0) {
                failed.add(r);
            } else {
                byWorkload.computeIfAbsent(r.workload(), k -> new ArrayList<>()).add(r);
            }
        }
    }

    /** Every run, failed ones included. */
    public List<RunData> runs() {
        return runs;
    }

    /** The runs that exited with an error. */
    public List<RunData> failed() {
        return List.copyOf(failed);
    }

    /** The runs of a workload that count: those that did not fail. */
    public List<RunData> runs(String workload) {
        return List.copyOf(byWorkload.getOrDefault(workload, List.of()));
    }

    /** The workloads in the order they first appear. */
    public List<String> workloads() {
        return List.copyOf(byWorkload.keySet());
    }

    /** The balancers run on a workload, in the paper's order. */
    public List<String> balancers(String workload) {
        List<String> firstSeen = byWorkload.get(workload).stream().map(RunData::balancer).distinct().toList();
        List<String> sorted = new ArrayList<>(firstSeen);
        sorted.sort(Comparator.comparingInt(b -> {
            int i = PAPER_ORDER.indexOf(b.split(":")[0].toUpperCase(java.util.Locale.ROOT));
            return i < 0 ? PAPER_ORDER.size() + firstSeen.indexOf(b) : i;
        }));
        return sorted;
    }

    /**
     * The configurations of a workload: by nodes, then clusters, then from the fastest WAN to the
     * slowest (bandwidth down, then latency up, as the paper's bars go), else in the order seen.
     */
    public List<String> configurations(String workload) {
        List<RunData> rs = new ArrayList<>(byWorkload.get(workload));
        rs.sort(Comparator.comparingInt(RunData::nodes).thenComparingInt(RunData::clusters)
                .thenComparingDouble(r -> -bandwidth(r.wan())).thenComparingDouble(r -> latency(r.wan())));
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        for (RunData r : rs) {
            seen.add(configuration(r));
        }
        return List.copyOf(seen);
    }

    /** The configuration a run belongs to (its bar in a group, its column in a table). */
    public String configuration(RunData r) {
        boolean severalSizes = byWorkload.getOrDefault(r.workload(), List.of(r)).stream().mapToInt(RunData::nodes)
                .distinct().count() > 1;
        String where = r.clusters() == 1 ? "1 cluster" : r.clusters() + " clusters, WAN " + r.wan();
        return severalSizes ? r.nodes() + " nodes, " + where : where;
    }

    private static final Pattern LATENCY = Pattern.compile(satin.runtime.Durations.REGEX + "(?![a-zA-Z])");
    private static final Pattern BANDWIDTH = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([KMG]?)B/s",
            Pattern.CASE_INSENSITIVE);

    /** The first latency in a WAN setting, in milliseconds; 0 when it names none. */
    static double latency(String wan) {
        Matcher m = LATENCY.matcher(wan);
        if (!m.find()) {
            return 0;
        }
        return satin.runtime.Durations.nanos(m.group(1), m.group(2)) / 1e6;
    }

    /** The first bandwidth in a WAN setting, in bytes per second; unlimited when it names none. */
    static double bandwidth(String wan) {
        Matcher m = BANDWIDTH.matcher(wan);
        if (!m.find()) {
            return Double.MAX_VALUE;
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2).toUpperCase(java.util.Locale.ROOT)) {
            case "K" -> v * 1e3;
            case "M" -> v * 1e6;
            case "G" -> v * 1e9;
            default -> v;
        };
    }

    /** The runs of one cell: a workload, a balancer and a configuration. */
    public List<RunData> cell(String workload, String balancer, String configuration) {
        return byWorkload.getOrDefault(workload, List.of()).stream()
                .filter(r -> r.balancer().equals(balancer) && configuration(r).equals(configuration))
                .collect(Collectors.toList());
    }

    /** The median of {@code value} over the runs of a cell, NaN for an empty cell. */
    public double median(String workload, String balancer, String configuration, ToDoubleFunction<RunData> value) {
        return median(cell(workload, balancer, configuration).stream().mapToDouble(value).toArray());
    }

    /** The median, smallest and largest of {@code value} over the runs of a cell. */
    public Spread spread(String workload, String balancer, String configuration, ToDoubleFunction<RunData> value) {
        return Spread.of(cell(workload, balancer, configuration).stream().mapToDouble(value).toArray());
    }

    /**
     * For a cell: how many times faster than on one cluster, as a spread: the ratio of medians and
     * the widest range the two cells' runs allow; none without a single-cluster run.
     */
    public Spread versusOneClusterSpread(String workload, String balancer, String configuration) {
        List<RunData> cell = cell(workload, balancer, configuration);
        if (cell.isEmpty()) {
            return Spread.NONE;
        }
        Spread single = Spread.of(singleCluster(cell.get(0)).mapToDouble(RunData::runSeconds).toArray());
        return Spread.ratio(single, spread(workload, balancer, configuration, RunData::runSeconds));
    }

    /**
     * The other balancers of the same workload and configuration whose run times these runs cannot
     * tell from this cell's: their min-max ranges overlap.
     */
    public List<String> withinNoise(String workload, String balancer, String configuration) {
        Spread mine = spread(workload, balancer, configuration, RunData::runSeconds);
        return balancers(workload).stream().filter(b -> !b.equals(balancer))
                .filter(b -> mine.overlaps(spread(workload, b, configuration, RunData::runSeconds))).toList();
    }

    private java.util.stream.Stream<RunData> singleCluster(RunData r) {
        return byWorkload.getOrDefault(r.workload(), List.of()).stream()
                .filter(o -> o.clusters() == 1 && o.nodes() == r.nodes() && o.balancer().equals(r.balancer()));
    }

    /** The median run time of the same workload and balancer on one cluster of as many nodes, or NaN. */
    public double singleClusterSeconds(RunData r) {
        return median(singleCluster(r).mapToDouble(RunData::runSeconds).toArray());
    }

    /** How much faster than on one cluster (below 1: slower), or NaN without a single-cluster run. */
    public double versusOneCluster(RunData r) {
        return singleClusterSeconds(r) / r.runSeconds();
    }

    /**
     * For a cell: the median single-cluster time over the cell's median time (a ratio of medians, so
     * that the single-cluster cell itself is exactly 1), NaN without a single-cluster run.
     */
    public double versusOneCluster(String workload, String balancer, String configuration) {
        List<RunData> cell = cell(workload, balancer, configuration);
        return cell.isEmpty() ? Double.NaN
                : singleClusterSeconds(cell.get(0)) / median(workload, balancer, configuration, RunData::runSeconds);
    }

    /** For a cell: the median sequential time over the median time, NaN if the sequential time is unknown. */
    public double speedup(String workload, String balancer, String configuration) {
        return median(workload, balancer, configuration, r -> r.sequentialSeconds() == null ? Double.NaN
                : r.sequentialSeconds()) / median(workload, balancer, configuration, RunData::runSeconds);
    }

    /**
     * For a cell: the USE factor (uni-node support efficiency, Kakulavarapu et al. section 5.4.1),
     * the median sequential time over the median time of the same workload and balancer on one
     * node: what running the program in the framework costs before any balancing. NaN unless the
     * comparison has both.
     */
    public double use(String workload, String balancer, String configuration) {
        List<RunData> cell = cell(workload, balancer, configuration);
        return cell.isEmpty() ? Double.NaN
                : median(workload, balancer, configuration, r -> r.sequentialSeconds() == null ? Double.NaN
                        : r.sequentialSeconds()) / oneNodeSeconds(cell.get(0));
    }

    /** A run's USE factor: its sequential time over the median one-node time of its workload and balancer. */
    public double use(RunData r) {
        return r.sequentialSeconds() == null ? Double.NaN : r.sequentialSeconds() / oneNodeSeconds(r);
    }

    private double oneNodeSeconds(RunData r) {
        return median(byWorkload.getOrDefault(r.workload(), List.of()).stream()
                .filter(o -> o.nodes() == 1 && o.balancer().equals(r.balancer()) && !failed.contains(o))
                .mapToDouble(RunData::runSeconds).toArray());
    }

    /** The speedup over the sequential program, or NaN if its time is unknown. */
    public static double speedup(RunData r) {
        return r.sequentialSeconds() == null ? Double.NaN : r.sequentialSeconds() / r.runSeconds();
    }

    /** The median, NaN for no values; values NaN are left out. */
    public static double median(double[] values) {
        return Spread.of(values).median();
    }
}
