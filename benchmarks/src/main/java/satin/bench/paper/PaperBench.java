package satin.bench.paper;

import java.nio.file.Path;
import java.util.Locale;
import satin.bench.Args;

/**
 * {@code ./bench paper}: lists the figures and tables of the five papers that the project makes, and
 * makes one by name: {@code ./bench paper NAME [--rounds R] [--tiny] [--resume] [--out DIR]}. Tables
 * and charts go to {@code benchmarks/target/paper/NAME/}; {@code --tiny} makes the same figure at a
 * size that takes seconds, as the tests do; {@code --resume} goes on from the runs a stopped making
 * of the figure kept there; {@code --apps} makes Figures 4 and 5 of the wide-area paper for some of
 * its applications only. The {@code bench} script starts this class for {@code paper}
 * rather than going through {@code satin.bench.Bench}, which the figures' harnesses live beside:
 * so this package depends on {@code satin.bench} and not the other way round.
 */
public final class PaperBench {

    private PaperBench() {
    }

    /** {@code args[0]} is {@code paper}, as the bench script passes it. */
    public static void main(String[] args) throws Exception {
        try {
            run(args);
        } catch (Args.Bad e) {
            System.err.println("bench: " + e.getMessage());
            System.err.println("usage: " + USAGE);
            System.exit(2);
        } catch (KeptRuns.Unreadable e) {
            System.err.println("bench: --resume: " + e.getMessage());
            System.exit(1);
        }
    }

    static final String USAGE = "bench paper [NAME [--rounds R] [--tiny] [--resume] [--out DIR] [--apps A,B]]";

    static void run(String[] args) throws Exception {
        if (args.length == 1) {
            list();
            return;
        }
        Reproduction r = Catalogue.named(args[1]);
        if (r == null) {
            throw new Args.Bad("no figure or table called '" + args[1] + "'; ./bench paper lists them: "
                    + String.join(", ", Catalogue.all().stream().map(Reproduction::name).toList()));
        }
        boolean tiny = false;
        boolean resume = false;
        int rounds = 3;
        Path out = null;
        java.util.List<String> apps = null;
        for (int i = 2; i < args.length; i++) {
            switch (args[i]) {
                case "--tiny" -> tiny = true;
                case "--resume" -> resume = true;
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--out" -> out = Path.of(Args.value(args, ++i));
                case "--apps" -> apps = WideAreaFigures.apps(r, Args.value(args, ++i));
                default -> throw Args.unknown(args[i]);
            }
        }
        if (out == null) {
            out = Path.of(satin.config.Settings.HOME.text(), "benchmarks", "target", "paper", r.name());
        }
        System.out.printf(Locale.ROOT, "%s, %s: %s%n", r.paper().citation, r.figure(), r.what());
        System.out.printf(Locale.ROOT, "made from %s; %s; output in %s%n", r.how(), tiny ? "tiny size"
                : "takes about " + minutes(r, rounds, apps) + " min on 2 cores", out);
        long start = System.nanoTime();
        Making m = new Making(tiny, tiny ? 1 : rounds, resume, apps, out, r.name(), System.out);
        r.maker().make(m);
        if (m.resumed() != null) {
            System.out.println(m.resumed());
        }
        System.out.printf(Locale.ROOT, "%s made in %.0f s: %s%n", r.name(), (System.nanoTime() - start) / 1e9,
                out.resolve(r.name() + ".md"));
    }

    /** The catalogue's minutes for 3 rounds of every application, in proportion to what was asked. */
    static long minutes(Reproduction r, int rounds, java.util.List<String> apps) {
        double share = apps == null ? 1 : (double) apps.size() / WideAreaFigures.APPS.size();
        return Math.max(1, Math.round(r.fullMinutes() * share * rounds / 3));
    }

    private static void list() {
        System.out.println("figures and tables this project makes (./bench paper NAME):");
        System.out.printf(Locale.ROOT, "%-18s %-14s %-24s %7s  %s%n", "name", "paper", "figure", "minutes", "what");
        for (Reproduction r : Catalogue.all()) {
            System.out.printf(Locale.ROOT, "%-18s %-14s %-24s %7d  %s%n", r.name(),
                    r.paper().name().toLowerCase(Locale.ROOT).replace('_', '-'), r.figure(), r.fullMinutes(), r.what());
        }
        System.out.println("docs/reproductions.md has each one's command, charts, the paper's figures beside ours, and"
                + " what is not made");
    }
}
