package satin.diagnostics;

import satin.SharedObject;
import satin.Write;

/** Writes the rewriter refuses: one that returns a value, and a static one. */
public class BadWrites extends SharedObject {

    private int value;

    @Write
    public int setAndGet(int v) {
        value = v;
        return value;
    }

    @Write
    public static void reset() {
    }
}
