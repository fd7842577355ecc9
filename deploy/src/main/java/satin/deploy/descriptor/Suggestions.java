package satin.deploy.descriptor;

import java.util.Collection;
import java.util.Locale;

/** "Did you mean" for misspelt keys and names: the closest candidate within a small edit distance. */
public final class Suggestions {

    private Suggestions() {
    }

    /** {@code " did you mean 'x'?"}, or empty when nothing is close enough to be a typo. */
    public static String didYouMean(String found, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(found.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        // two edits let a swap or a doubled letter through; short words need one to stay meaningful
        int allowed = Math.min(2, Math.max(1, found.length() / 3));
        if (best != null && bestDistance <= allowed) {
            return " did you mean '" + best + "'?";
        }
        // a name written out in full ("fibonacci" for "fib"): the longest candidate it starts with
        String prefix = null;
        for (String c : candidates) {
            if (c.length() >= 3 && found.toLowerCase(Locale.ROOT).startsWith(c.toLowerCase(Locale.ROOT))
                    && (prefix == null || c.length() > prefix.length())) {
                prefix = c;
            }
        }
        return prefix != null ? " did you mean '" + prefix + "'?" : "";
    }

    /** Levenshtein distance with adjacent swaps counted as one edit (optimal string alignment). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
