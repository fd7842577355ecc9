package satin.diagnostics;

import satin.Write;

/** A write on a class that is no shared object: refused. */
public class NotShared {

    private int value;

    @Write
    public void set(int v) {
        value = v;
    }
}
