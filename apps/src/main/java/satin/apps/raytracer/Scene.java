package satin.apps.raytracer;

/**
 * The fixed scene: a checkered floor, a back wall, seven spheres (three of them mirrors), two
 * point lights casting shadows, Phong highlights and reflections up to {@link #MAX_DEPTH}. It
 * is built the same on every machine, so jobs carry only the rows they render.
 */
public final class Scene {

    static final int MAX_DEPTH = 5;
    private static final double EPSILON = 1e-7;
    private static final Vec SKY = new Vec(0.55, 0.7, 0.95);
    private static final Vec AMBIENT = new Vec(0.08, 0.08, 0.1);

    /** centre x, y, z, radius, colour r, g, b, reflectivity */
    private static final double[][] SPHERES = {
        {0, 1, 0, 1, 0.9, 0.15, 0.1, 0.25},
        {-2.2, 0.7, 1.2, 0.7, 0.1, 0.8, 0.2, 0.1},
        {2.1, 0.8, 0.8, 0.8, 0.95, 0.95, 0.95, 0.8},
        {-0.9, 0.35, 2.3, 0.35, 0.2, 0.3, 0.9, 0.0},
        {1.0, 0.3, 2.6, 0.3, 0.9, 0.8, 0.1, 0.3},
        {-1.2, 1.6, -1.8, 1.6, 0.8, 0.8, 0.85, 0.9},
        {3.2, 1.3, -2.5, 1.3, 0.6, 0.2, 0.7, 0.5},
    };
    private static final Vec[] LIGHTS = {new Vec(-4, 7, 6), new Vec(5, 5, 3)};
    private static final Vec[] LIGHT_COLOURS = {new Vec(0.75, 0.72, 0.68), new Vec(0.35, 0.38, 0.45)};
    private static final double WALL_Z = -5;

    private Scene() {
    }

    /** Where a ray first hits: distance along the (unit) direction and which object (-1 floor, -2 wall, -3 nothing). */
    private static double[] hit(Vec origin, Vec dir) {
        double best = Double.POSITIVE_INFINITY;
        int which = -3;
        for (int i = 0; i < SPHERES.length; i++) {
            double t = sphere(SPHERES[i], origin, dir);
            if (t < best) {
                best = t;
                which = i;
            }
        }
        if (dir.y() < 0) {
            double t = -origin.y() / dir.y();
            if (t > EPSILON && t < best) {
                best = t;
                which = -1;
            }
        }
        if (dir.z() < 0) {
            double t = (WALL_Z - origin.z()) / dir.z();
            if (t > EPSILON && t < best) {
                best = t;
                which = -2;
            }
        }
        return new double[] {best, which};
    }

    private static double sphere(double[] s, Vec origin, Vec dir) {
        Vec oc = origin.minus(new Vec(s[0], s[1], s[2]));
        double b = oc.dot(dir);
        double c = oc.dot(oc) - s[3] * s[3];
        double disc = b * b - c;
        if (disc < 0) {
            return Double.POSITIVE_INFINITY;
        }
        double root = Math.sqrt(disc);
        double t = -b - root;
        if (t > EPSILON) {
            return t;
        }
        t = -b + root;
        return t > EPSILON ? t : Double.POSITIVE_INFINITY;
    }

    /** The colour seen along the unit direction dir from origin, after depth reflections so far. */
    static Vec trace(Vec origin, Vec dir, int depth) {
        double[] h = hit(origin, dir);
        int which = (int) h[1];
        if (which == -3) {
            return SKY.times(1 - 0.4 * Math.max(0, dir.y()));
        }
        Vec point = origin.plus(dir.times(h[0]));
        Vec normal;
        Vec colour;
        double reflect;
        if (which == -1) {
            normal = new Vec(0, 1, 0);
            boolean dark = ((long) Math.floor(point.x()) + (long) Math.floor(point.z()) & 1) != 0;
            colour = dark ? new Vec(0.15, 0.15, 0.15) : new Vec(0.85, 0.85, 0.8);
            reflect = 0.2;
        } else if (which == -2) {
            normal = new Vec(0, 0, 1);
            boolean stripe = ((long) Math.floor(point.x() * 0.5) & 1) != 0;
            colour = stripe ? new Vec(0.7, 0.6, 0.45) : new Vec(0.65, 0.55, 0.4);
            reflect = 0;
        } else {
            double[] s = SPHERES[which];
            normal = point.minus(new Vec(s[0], s[1], s[2])).times(1 / s[3]);
            colour = new Vec(s[4], s[5], s[6]);
            reflect = s[7];
        }
        Vec lit = shade(point, normal, dir, colour);
        if (reflect > 0 && depth < MAX_DEPTH) {
            Vec mirrored = dir.minus(normal.times(2 * dir.dot(normal)));
            lit = lit.times(1 - reflect).plus(trace(point, mirrored, depth + 1).times(reflect));
        }
        return lit;
    }

    /** Ambient, plus diffuse and a Phong highlight from every light the point can see. */
    private static Vec shade(Vec point, Vec normal, Vec dir, Vec colour) {
        Vec sum = AMBIENT.times(colour);
        for (int i = 0; i < LIGHTS.length; i++) {
            Vec toLight = LIGHTS[i].minus(point);
            double distance = Math.sqrt(toLight.dot(toLight));
            Vec l = toLight.times(1 / distance);
            double lambert = normal.dot(l);
            if (lambert <= 0 || hit(point, l)[0] < distance) {
                continue;
            }
            Vec half = l.minus(dir).unit();
            double specular = StrictMath.pow(Math.max(0, normal.dot(half)), 40);
            sum = sum.plus(colour.times(LIGHT_COLOURS[i]).times(lambert)).plus(LIGHT_COLOURS[i].times(specular * 0.6));
        }
        return sum;
    }
}
