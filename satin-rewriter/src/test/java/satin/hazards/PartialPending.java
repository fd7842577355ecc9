package satin.hazards;

import satin.SatinObject;
import satin.Spawnable;

/**
 * A sync inside an inner try that waits for spawns made before that try as well as inside it:
 * each failure goes to the handlers its own spawn met in the sequential program. A spawn made
 * inside the try meets the try's catch, finally and resource close first; one made before it
 * does not. The caller sees what leaves the method as itself, never a SpawnException the
 * sequential program never threw (decision 0041).
 */
public class PartialPending extends SatinObject {

    @Spawnable
    public long f(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("f(" + n + ")");
        }
        if (n > 1000) {
            throw new IllegalStateException("f(" + n + ")");
        }
        return n * 10L;
    }

    private static void boom(int n) {
        if (n > 0) {
            throw new UnsupportedOperationException("boom " + n);
        }
    }

    /** The shape: the later spawn, inside a try-with-resources and a finally, fails. */
    public String caseLaterSpawnInsideResourceFails() {
        return resourceAndFinally(1, -2);
    }

    /** The earlier spawn, before the inner try, fails: the sequential program never entered it. */
    public String caseEarlierSpawnBeforeResourceFails() {
        return resourceAndFinally(-1, 2);
    }

    public String caseBothFailTheEarlierWins() {
        return resourceAndFinally(-1, -2);
    }

    public String caseNoneFails() {
        return resourceAndFinally(1, 2);
    }

    private String resourceAndFinally(int x, int y) {
        StringBuilder log = new StringBuilder();
        try {
            long a = f(x);
            try (AutoCloseable c = () -> log.append("closed;")) {
                long b = f(y);
                sync();
                log.append(a + b).append(';');
            } finally {
                log.append("finally;");
            }
        } catch (IllegalArgumentException e) {
            log.append("caught ").append(e.getMessage());
        } catch (Exception e) {
            log.append("wrong ").append(e);
        }
        return log.toString();
    }

    /** An inner catch around the later spawn only: it catches that spawn's failure, not the earlier one's. */
    public String caseInnerCatchGetsTheLaterSpawn() {
        return callInnerCatch(1, -2) + " | " + callInnerCatch(-1, 2) + " | " + callInnerCatch(-1, -2);
    }

    private String callInnerCatch(int x, int y) {
        try {
            return innerCatch(x, y);
        } catch (IllegalArgumentException e) {
            return "left as itself: " + e.getMessage();
        } catch (RuntimeException e) {
            return "left as " + e;
        }
    }

    private String innerCatch(int x, int y) {
        long a = f(x);
        long b = 0;
        try {
            b = f(y);
            sync();
        } catch (IllegalArgumentException e) {
            return "inner caught " + e.getMessage() + " b=" + b;
        }
        return "a=" + a + " b=" + b;
    }

    /** An inner finally without a catch: it runs for the later spawn's failure, which then leaves as itself. */
    public String caseInnerFinallyOnly() {
        return innerFinally(1, -2) + " | " + innerFinally(-1, 2);
    }

    private String innerFinally(int x, int y) {
        StringBuilder log = new StringBuilder();
        try {
            long a = f(x);
            try {
                long b = f(y);
                sync();
                log.append(a + b);
            } finally {
                log.append("finally;");
            }
        } catch (IllegalArgumentException e) {
            log.append("left ").append(e.getMessage());
        } catch (RuntimeException e) {
            log.append("left as ").append(e);
        }
        return log.toString();
    }

    /** Three levels, each with a spawn and a handler of its own type: each failure meets its own level first. */
    public String caseThreeLevels() {
        StringBuilder r = new StringBuilder();
        for (int[] v : new int[][] {{1, 2, 3}, {1, 2, -3}, {1, 2000, 3}, {-1, 2, 3}, {1, 2000, -3}, {-1, -2, 2003}}) {
            r.append(threeLevels(v[0], v[1], v[2])).append(" | ");
        }
        return r.toString();
    }

    private String threeLevels(int x, int y, int z) {
        StringBuilder log = new StringBuilder();
        try {
            long a = f(x);
            try {
                long b = f(y);
                try {
                    long c = f(z);
                    sync();
                    log.append(a + b + c);
                } catch (IllegalArgumentException e) {
                    log.append("level 3 ").append(e.getMessage());
                } finally {
                    log.append(";f3");
                }
            } catch (IllegalStateException e) {
                log.append("level 2 ").append(e.getMessage());
            } finally {
                log.append(";f2");
            }
        } catch (RuntimeException e) {
            log.append("level 1 ").append(e.getMessage());
        }
        return log.toString();
    }

    /** A generic sync (spawns in a loop inside the inner try): the settled record says which spawn failed. */
    public String caseGenericSyncInsideTheInnerTry() {
        return loopInside(1, new int[] {1, -2, 3}) + " | " + loopInside(-1, new int[] {1, 2, 3})
                + " | " + loopInside(1, new int[] {1, 2, 3});
    }

    private String loopInside(int x, int[] ys) {
        StringBuilder log = new StringBuilder();
        try {
            long a = f(x);
            long[] r = new long[ys.length];
            try {
                for (int i = 0; i < ys.length; i++) {
                    r[i] = f(ys[i]);
                }
                sync();
                log.append(a).append(java.util.Arrays.toString(r));
            } catch (IllegalArgumentException e) {
                log.append("inner ").append(e.getMessage()).append(java.util.Arrays.toString(r));
            }
        } catch (IllegalArgumentException e) {
            log.append("outer ").append(e.getMessage());
        }
        return log.toString();
    }

    /**
     * The program throws inside the inner try while both spawns are pending: in the sequential
     * program the failed spawn threw first, and its own handlers get its exception.
     */
    public String caseTheProgramThrowsInsideTheInnerTry() {
        return programThrows(1, -2, 1) + " | " + programThrows(-1, 2, 1) + " | " + programThrows(1, 2, 1);
    }

    private String programThrows(int x, int y, int fail) {
        StringBuilder log = new StringBuilder();
        try {
            long a = f(x);
            try (AutoCloseable c = () -> log.append("closed;")) {
                long b = f(y);
                boom(fail);
                sync();
                log.append(a + b);
            } catch (IllegalArgumentException e) {
                log.append("inner ").append(e.getMessage()).append(';');
            }
        } catch (IllegalArgumentException e) {
            log.append("outer ").append(e.getMessage());
        } catch (Exception e) {
            log.append("outer other ").append(e.getMessage());
        }
        return log.toString();
    }

    /** A multi-catch and a catch of a supertype inside, a spawn before: the later spawn's failure meets the first that fits. */
    public String caseSeveralInnerHandlers() {
        StringBuilder r = new StringBuilder();
        for (int[] v : new int[][] {{1, -2}, {1, 2000}, {-1, 2}, {1001, -2}}) {
            r.append(severalHandlers(v[0], v[1])).append(" | ");
        }
        return r.toString();
    }

    private String severalHandlers(int x, int y) {
        try {
            long a = f(x);
            try {
                long b = f(y);
                sync();
                return "a+b=" + (a + b);
            } catch (IllegalStateException | UnsupportedOperationException e) {
                return "inner state " + e.getMessage();
            } catch (RuntimeException e) {
                return "inner runtime " + e.getMessage();
            }
        } catch (IllegalArgumentException e) {
            return "outer argument " + e.getMessage();
        } catch (IllegalStateException e) {
            return "outer state " + e.getMessage();
        }
    }

    /**
     * The program throws an exception that the try's catches do not take while a spawn inside
     * the try has failed: in the sequential program the spawn threw first, and the try's own
     * catch took its exception (found by the random-program tester, seed 1315).
     */
    public String caseTheProgramsExceptionEscapesTheTry() {
        StringBuilder r = new StringBuilder();
        for (int[] v : new int[][] {{1, -2, 1}, {1, 2, 1}, {-1, 2, 1}, {1, -2, 0}, {1, 2000, 1}}) {
            try {
                r.append(escapes(v[0], v[1], v[2])).append(" / ").append(escapesWithoutFinally(v[0], v[1], v[2]));
            } catch (RuntimeException e) {
                r.append("left ").append(e.getClass().getSimpleName()).append(' ').append(e.getMessage());
            }
            r.append(" | ");
        }
        return r.toString();
    }

    private String escapes(int x, int y, int fail) {
        StringBuilder log = new StringBuilder();
        try {
            long a = f(x);
            try {
                try {
                    long b = f(y);
                    boom(fail);
                    sync();
                    log.append(a + b);
                } catch (IllegalArgumentException e) {
                    log.append("inner ").append(e.getMessage()).append(';');
                } finally {
                    log.append("finally;");
                }
            } catch (IllegalStateException e) {
                log.append("middle ").append(e.getMessage()).append(';');
            }
        } catch (UnsupportedOperationException e) {
            log.append("outer ").append(e.getMessage());
        }
        return log.toString();
    }

    /** The same without a finally: no handler of the program takes the program's exception inside the try. */
    private String escapesWithoutFinally(int x, int y, int fail) {
        StringBuilder log = new StringBuilder();
        try {
            long a = f(x);
            try {
                long b = f(y);
                boom(fail);
                sync();
                log.append(a + b);
            } catch (IllegalArgumentException e) {
                log.append("inner ").append(e.getMessage()).append(';');
            }
        } catch (IllegalStateException | UnsupportedOperationException e) {
            log.append("outer ").append(e.getMessage());
        }
        return log.toString();
    }

    /**
     * A try around the sync alone: its catch of RuntimeException and its finally were never met
     * by the spawn's failure in the sequential program, which threw it before the try (found by
     * the random-program tester, seeds 1820 and 3272).
     */
    public String caseAHandlerAroundTheSyncAloneDoesNotCatch() {
        StringBuilder r = new StringBuilder();
        for (int x : new int[] {-1, 1}) {
            try {
                r.append(syncAlone(x));
            } catch (IllegalArgumentException e) {
                r.append("left ").append(e.getMessage());
            } catch (RuntimeException e) {
                r.append("left as ").append(e.getClass().getSimpleName());
            }
            r.append(" | ");
        }
        return r.toString();
    }

    private String syncAlone(int x) {
        StringBuilder log = new StringBuilder();
        long a = f(x);
        try {
            sync();
        } catch (RuntimeException e) {
            return "swallowed " + e.getMessage();
        } finally {
            log.append("finally;");
        }
        return log.toString() + a;
    }
}
