package satin.apps.ida;

import java.util.Map;

/**
 * The puzzles run can be given: some of Korf's 100 instances (1985; optimal lengths as published),
 * a random walk from the goal, or the 16 tiles.
 */
public final class Puzzles {

    /** A board, how it was named, and its optimal length when known beforehand (else -1). */
    public record Puzzle(String name, long board, int knownLength) {
    }

    /** Instance number -> optimal length and tiles. */
    private static final Map<Integer, String> KORF = Map.ofEntries(
            Map.entry(1, "57:14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"),
            Map.entry(2, "55:13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6"),
            Map.entry(3, "59:14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15"),
            Map.entry(5, "56:4 7 14 13 10 3 9 12 11 5 6 15 1 2 8 0"),
            Map.entry(9, "46:3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0"),
            Map.entry(12, "45:14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15"),
            Map.entry(28, "52:13 14 6 12 4 5 1 0 9 3 10 2 15 11 8 7"),
            Map.entry(42, "42:4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10"),
            Map.entry(55, "41:13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11"),
            Map.entry(79, "42:0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15"),
            Map.entry(97, "44:9 14 5 7 8 15 1 2 10 4 13 6 12 0 11 3"));

    private Puzzles() {
    }

    /** korfN, walk:LENGTH:SEED, or 16 tiles separated by commas. */
    public static Puzzle parse(String spec) {
        if (spec.startsWith("korf")) {
            return korf(spec);
        }
        if (spec.startsWith("walk:")) {
            return walk(spec);
        }
        String[] parts = spec.split(",");
        if (parts.length != 16) {
            throw new IllegalArgumentException("puzzle must be korfN (N in " + new java.util.TreeSet<>(KORF.keySet())
                    + "), walk:LENGTH:SEED or 16 comma-separated tiles, not '" + spec + "'");
        }
        return new Puzzle("tiles", Board.of(ints(parts, spec)), -1);
    }

    private static Puzzle korf(String spec) {
        String entry = null;
        try {
            entry = KORF.get(Integer.parseInt(spec.substring(4)));
        } catch (NumberFormatException e) {
            // reported below
        }
        if (entry == null) {
            throw new IllegalArgumentException("puzzle '" + spec + "' is not one of korfN for N in "
                    + new java.util.TreeSet<>(KORF.keySet()));
        }
        String[] lengthAndTiles = entry.split(":");
        return new Puzzle(spec, Board.of(ints(lengthAndTiles[1].split(" "), spec)),
                Integer.parseInt(lengthAndTiles[0]));
    }

    private static Puzzle walk(String spec) {
        String[] parts = spec.split(":");
        try {
            if (parts.length == 3) {
                int length = Integer.parseInt(parts[1]);
                if (length >= 0 && length <= 1000) {
                    return new Puzzle(spec, Board.randomWalk(length, Long.parseLong(parts[2])), -1);
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("puzzle '" + spec + "' must be walk:LENGTH:SEED with LENGTH from 0 to 1000");
    }

    private static int[] ints(String[] parts, String spec) {
        int[] tiles = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                tiles[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("puzzle '" + spec + "': tile '" + parts[i] + "' is not a number");
            }
        }
        return tiles;
    }
}
