package satin.apps.raytracer;

/**
 * A pinhole camera looking at the scene; renders rows of pixels, each the mean of samples x
 * samples rays on a regular grid inside the pixel, summed in a fixed order.
 */
public final class Camera {

    private static final Vec EYE = new Vec(0, 2.2, 8);
    private static final Vec TARGET = new Vec(0, 0.9, 0);
    private static final double FIELD = 0.75;

    private Camera() {
    }

    /** The RGB bytes of rows y0 (inclusive) to y1 (exclusive) of a width x height image. */
    public static byte[] rows(int width, int height, int samples, int y0, int y1) {
        Vec forward = TARGET.minus(EYE).unit();
        Vec right = forward.cross(new Vec(0, 1, 0)).unit();
        Vec up = right.cross(forward);
        double scale = FIELD * 2 / height;
        byte[] out = new byte[(y1 - y0) * width * 3];
        int k = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = 0; x < width; x++) {
                Vec sum = new Vec(0, 0, 0);
                for (int sy = 0; sy < samples; sy++) {
                    for (int sx = 0; sx < samples; sx++) {
                        double u = (x + (sx + 0.5) / samples - width / 2.0) * scale;
                        double v = (height / 2.0 - y - (sy + 0.5) / samples) * scale;
                        Vec dir = forward.plus(right.times(u)).plus(up.times(v)).unit();
                        sum = sum.plus(Scene.trace(EYE, dir, 0));
                    }
                }
                Vec c = sum.times(1.0 / (samples * samples));
                out[k++] = channel(c.x());
                out[k++] = channel(c.y());
                out[k++] = channel(c.z());
            }
        }
        return out;
    }

    private static byte channel(double c) {
        double clamped = c < 0 ? 0 : c > 1 ? 1 : c;
        return (byte) (int) (clamped * 255 + 0.5);
    }
}
