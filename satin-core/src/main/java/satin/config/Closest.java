package satin.config;

import java.util.Comparator;
import java.util.List;

/**
 * The name closest to a mistyped one, by edit distance (the fewest letters inserted, deleted or
 * replaced), so that a warning about {@code satin.worker} can point at {@code satin.workers}.
 */
final class Closest {

    private Closest() {
    }

    /** The one of {@code names} closest to {@code typed}; the first of those as close. */
    static String among(List<String> names, String typed) {
        return names.stream().min(Comparator.comparingInt(n -> distance(n.toLowerCase(java.util.Locale.ROOT),
                typed.toLowerCase(java.util.Locale.ROOT)))).orElseThrow();
    }

    /** The edit distance between {@code a} and {@code b}, one row of the table at a time. */
    static int distance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                int replace = diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                row[j] = Math.min(replace, Math.min(above, row[j - 1]) + 1);
                diagonal = above;
            }
        }
        return row[b.length()];
    }
}
