package satin.bench.paper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import satin.bench.BalancerBench.Outcome;

/**
 * Every run of a reproduction, written to {@code runs.tsv} beside its tables as the run ends, so
 * that a figure of two hours that is stopped goes on from where it stopped ({@code --resume})
 * instead of starting again. A run is kept under its workload, the tree it replayed (the checksum
 * and the sequential time, which change when the tree is recorded again or scaled otherwise), its
 * balancer, setting and round: a resumed figure never takes a run of another tree for its own.
 */
final class KeptRuns {

    static final String FILE = "runs.tsv";

    private final Path file;
    private final Map<String, Outcome> kept = new HashMap<>();

    private KeptRuns(Path file) {
        this.file = file;
    }

    /** The runs kept in {@code dir} when {@code resume}; none, and the file emptied, when starting afresh. */
    static KeptRuns in(Path dir, boolean resume) throws IOException {
        KeptRuns k = new KeptRuns(dir.resolve(FILE));
        if (resume && Files.isRegularFile(k.file)) {
            String text = Files.readString(k.file);
            if (!text.isEmpty() && !text.endsWith("\n")) {
                // a making killed while it wrote a run: that run is made again, the file kept whole
                text = text.substring(0, text.lastIndexOf('\n') + 1);
                Files.writeString(k.file, text);
                System.out.println("--resume: the last line of " + k.file + " was cut short, and its run is made again");
            }
            int line = 0;
            for (String l : text.lines().toList()) {
                line++;
                if (!l.isBlank()) {
                    k.read(l, line);
                }
            }
        } else {
            Files.writeString(k.file, "");
        }
        return k;
    }

    /** A file of kept runs that this class did not write as it is. */
    static final class Unreadable extends RuntimeException {
        Unreadable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private void read(String line, int number) {
        String[] f = line.split("\t", -1);
        if (f.length != 4) {
            throw new Unreadable(file + " line " + number + ": not a kept run (key, seconds, CPU busy, counts, tab"
                    + " between them): " + line + "; delete the file to make every run again", null);
        }
        try {
            Map<String, Long> counts = new TreeMap<>();
            for (String c : f[3].isEmpty() ? new String[0] : f[3].split(",")) {
                int eq = c.indexOf('=');
                counts.put(c.substring(0, eq), Long.parseLong(c.substring(eq + 1)));
            }
            kept.put(f[0], new Outcome(Double.parseDouble(f[1]), Double.parseDouble(f[2]), counts));
        } catch (RuntimeException e) {
            throw new Unreadable(file + " line " + number + ": " + e + " in " + line
                    + "; delete the file to make every run again", e);
        }
    }

    static String key(Grid.Workload w, String balancer, String setting, int round) {
        return String.join("|", w.name(), Long.toString(w.tree().expected()),
                String.format(Locale.ROOT, "%.6f", w.sequentialSeconds()), balancer, setting, Integer.toString(round));
    }

    /** The run kept under that key, or null. */
    Outcome get(String key) {
        return kept.get(key);
    }

    boolean hasAll(List<String> keys) {
        return keys.stream().allMatch(kept::containsKey);
    }

    void put(String key, Outcome o) throws IOException {
        StringBuilder counts = new StringBuilder();
        for (Map.Entry<String, Long> e : new TreeMap<>(o.counts()).entrySet()) {
            counts.append(counts.length() == 0 ? "" : ",").append(e.getKey()).append('=').append(e.getValue());
        }
        String line = String.join("\t", key, Double.toString(o.seconds()), Double.toString(o.cpuBusy()), counts) + "\n";
        Files.writeString(file, line, StandardOpenOption.APPEND);
        kept.put(key, o);
    }
}
