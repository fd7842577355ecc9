package satin.diagnostics;

import java.io.FileNotFoundException;
import java.io.IOException;
import satin.SatinObject;
import satin.SpawnException;
import satin.Spawnable;

/** Handlers around spawns that throw checked exceptions: line numbers are asserted by DiagnosticsTest. */
public class CaughtByType extends SatinObject {

    @Spawnable
    public long load(int n) throws IOException {
        if (n < 0) {
            throw new FileNotFoundException("no " + n);
        }
        return n;
    }

    public long caughtAroundTheSpawnOnly(int n) {
        boolean failed = false;
        long a = 0;
        try {
            a = load(n); // line 24: the sequential program's handler catches its IOException, the sync outside never
        } catch (IOException e) {
            failed = true;
        }
        sync();
        return failed ? -1 : a;
    }

    public long caughtBySubtypeAroundTheSpawnOnly(int n) throws IOException {
        boolean failed = false;
        long a = 0;
        try {
            a = load(n); // line 36
        } catch (FileNotFoundException e) {
            failed = true;
        }
        sync();
        return failed ? -1 : a;
    }

    /** Handlers around the spawn and its sync, or that catch a SpawnException, or that the spawn's exception could never reach: no problem. */
    public long caughtAsASync(int n) throws IOException, InterruptedException {
        long a = 0;
        try {
            a = load(n);
            sync();
            Thread.sleep(0);
        } catch (SpawnException e) {
            a = -1;
        } catch (InterruptedException e) {
            a = -2;
        }
        try {
            long b = load(n + 1);
            sync();
            a += b;
        } catch (Exception e) {
            a = -3;
        }
        try {
            long c = load(n + 2);
            sync();
            a += c;
        } catch (SpawnException e) {
            a = -4;
        } catch (IOException e) {
            a = -5; // the sequential program's, beside the rewritten program's handler
        }
        try {
            long d = load(n + 3);
            sync();
            a += d;
        } catch (FileNotFoundException e) {
            a = -6; // around the spawn and its sync: it sees the failure itself
        }
        return a;
    }
}
