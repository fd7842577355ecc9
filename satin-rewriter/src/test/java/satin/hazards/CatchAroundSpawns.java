package satin.hazards;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import satin.SatinObject;
import satin.Spawnable;

/**
 * Handlers of the program in a try around a spawn and its sync, as a program written for the
 * sequential run has them. The sequential program throws the call's exception at the spawn, and
 * the first handler of its type catches it; the rewritten program must hand the same handler the
 * same exception, never a SpawnException it would not catch (a catch of IOException or of
 * ArithmeticException) or would catch in place of the exception (a catch of RuntimeException or
 * Exception), and must let an exception that no handler of the try catches leave the method.
 */
public class CatchAroundSpawns extends SatinObject {

    @Spawnable
    public long load(int n) throws IOException {
        if (n < 0) {
            throw new FileNotFoundException("no " + n);
        }
        return n * 10L;
    }

    @Spawnable
    public long divide(long a, long b) {
        return a / b;
    }

    @Spawnable
    public String named(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative " + n);
        }
        return "n" + n;
    }

    private static String seen(Throwable e) {
        return e.getClass().getSimpleName() + ": " + e.getMessage() + " (" + e.getSuppressed().length + " suppressed)";
    }

    public String caseCheckedCaughtByItsType() {
        long a = 1;
        long b = 2;
        try {
            a = load(3);
            b = load(-1);
            sync();
            return "a=" + a + " b=" + b;
        } catch (IOException e) {
            return "caught " + seen(e) + " a=" + a + " b=" + b;
        }
    }

    public String caseCheckedCaughtByASubtype() {
        long a = 1;
        try {
            a = load(-2);
            sync();
        } catch (FileNotFoundException e) {
            return "caught " + seen(e) + " a=" + a;
        } catch (IOException e) {
            return "the wrong handler";
        }
        return "a=" + a;
    }

    public String caseUncheckedCaughtByItsType() {
        long a = 1;
        long b = 2;
        try {
            a = divide(10, 2);
            b = divide(1, 0);
            sync();
        } catch (ArithmeticException e) {
            return "caught " + seen(e) + " a=" + a + " b=" + b;
        }
        return "a=" + a + " b=" + b;
    }

    public String caseUncheckedCaughtAsRuntimeException() {
        String a = "-";
        try {
            a = named(-4);
            sync();
        } catch (RuntimeException e) {
            return "caught " + seen(e);
        }
        return a;
    }

    public String caseCaughtAsExceptionWithTwoFailures() {
        long a = 1;
        long b = 2;
        try {
            a = divide(1, 0);
            b = load(-1);
            sync();
        } catch (Exception e) {
            return "caught " + e.getClass().getSimpleName() + ": " + e.getMessage() + " a=" + a + " b=" + b;
        }
        return "a=" + a + " b=" + b;
    }

    /** Several handlers: the first of the failure's type catches it, in the sequential program and here. */
    public String caseTheFirstHandlerOfItsTypeCatches() {
        String r = "";
        for (int n : new int[] {-1, 0, 5}) {
            try {
                long a = load(n);
                long q = divide(100, n);
                sync();
                r += "[" + a + "," + q + "]";
            } catch (ArithmeticException e) {
                r += "[arithmetic]";
            } catch (IOException | IllegalStateException e) {
                r += "[io " + e.getMessage() + "]";
            } catch (RuntimeException e) {
                r += "[runtime]";
            }
        }
        return r;
    }

    /** A catch of RuntimeException does not catch a spawn's IOException: it leaves the method, as itself. */
    public long runtimeHandlerAroundACheckedFailure(int n) throws IOException {
        long a = 0;
        try {
            a = load(n);
            sync();
        } catch (RuntimeException e) {
            return -100;
        }
        return a;
    }

    public String caseARuntimeHandlerDoesNotCatchACheckedFailure() {
        try {
            return "returned " + runtimeHandlerAroundACheckedFailure(-7);
        } catch (IOException e) {
            return "escaped " + seen(e);
        } catch (RuntimeException e) {
            return "escaped " + seen(e.getCause() == null ? e : e.getCause()) + " wrapped";
        }
    }

    /** A handler of another type lets the failure leave, and the caller sees what the sequential caller sees. */
    public long otherHandler(int n) {
        long a = 0;
        try {
            a = divide(n, n - n);
            sync();
        } catch (UncheckedIOException e) {
            return -1;
        }
        return a;
    }

    public String caseAHandlerOfAnotherTypeLetsItLeave() {
        try {
            return "returned " + otherHandler(3);
        } catch (ArithmeticException e) {
            return "left as " + seen(e);
        } catch (RuntimeException e) {
            return "left as " + seen(e.getCause() == null ? e : e.getCause()) + " wrapped";
        }
    }

    /** No failure: the handlers are never entered and the results are the sequential ones. */
    public String caseNothingFails() {
        long a = 0;
        long b = 0;
        try {
            a = load(4);
            b = divide(9, 3);
            sync();
        } catch (IOException | ArithmeticException e) {
            return "caught " + seen(e);
        }
        return "a=" + a + " b=" + b;
    }

    /** A finally inside the try: it runs, and the handler outside it still sees the exception itself. */
    public String caseAFinallyInsideTheTry() {
        StringBuilder r = new StringBuilder();
        try {
            try {
                long a = load(-5);
                sync();
                r.append(a);
            } finally {
                r.append("finally ");
            }
        } catch (IOException e) {
            r.append("caught ").append(seen(e));
        }
        return r.toString();
    }
}
