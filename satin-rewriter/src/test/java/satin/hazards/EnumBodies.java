package satin.hazards;

import java.util.Arrays;
import satin.SatinObject;
import satin.Spawnable;

/** Enum constants with bodies of their own (anonymous subclasses of the enum) as receivers and arguments of spawns. */
public class EnumBodies extends SatinObject {

    public enum Shape {
        SQUARE {
            @Override
            public long area(int n) {
                return (long) n * n;
            }
        },
        TRIANGLE {
            @Override
            public long area(int n) {
                return (long) n * n / 2;
            }
        };

        @Spawnable
        public abstract long area(int n);
    }

    @Spawnable
    public long areaOf(Shape s, int n) {
        long a = s.area(n);
        sync();
        return a + s.ordinal();
    }

    public String caseReceiversAndArguments() {
        long[] r = new long[4];
        r[0] = Shape.SQUARE.area(5);
        r[1] = Shape.TRIANGLE.area(5);
        r[2] = areaOf(Shape.SQUARE, 6);
        r[3] = areaOf(Shape.TRIANGLE, 6);
        sync();
        return Arrays.toString(r);
    }

    public String caseInALoop() {
        long[] r = new long[6];
        for (int i = 0; i < r.length; i++) {
            r[i] = areaOf(Shape.values()[i % 2], i);
        }
        sync();
        return Arrays.toString(r);
    }
}
