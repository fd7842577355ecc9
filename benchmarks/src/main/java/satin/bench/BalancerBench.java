package satin.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.apps.synthetic.SyntheticTree;
import satin.deploy.report.Spread;
import satin.lb.Balancers;
import satin.net.WanLinks;

/**
 * Seed 004's experiment on this machine: 64 nodes in this JVM, as 1 cluster of 64 and as 4
 * clusters of 16 over emulated wide-area links, running the synthetic tree whose leaves wait (so
 * that 64 nodes behave like 64 CPUs), or recorded application trees replayed with waits
 * ({@code --replay 'a.tree;b.tree,10'}, one table each), with each of the five balancers. For every run it prints the
 * time of the root call (from main's call to its result, the pool formed), relative to RS on one
 * cluster, and the wide-area messages sent per second. Every result is checked against the tree's
 * sum computed without waiting.
 */
public final class BalancerBench {

    static final List<String> WAN = List.of("10ms/1000KB/s", "10ms/100KB/s", "100ms/1000KB/s", "100ms/100KB/s");

    private final int nodes;
    private final BenchTree tree;

    public BalancerBench(int nodes, BenchTree tree) {
        this.nodes = nodes;
        this.tree = tree;
    }

    /** One run's time, the share of the machine's CPU it kept busy, and its counters by the report's names. */
    public record Outcome(double seconds, double cpuBusy, Map<String, Long> counts) {
        public long count(String key) {
            return counts.getOrDefault(key, 0L);
        }

        public double wanPerSecond() {
            return count("wanMessagesSent") / seconds;
        }

        long wanStealRequests() {
            return count("wanStealRequests");
        }

        /**
         * Jobs that moved between nodes, as van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 4.2.3 counts job transfers: every hop
         * of a job counts, a job CHS passes on through a node twice. Stolen inside clusters, and
         * stolen or prefetched across the wide area; pushed jobs apart ({@link #count}).
         */
        public long lanJobs() {
            return count("lanSteals") + count("chunkJobsGiven") - count("wanChunkJobsGiven");
        }

        public long wanJobs() {
            return count("wanSteals") + count("prefetched") + count("wanChunkJobsGiven");
        }
    }

    static void run(String[] args) throws InterruptedException {
        int rounds = 1;
        int nodes = 64;
        String tree = "4,7,40000";
        List<String> balancers = Balancers.WIDE_AREA; // the EARTH nine by --only
        List<String> wan = WAN;
        List<String> replays = List.of();
        String coalesce = null;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--nodes" -> nodes = Args.positiveOf(args, ++i);
                case "--tree" -> tree = Args.value(args, ++i);
                case "--replay" -> replays = List.of(Args.value(args, ++i).split(";"));
                case "--only" -> balancers = List.of(Args.value(args, ++i).split(";"));
                case "--wan" -> wan = List.of(Args.value(args, ++i).split(";"));
                case "--coalesce" -> {
                    coalesce = Args.value(args, ++i);
                    String window = coalesce;
                    Args.checked(() -> satin.net.Coalescer.parseWindow(window, "--coalesce"));
                }
                case "--chunk" -> {
                    String chunk = Args.value(args, ++i);
                    System.setProperty(satin.lb.StealChunk.PROPERTY,
                            Args.checked(() -> satin.lb.StealChunk.parse(chunk, "--chunk")).toString());
                }
                default -> throw Args.unknown(args[i]);
            }
        }
        String[] t = tree.split(",");
        List<BenchTree> trees = new ArrayList<>();
        if (replays.isEmpty()) {
            if (t.length < 3 || t.length > 5) {
                throw new Args.Bad("option --tree: '" + tree + "' is not FAN,DEPTH,LEAF_US[,IRREGULARITY[,PAYLOAD]]");
            }
            trees.add(BenchTree.synthetic(nodes, Args.count(t[0], "--tree FAN"), Args.count(t[1], "--tree DEPTH"),
                    Args.count(t[2], "--tree LEAF_US"), t.length > 3 ? Args.fraction(t[3], "--tree IRREGULARITY") : 0.5,
                    t.length > 4 ? Args.count(t[4], "--tree PAYLOAD") : 100));
        }
        for (String r : replays) {
            trees.add(BenchTree.replay(nodes, r));
        }
        if (coalesce != null) {
            wan = withCoalescing(wan, coalesce);
        }
        for (BenchTree bt : trees) {
            new BalancerBench(nodes, bt).measure(rounds, balancers, wan);
        }
    }

    /** What {@code --coalesce} names after a WAN setting: the same links, messages coalesced within the window. */
    private static final String COALESCED = " coalesce ";

    /**
     * Each WAN setting twice, as it is and coalesced within {@code window}, side by side: the two
     * run in the same rounds, one after the other, so that a change of the machine's load meets both.
     */
    public static List<String> withCoalescing(List<String> wan, String window) {
        List<String> both = new ArrayList<>();
        for (String w : wan) {
            both.add(w);
            both.add(w + COALESCED + window);
        }
        return both;
    }

    /** The WAN links of a setting, without its coalescing window. */
    static String linksOf(String setting) {
        int at = setting.indexOf(COALESCED);
        return at < 0 ? setting : setting.substring(0, at);
    }

    /** The coalescing window of a setting: {@code off} unless {@code --coalesce} named one. */
    static String windowOf(String setting) {
        int at = setting.indexOf(COALESCED);
        return at < 0 ? "off" : setting.substring(at + COALESCED.length());
    }

    private void measure(int rounds, List<String> balancers, List<String> wan) throws InterruptedException {
        long expected = tree.expected();
        System.out.printf(Locale.ROOT, "%d nodes; %s: %.2f s ideal; %d round%s; steal chunk %s; java %s, %d cpus%n", nodes,
                tree.description(), tree.idealSeconds(), rounds, rounds == 1 ? "" : "s", satin.lb.StealChunk.fromProperty(),
                System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        List<String> settings = new ArrayList<>(List.of("1 cluster"));
        settings.addAll(wan);
        // every run shares this JVM's JIT: the first would run cold, so one run is thrown away first
        Outcome warm = once(balancers.get(0), settings.get(0), expected);
        System.err.printf(Locale.ROOT, "  warm-up (not counted): %s, %s: %.2f s%n", balancers.get(0), settings.get(0),
                warm.seconds());
        Map<String, Map<String, List<Outcome>>> all = new LinkedHashMap<>();
        for (int r = 0; r < rounds; r++) {
            for (String setting : settings) {
                for (String b : balancers) {
                    Outcome o = once(b, setting, expected);
                    all.computeIfAbsent(b, k -> new LinkedHashMap<>()).computeIfAbsent(setting, k -> new ArrayList<>()).add(o);
                    System.err.printf(Locale.ROOT, "  %s, %s: %.2f s, %.0f WAN messages/s; jobs moved: %d LAN, %d WAN,"
                            + " %d pushed; requests passed on %d; messages %d LAN, %d WAN%n", b, setting, o.seconds(),
                            o.wanPerSecond(), o.lanJobs(), o.wanJobs(), o.count("jobsPushed"),
                            o.count("stealRequestsPassedOn"), o.count("lanMessagesSent"), o.count("wanMessagesSent"));
                }
            }
        }
        report(all, settings);
        reportJobsMoved(all, settings);
        explainRandomStealing(all.get("RS"), settings);
    }

    /**
     * Seed 004 section 4.2.1: RS's slowdown is the time its thieves wait for wide-area steal
     * replies, each a round trip, spread over the nodes. Prints that wait beside the slowdown.
     */
    private void explainRandomStealing(Map<String, List<Outcome>> rs, List<String> settings) {
        if (rs == null || !rs.containsKey("1 cluster")) {
            return;
        }
        double single = median(rs.get("1 cluster"), Outcome::seconds);
        System.out.println("RS: slowdown against the wait for WAN steal replies (van Nieuwpoort, Kielmann and Bal, PPoPP 2001 section 4.2.1); medians");
        System.out.printf(Locale.ROOT, "%-16s %10s %12s %12s %12s%n", "WAN", "WAN steals", "wait/node s", "slowdown s",
                "explained");
        for (String setting : settings.subList(1, settings.size())) {
            List<Outcome> o = rs.get(setting);
            double roundTrip = 2 * WanLinks.parse(linksOf(setting)).spec("c0", "c1").latencyNanos() / 1e9;
            double requests = median(o, Outcome::wanStealRequests);
            double wait = requests * roundTrip / nodes;
            double slowdown = median(o, Outcome::seconds) - single;
            System.out.printf(Locale.ROOT, "%-16s %10.0f %12.3f %12.3f %11.0f%%%n", setting, requests, wait, slowdown,
                    100 * wait / slowdown);
        }
    }

    /** One real run of the tree on {@code setting} ("1 cluster" or WAN text for 4 clusters), its sum checked. */
    public Outcome once(String balancer, String setting, long expected) throws InterruptedException {
        GridPool.Run<Long> run = GridPool.run(nodes, setting, Balancers.parse(balancer), tree.root());
        if (run.value() != expected) {
            throw new AssertionError(balancer + " on " + setting + " computed " + run.value() + ", not " + expected);
        }
        return run.outcome();
    }

    /**
     * The table of van Nieuwpoort et al.'s experiment: per balancer and setting the median run time with its
     * [min-max] over the rounds, relative to RS's median on one cluster, and WAN messages per second;
     * then which cells these rounds cannot tell apart and which runs were too short to say anything.
     */
    private static void report(Map<String, Map<String, List<Outcome>>> all, List<String> settings) {
        double reference = median(all.getOrDefault("RS", all.values().iterator().next()).get("1 cluster"), Outcome::seconds);
        System.out.printf(Locale.ROOT, "run time in s [min-max over the rounds], relative to RS on 1 cluster (%.2f s),"
                + " and WAN messages/s; medians%n", reference);
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-9s", "balancer"));
        for (String s : settings) {
            head.append(String.format(Locale.ROOT, " | %-34s", s));
        }
        System.out.println(head);
        for (Map.Entry<String, Map<String, List<Outcome>>> b : all.entrySet()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-9s", b.getKey()));
            for (String s : settings) {
                Spread secs = spread(b.getValue().get(s), Outcome::seconds);
                String cell = String.format(Locale.ROOT, "%.2f %s %.3f %.0f/s", secs.median(), secs.range(2),
                        secs.median() / reference, median(b.getValue().get(s), Outcome::wanPerSecond));
                row.append(String.format(Locale.ROOT, " | %-34s", cell.replace("  ", " ")));
            }
            System.out.println(row);
        }
        noise(all, settings);
        tooShort(all, settings);
    }

    /** Per setting, the pairs of balancers whose run times overlap over the rounds: differences that are noise. */
    private static void noise(Map<String, Map<String, List<Outcome>>> all, List<String> settings) {
        List<String> b = new ArrayList<>(all.keySet());
        for (String s : settings) {
            List<String> pairs = new ArrayList<>();
            for (int i = 0; i < b.size(); i++) {
                for (int j = i + 1; j < b.size(); j++) {
                    if (spread(all.get(b.get(i)).get(s), Outcome::seconds)
                            .overlaps(spread(all.get(b.get(j)).get(s), Outcome::seconds))) {
                        pairs.add(b.get(i) + " ≈ " + b.get(j));
                    }
                }
            }
            if (!pairs.isEmpty()) {
                System.out.println("within noise on " + s + " (min-max ranges overlap): " + String.join(", ", pairs));
            }
        }
        if (all.values().iterator().next().values().iterator().next().size() < 2) {
            System.out.println("one round: no spread, and differences of a few percent may be noise (--rounds 3)");
        }
    }

    /** Settings whose runs last fewer than 20 WAN round trips: they measure where the first steals landed. */
    private static void tooShort(Map<String, Map<String, List<Outcome>>> all, List<String> settings) {
        for (String s : settings.subList(1, settings.size())) {
            double roundTrip = 2 * WanLinks.parse(linksOf(s)).spec("c0", "c1").latencyNanos() / 1e9;
            for (Map.Entry<String, Map<String, List<Outcome>>> b : all.entrySet()) {
                double shortest = spread(b.getValue().get(s), Outcome::seconds).min();
                if (shortest < satin.deploy.report.ShortRuns.ROUND_TRIPS * roundTrip) {
                    System.out.printf(Locale.ROOT, "too short to say anything: %s on %s, %.2f s is under %d round"
                            + " trips of %.0f ms%n", b.getKey(), s, shortest, satin.deploy.report.ShortRuns.ROUND_TRIPS,
                            roundTrip * 1000);
                }
            }
        }
    }

    private static Spread spread(List<Outcome> outcomes, java.util.function.ToDoubleFunction<Outcome> f) {
        return Spread.of(outcomes.stream().mapToDouble(f).toArray());
    }

    /** Job transfers per cell, LAN+WAN (pushed jobs added to the side they crossed is unknown: apart). */
    private static void reportJobsMoved(Map<String, Map<String, List<Outcome>>> all, List<String> settings) {
        System.out.println("jobs moved between nodes: stolen in clusters + stolen or prefetched across WAN (+ pushed); medians");
        for (Map.Entry<String, Map<String, List<Outcome>>> b : all.entrySet()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-9s", b.getKey()));
            for (String s : settings) {
                List<Outcome> o = b.getValue().get(s);
                row.append(String.format(Locale.ROOT, " | %8.0f %7.0f %7.0f", median(o, Outcome::lanJobs),
                        median(o, Outcome::wanJobs), median(o, x -> x.count("jobsPushed"))));
            }
            System.out.println(row);
        }
    }

    private static double median(List<Outcome> outcomes, java.util.function.ToDoubleFunction<Outcome> f) {
        return spread(outcomes, f).median();
    }
}
