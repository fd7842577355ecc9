package satin.hazards;

import satin.SatinObject;
import satin.SpawnException;
import satin.Spawnable;

/** Spawns around exception handlers and finally blocks: handlers see the results the sequential program would. */
public class TryFinally extends SatinObject {

    @Spawnable
    public long value(int i) {
        if (i < 0) {
            throw new IllegalArgumentException("bad " + i);
        }
        return i * 11L;
    }

    private static void boom(int i) {
        if (i > 0) {
            throw new IllegalStateException("boom " + i);
        }
    }

    /** An exception after a spawn: the handler syncs first, so x holds the spawned result. */
    public String caseResultVisibleInHandler() {
        long x = -1;
        try {
            x = value(4);
            boom(1);
            sync();
        } catch (IllegalStateException e) {
            return "handler sees " + x + " after " + e.getMessage();
        }
        return "no exception " + x;
    }

    public String caseFinallySyncs() {
        StringBuilder log = new StringBuilder();
        long a = 0;
        long b = 0;
        try {
            a = value(2);
            b = value(3);
            log.append("body;");
        } finally {
            sync();
            log.append("finally ").append(a + b);
        }
        return log.toString();
    }

    /** A return inside try with spawns pending: they finish before the finally block runs. */
    public String caseReturnInsideTry() {
        long[] seen = new long[1];
        String r = returnsEarly(seen);
        return r + " finally saw " + seen[0];
    }

    private String returnsEarly(long[] seen) {
        long[] results = new long[3];
        try {
            for (int i = 0; i < 3; i++) {
                results[i] = value(i + 1);
            }
            return "returned";
        } finally {
            sync();
            seen[0] = results[0] + results[1] + results[2];
        }
    }

    public String caseNestedTry() {
        long outer = 0;
        long inner = 0;
        try {
            outer = value(5);
            try {
                inner = value(6);
                boom(2);
                sync();
            } catch (IllegalStateException e) {
                inner += 1000;
            }
            sync();
        } finally {
            outer += 1;
        }
        return outer + "/" + inner;
    }

    public String caseFailureAtSync() {
        try {
            long a = value(1);
            long b = value(-2);
            sync();
            return "no failure " + (a + b);
        } catch (SpawnException e) {
            return "failed: " + e.getCause().getMessage();
        } catch (IllegalArgumentException e) {
            return "failed: " + e.getMessage();
        }
    }

    /** try-with-resources closes after its spawns have synced. */
    public String caseTryWithResources() {
        StringBuilder log = new StringBuilder();
        try (AutoCloseable c = () -> log.append("closed;")) {
            long a = value(7);
            sync();
            log.append("used ").append(a).append(';');
        } catch (Exception e) {
            log.append("failed");
        }
        return log.toString();
    }
}
