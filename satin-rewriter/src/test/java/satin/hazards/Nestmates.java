package satin.hazards;

import satin.SatinObject;
import satin.Spawnable;

/**
 * Private spawnable methods of one class spawned from another class of the same nest (Java 11
 * and later call them directly, without javac's access methods): an inner class spawning its
 * outer object's private methods, the outer class spawning an inner object's, a static nested
 * class and an anonymous class doing the same.
 */
public class Nestmates extends SatinObject {

    private final int offset;

    public Nestmates() {
        this(3);
    }

    private Nestmates(int offset) {
        this.offset = offset;
    }

    @Spawnable
    private long count(int n) {
        if (n < 2) {
            return n + offset;
        }
        long a = count(n - 1);
        long b = count(n - 2);
        sync();
        return a + b;
    }

    @Spawnable
    private static long square(int n) {
        return (long) n * n;
    }

    public class Inner extends SatinObject {
        private final int scale;

        public Inner(int scale) {
            this.scale = scale;
        }

        @Spawnable
        private long scaled(int n) {
            return (long) n * scale + offset;
        }

        /** Spawns its outer object's private methods, on the outer object and on another one. */
        public String spawnOuter(Nestmates other) {
            long a = count(12);
            long b = other.count(10);
            long c = square(9);
            sync();
            return a + " " + b + " " + c;
        }
    }

    public static class Nested extends SatinObject {
        public String spawnOuter(Nestmates outer) {
            long a = outer.count(11);
            long b = square(7);
            sync();
            return a + " " + b;
        }
    }

    public String caseInnerSpawnsOuterPrivates() {
        return new Inner(2).spawnOuter(new Nestmates(100));
    }

    public String caseOuterSpawnsInnerPrivate() {
        Inner in = new Inner(5);
        long a = in.scaled(7);
        long b = in.scaled(8);
        sync();
        return a + " " + b;
    }

    public String caseNestedSpawnsOuterPrivates() {
        return new Nested().spawnOuter(new Nestmates(20));
    }

    public String caseAnonymousSpawnsOuterPrivate() {
        java.util.function.IntFunction<String> f = new java.util.function.IntFunction<>() {
            @Override
            public String apply(int n) {
                long a = count(n);
                long b = count(n + 1);
                satin.Satin.sync();
                return a + "+" + b;
            }
        };
        return f.apply(9);
    }
}
