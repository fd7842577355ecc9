package satin.apps.raytracer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * A raytracer (van Nieuwpoort, Kielmann and Bal, PPoPP 2001, section 4) rendering a fixed scene by splitting the image into halves
 * of rows, spawning both, down to blocks of at most {@code leafRows} rows, which return their
 * pixels' bytes. Only plain double arithmetic, Math.sqrt and StrictMath, so every machine
 * computes the same bytes.
 */
public class Raytracer extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("320", "240", "1", "8"),
            "medium", List.of("800", "600", "2", "8"),
            "large", List.of("2400", "1800", "3", "8"));

    private final int width;
    private final int height;
    private final int samples;
    private final int leafRows;

    public Raytracer(int width, int height, int samples, int leafRows) {
        this.width = width;
        this.height = height;
        this.samples = samples;
        this.leafRows = leafRows;
    }

    /** The RGB bytes of rows y0 (inclusive) to y1 (exclusive). */
    @Spawnable
    public byte[] render(int y0, int y1) {
        if (y1 - y0 <= leafRows) {
            return Camera.rows(width, height, samples, y0, y1);
        }
        int middle = (y0 + y1) >>> 1;
        byte[] top = render(y0, middle);
        byte[] bottom = render(middle, y1);
        sync();
        byte[] both = new byte[top.length + bottom.length];
        System.arraycopy(top, 0, both, 0, top.length);
        System.arraycopy(bottom, 0, both, top.length, bottom.length);
        return both;
    }

    /** The image as a binary PPM file. */
    public byte[] ppm() {
        byte[] header = ("P6\n" + width + " " + height + "\n255\n").getBytes(StandardCharsets.US_ASCII);
        byte[] pixels = render(0, height);
        byte[] file = new byte[header.length + pixels.length];
        System.arraycopy(header, 0, file, 0, header.length);
        System.arraycopy(pixels, 0, file, header.length, pixels.length);
        return file;
    }

    /** Computes with these arguments, or those of a preset named as the only argument; returns what main prints. */
    public static String run(String... args) {
        Args x = arguments(args);
        List<String> a = x.a();
        int width = x.width();
        int height = x.height();
        int samples = x.samples();
        int leafRows = x.leafRows();
        byte[] file = new Raytracer(width, height, samples, leafRows).ppm();
        String where = "";
        if (a.size() > 4) {
            write(Path.of(a.get(4)), file);
            where = ", written to " + a.get(4);
        }
        return "raytracer " + width + "x" + height + ", " + samples + "x" + samples + " samples a pixel, leaves of "
                + leafRows + " rows: PPM of " + file.length + " bytes, SHA-256 " + sha256(file) + where;
    }

    /** A preset's arguments, and the output path if one follows the preset's name. */
    private static List<String> withPreset(String[] args) {
        if (args.length > 2) {
            throw new IllegalArgumentException("a preset takes only an output path, not " + List.of(args));
        }
        List<String> p = new java.util.ArrayList<>(PRESETS.get(args[0]));
        if (args.length == 2) {
            p.add(args[1]);
        }
        return p;
    }

    private static void write(Path path, byte[] file) {
        try {
            Files.write(path, file);
        } catch (IOException e) {
            throw new IllegalArgumentException("output " + path + " cannot be written: " + e.getMessage(), e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    /** The arguments, as {@link #run} reads them. */
    public record Args(List<String> a, int width, int height, int samples, int leafRows) {
    }

    private static Args arguments(String... args) {
        List<String> a = args.length == 0 ? PRESETS.get("small")
                : args.length >= 1 && PRESETS.containsKey(args[0]) ? withPreset(args) : List.of(args);
        if (a.size() < 2 || a.size() > 5) {
            throw new IllegalArgumentException("expected arguments WIDTH HEIGHT [SAMPLES [LEAF_ROWS [OUTPUT.ppm]]] or a preset "
                    + PRESETS.keySet() + " [OUTPUT.ppm], not " + a);
        }
        int width = AppArguments.integer(a.get(0), "width", 1, 20000);
        int height = AppArguments.integer(a.get(1), "height", 1, 20000);
        int samples = a.size() > 2 ? AppArguments.integer(a.get(2), "samples", 1, 16) : 1;
        int leafRows = a.size() > 3 ? AppArguments.integer(a.get(3), "leaf rows", 1, 20000) : 8;
        if ((long) width * height * 3 > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("width x height = " + width + " x " + height + " is too large for one image");
        }
        return new Args(a, width, height, samples, leafRows);
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
