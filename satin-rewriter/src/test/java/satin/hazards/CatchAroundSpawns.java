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

    private static void boom(int i) {
        if (i > 0) {
            throw new IllegalStateException("boom " + i);
        }
    }

    /**
     * The program's own code throws while a spawn that failed is pending: in the sequential
     * program the spawn threw first, at the spawn, so the handler gets the spawn's exception.
     */
    public String caseASpawnFailedBeforeTheTryThrewItself() {
        long a = 1;
        try {
            a = divide(1, 0);
            boom(1);
            sync();
        } catch (ArithmeticException e) {
            return "caught " + e.getClass().getSimpleName() + ": " + e.getMessage() + " a=" + a;
        } catch (IllegalStateException e) {
            return "the wrong handler: " + e.getMessage();
        }
        return "a=" + a;
    }

    /** The same with a finally: it runs, as it does when the sequential spawn throws, and the failure leaves. */
    public String caseAFinallyRunsWhenASpawnFailedBeforeTheTryThrew() {
        StringBuilder r = new StringBuilder();
        try {
            finallyAfterAFailedSpawn(r);
        } catch (RuntimeException e) {
            Throwable t = e instanceof satin.SpawnException ? e.getCause() : e;
            r.append("left ").append(t.getClass().getSimpleName()).append(": ").append(t.getMessage());
        }
        return r.toString();
    }

    private void finallyAfterAFailedSpawn(StringBuilder r) {
        long a = 1;
        try {
            a = divide(2, 0);
            boom(2);
            sync();
            r.append(a);
        } finally {
            r.append("finally ");
        }
    }

    /** A spawn made before the try, failed: the sequential program never entered the try, its handler is not run. */
    public String caseASpawnBeforeTheTryIsNotTheHandlers() {
        try {
            return spawnBeforeTheTry();
        } catch (RuntimeException e) {
            Throwable t = e instanceof satin.SpawnException ? e.getCause() : e;
            return "left " + t.getClass().getSimpleName() + ": " + t.getMessage();
        }
    }

    private String spawnBeforeTheTry() {
        long a = 1;
        a = divide(3, 0);
        try {
            boom(3);
            sync();
        } catch (ArithmeticException | IllegalStateException e) {
            return "the handler ran: " + e.getMessage();
        }
        return "a=" + a;
    }

    /**
     * A sync in a try of its own inside the try around the spawn: the inner handler is around the
     * sync but not the spawn, and the sequential program's exception, thrown at the spawn, goes to
     * the outer one.
     */
    public String caseAnInnerTryAroundTheSyncOnly() {
        long a = 1;
        try {
            a = divide(4, 0);
            try {
                sync();
            } catch (ArithmeticException e) {
                return "the inner handler";
            }
        } catch (ArithmeticException e) {
            return "the outer handler: " + e.getMessage() + " a=" + a;
        }
        return "a=" + a;
    }

    /** A resource's implicit finally closes it, then the handler outside gets the spawn's exception itself. */
    public String caseTryWithResourcesAroundAFailingSpawn() {
        StringBuilder log = new StringBuilder();
        try (AutoCloseable c = () -> log.append("closed;")) {
            long a = load(-8);
            sync();
            log.append("used ").append(a);
        } catch (IOException e) {
            log.append("caught ").append(seen(e));
        } catch (Exception e) {
            log.append("the wrong handler ").append(e);
        }
        return log.toString();
    }

    /** The same when the program's own code throws while the failed spawn is pending. */
    public String caseTryWithResourcesWhenTheProgramThrowsToo() {
        StringBuilder log = new StringBuilder();
        try (AutoCloseable c = () -> log.append("closed;")) {
            long a = load(-9);
            boom(9);
            sync();
            log.append("used ").append(a);
        } catch (IOException e) {
            // the rewritten program ran boom(9) too and keeps its exception suppressed in this one
            log.append("caught ").append(e.getClass().getSimpleName()).append(": ").append(e.getMessage());
        } catch (Exception e) {
            log.append("the wrong handler ").append(e);
        }
        return log.toString();
    }
}
