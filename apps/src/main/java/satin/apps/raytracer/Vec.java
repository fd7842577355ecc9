package satin.apps.raytracer;

/** A point, direction or colour; plain double arithmetic only, so every result is reproducible. */
public record Vec(double x, double y, double z) {

    public Vec plus(Vec o) {
        return new Vec(x + o.x, y + o.y, z + o.z);
    }

    public Vec minus(Vec o) {
        return new Vec(x - o.x, y - o.y, z - o.z);
    }

    public Vec times(double s) {
        return new Vec(x * s, y * s, z * s);
    }

    public Vec times(Vec o) {
        return new Vec(x * o.x, y * o.y, z * o.z);
    }

    public double dot(Vec o) {
        return x * o.x + y * o.y + z * o.z;
    }

    public Vec cross(Vec o) {
        return new Vec(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x);
    }

    /** Math.sqrt is correctly rounded, so the same on every JVM. */
    public Vec unit() {
        return times(1 / Math.sqrt(dot(this)));
    }
}
