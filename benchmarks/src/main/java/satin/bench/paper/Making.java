package satin.bench.paper;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import satin.deploy.report.Charts;

/**
 * One reproduction being made: its size (tiny, for tests, or the paper's shape), its rounds, the
 * directory its tables and charts go to, whether it goes on from the runs kept there
 * ({@link KeptRuns}), and its progress, printed as each run ends with the time left at the pace so
 * far.
 */
public final class Making {

    public final boolean tiny;
    public final int rounds;
    /** Runs kept by an earlier, stopped making of the same figure are taken rather than run again. */
    public final boolean resume;
    /** The applications asked for ({@code --apps}), or null for the figure's own. */
    final List<String> apps;
    private final Path dir;
    private final Path text;
    private final PrintStream out;
    /** When the first runs were planned: the pace leaves out what came before (recording the trees). */
    private long start;
    private int planned;
    private int done;
    private int made;
    private int taken;
    private KeptRuns kept;

    public Making(boolean tiny, int rounds, boolean resume, List<String> apps, Path dir, String name, PrintStream out)
            throws IOException {
        this.tiny = tiny;
        this.rounds = rounds;
        this.resume = resume;
        this.apps = apps == null ? null : List.copyOf(apps);
        this.dir = Files.createDirectories(dir);
        this.text = dir.resolve(name + ".md");
        this.out = out;
        Files.writeString(text, "");
    }

    /** How many runs are to come, for the progress lines. */
    void plan(int runs) {
        if (planned == 0) {
            start = System.nanoTime();
        }
        planned += runs;
    }

    /** One run ended. */
    void ran(String what) {
        done++;
        made++;
        double elapsed = (System.nanoTime() - start) / 1e9;
        double left = done >= planned ? 0 : elapsed / made * (planned - done);
        out.printf(Locale.ROOT, "[%d/%d, %s so far, about %s left] %s%n", done, planned, duration(elapsed), duration(left), what);
        out.flush();
    }

    /** A run taken from those kept: it counts as done, and the pace is that of the runs made now. */
    void kept() {
        taken++;
        done++;
    }

    /** A planned run not needed, as a warm-up is not when every run it warms up for was kept. */
    void skipped() {
        done++;
    }

    /** This figure's kept runs, read (when resuming) or emptied at the first call. */
    KeptRuns keptRuns() throws IOException {
        if (kept == null) {
            kept = KeptRuns.in(dir, resume);
        }
        return kept;
    }

    /** What resuming did, for the last line; null when it was not asked for. */
    String resumed() {
        if (!resume) {
            return null;
        }
        return kept == null ? "--resume: this figure keeps no runs (only those made of real runs do), so all were made now"
                : String.format(Locale.ROOT, "--resume: took %d kept run%s from %s and made %d now (warm-ups included)",
                        taken, taken == 1 ? "" : "s", dir.resolve(KeptRuns.FILE), made);
    }

    static String duration(double seconds) {
        return seconds < 120 ? String.format(Locale.ROOT, "%.0f s", seconds)
                : String.format(Locale.ROOT, "%.0f min", seconds / 60);
    }

    /** A line of text for the reader, printed and kept with the tables. */
    void say(String line) throws IOException {
        out.println(line);
        append(line + "\n\n");
    }

    /** A Markdown table, printed and kept. */
    void table(String title, List<String> head, List<List<String>> rows) throws IOException {
        StringBuilder t = new StringBuilder("**").append(title).append("**\n\n| ").append(String.join(" | ", head))
                .append(" |\n|").append("---|".repeat(head.size())).append('\n');
        for (List<String> r : rows) {
            t.append("| ").append(String.join(" | ", r)).append(" |\n");
        }
        out.println();
        out.print(t);
        out.println();
        append(t + "\n");
    }

    /** A chart of grouped bars, as BASE.png and BASE.svg beside the tables. */
    void chart(String title, List<Charts.Bars> panels, boolean logIfWide, String base) throws IOException {
        for (Path p : Charts.bars(title, panels, logIfWide, dir, base)) {
            out.println("chart: " + p);
        }
        append("![" + title + "](" + base + ".svg)\n\n");
    }

    private void append(String s) throws IOException {
        Files.writeString(text, s, StandardOpenOption.APPEND);
    }

    Path directory() {
        return dir;
    }
}
