package satin.hazards;

import java.io.BufferedReader;
import java.io.StringReader;
import satin.SatinObject;
import satin.Spawnable;

/**
 * Shapes of the Java language around spawns that the corpus did not have: string and enum switches
 * (javac's temporaries and synthetic switch maps), a switch expression, try-with-resources,
 * instanceof patterns, labelled loops with do-while, spawnable methods of a record, of an inner
 * class and of an anonymous subclass, a static caller of instance spawns, results into Object[].
 */
public class LanguageShapes extends SatinObject {

    public enum Colour { RED, GREEN, BLUE }

    public record Box(int size) {
        @Spawnable
        public long weigh(int n) {
            return (long) size * n;
        }
    }

    public class Inner extends SatinObject {
        final int k;
        public Inner(int k) { this.k = k; }
        @Spawnable
        public long times(int n) {
            return (long) k * n + base;
        }
    }

    private int base = 7;

    @Spawnable
    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    @Spawnable
    public String word(String s, Colour c) {
        return s + "-" + c.name().toLowerCase();
    }

    public String caseStringSwitch() {
        StringBuilder out = new StringBuilder();
        for (String s : new String[] {"a", "bb", "ccc", "zz"}) {
            long r;
            switch (s) {
                case "a":
                    r = fib(5);
                    break;
                case "bb":
                    r = fib(6);
                    break;
                case "ccc":
                    r = fib(7);
                    break;
                default:
                    r = -1;
            }
            sync();
            out.append(s).append('=').append(r).append(' ');
        }
        return out.toString();
    }

    public String caseEnumSwitchExpression() {
        StringBuilder out = new StringBuilder();
        for (Colour c : Colour.values()) {
            int n = switch (c) {
                case RED -> 4;
                case GREEN -> 6;
                case BLUE -> {
                    int t = c.ordinal();
                    yield t + 7;
                }
            };
            String w = word("x" + n, c);
            long f = fib(n);
            sync();
            out.append(w).append(f).append(',');
        }
        return out.toString();
    }

    public String caseTryWithResources() throws java.io.IOException {
        long a = 0;
        String line;
        try (BufferedReader r = new BufferedReader(new StringReader("12\n9"))) {
            line = r.readLine();
            a = fib(Integer.parseInt(line));
            String w = word(r.readLine(), Colour.BLUE);
            sync();
            line = line + w;
        }
        return line + a;
    }

    public String caseInstanceofPattern() {
        Object[] things = {"s", 4, 5L, new Box(3)};
        StringBuilder out = new StringBuilder();
        for (Object o : things) {
            if (o instanceof Integer i) {
                long f = fib(i + 3);
                sync();
                out.append("int ").append(f);
            } else if (o instanceof Box b) {
                long w = b.weigh(11);
                sync();
                out.append(" box ").append(w);
            } else if (o instanceof String s && !s.isEmpty()) {
                String w = word(s, Colour.RED);
                sync();
                out.append(" str ").append(w);
            }
        }
        return out.toString();
    }

    public String caseLabeledLoopsAndDoWhile() {
        StringBuilder out = new StringBuilder();
        outer:
        for (int i = 0; i < 4; i++) {
            int j = 0;
            do {
                if (i == 2 && j == 1) {
                    continue outer;
                }
                if (i == 3) {
                    break outer;
                }
                long f = fib(i + j + 3);
                sync();
                out.append(f).append(' ');
                j++;
            } while (j < 3);
        }
        return out.toString();
    }

    public String caseInnerAndAnonymousReceivers() {
        Inner in = new Inner(3);
        long a = in.times(5);
        Box b = new Box(9);
        long c = b.weigh(2);
        sync();
        LanguageShapes anon = new LanguageShapes() {
            @Override
            public long fib(int n) {
                return 1000 + n;
            }
        };
        long d = anon.fib(4);
        sync();
        return a + " " + c + " " + d;
    }

    public static String caseStaticCallerOfInstanceSpawns() {
        LanguageShapes p = new LanguageShapes();
        long a = p.fib(10);
        long b = p.fib(11);
        satin.Satin.sync();
        return a + "," + b;
    }

    public String caseSpawnResultIntoArrayOfObjects() {
        Object[] out = new Object[3];
        for (int i = 0; i < 3; i++) {
            out[i] = word("w" + i, Colour.values()[i]);
        }
        sync();
        return java.util.Arrays.toString(out);
    }
}
