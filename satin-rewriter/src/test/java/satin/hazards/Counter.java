package satin.hazards;

import satin.SharedObject;
import satin.Write;

/** A shared object as a program writes it: a write with arguments of each kind, and a read. */
public class Counter extends SharedObject {

    private long total;
    private String last = "";

    @Write
    public void add(int a, long b, double c, String note) {
        total += a + b + (long) c;
        last = note;
    }

    public long total() {
        return total;
    }

    public String last() {
        return last;
    }
}
