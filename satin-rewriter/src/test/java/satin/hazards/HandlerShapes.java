package satin.hazards;

import satin.SatinObject;
import satin.Spawnable;

/**
 * More shapes of methods with exception handlers, whose spawns' results go through result locals:
 * a slot javac reuses for another type, a parameter as the target, static spawns with wide
 * parameters, conditional spawns into one target, nested tries, fields with the implicit sync, a
 * target captured by a lambda, a spawn in a finally block that javac copies to each way out.
 */
public class HandlerShapes extends SatinObject {

    private long field;
    private static long staticField;

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
    public String text(int i) {
        if (i == 13) {
            throw new IllegalStateException("thirteen");
        }
        return "t" + i;
    }

    @Spawnable
    public static double sfib(double d, long l) {
        if (d < 2) {
            return d + l;
        }
        double a = sfib(d - 1, l);
        double b = sfib(d - 2, l);
        satin.Satin.sync();
        return a + b;
    }

    /** javac reuses a slot for a long in one block and a String in the next. */
    public String caseSlotReusedWithAnotherType() {
        String out = "";
        {
            long x = fib(10);
            sync();
            out += x;
        }
        {
            String s = text(3);
            sync();
            out += s;
        }
        try {
            out += Integer.parseInt("z");
        } catch (NumberFormatException e) {
            out += "!";
        }
        return out;
    }

    /** The parameter is the target, and the spawn's argument reads it. */
    public long caseParameterAsTarget() {
        return paramTarget(12);
    }

    private long paramTarget(int n) {
        long m = n;
        try {
            m = Long.parseLong("" + n);
        } catch (NumberFormatException e) {
            m = 0;
        }
        m = fib((int) m - 1);
        sync();
        return m;
    }

    /** A static spawnable with wide parameters, from a method with a handler. */
    public String caseStaticWideWithHandler() {
        double a;
        try {
            a = sfib(8, 3L);
        } finally {
            field++;
        }
        sync();
        return a + " " + field;
    }

    /** Conditional spawns into one target, a handler elsewhere. */
    public String caseConditionalIntoOneTarget() {
        String out = "";
        for (int i = 0; i < 4; i++) {
            long r;
            if (i % 2 == 0) {
                r = fib(i + 5);
            } else {
                r = fib(i + 6);
            }
            sync();
            out += r + ",";
        }
        try {
            out += Integer.parseInt("1");
        } catch (NumberFormatException e) {
            out += "?";
        }
        return out;
    }

    /** Nested try blocks: spawns in the inner one, the sync in the outer one. */
    public String caseNestedTries() {
        long a = 0;
        String b = "none";
        try {
            try {
                a = fib(11);
                b = text(13);
            } finally {
                staticField++;
            }
            sync();
        } catch (RuntimeException e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            return "caught " + c.getMessage() + " a=" + a + " b=" + b;
        }
        return a + b;
    }

    /** Results into fields, with a handler, and the implicit sync at return. */
    public long caseFieldsAndImplicitSync() {
        try {
            staticField = Long.parseLong("5");
        } catch (NumberFormatException e) {
            staticField = -1;
        }
        field = fib(9);
        staticField = fib(8);
        sync();
        return field * 1000 + staticField;
    }

    /** A local captured by a lambda after the sync, a handler before. */
    public String caseCapturedAfterSync() {
        int base;
        try {
            base = Integer.parseInt("3");
        } catch (NumberFormatException e) {
            base = 0;
        }
        long x = fib(base + 7);
        String t = text(base);
        sync();
        java.util.function.Supplier<String> s = () -> t + x;
        return s.get();
    }

    /** A spawn inside a finally block, which javac copies to each way out. */
    public String caseSpawnInFinally() {
        long x = -1;
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            try {
                if (i == 1) {
                    throw new IllegalStateException("out " + i);
                }
                log.append("body").append(i);
            } catch (IllegalStateException e) {
                log.append(" caught");
            } finally {
                x = fib(8 + i);
                sync();
                log.append(" x=").append(x);
            }
        }
        return log.toString();
    }
}
