package satin.hazards;

import satin.hazards.library.Library;

/**
 * Protected spawnable methods inherited from a superclass in another package, spawned on this
 * object, on another object of this class and statically: the records that make these calls when
 * a spawn is stolen are classes of this package, which Java does not let call them directly.
 */
public class ProtectedElsewhere extends Library {

    public String caseOnThis() {
        long a = work(12);
        long b = work(13);
        sync();
        return a + " " + b;
    }

    public String caseOnAnotherObject() {
        ProtectedElsewhere other = new ProtectedElsewhere();
        long a = other.work(14);
        long b = work(10);
        sync();
        return a + " " + b;
    }

    public String caseStatic() {
        long a = leaf(4);
        long b = leaf(5);
        sync();
        return a + " " + b;
    }

    public String caseInALoop() {
        long[] r = new long[6];
        for (int i = 0; i < r.length; i++) {
            r[i] = work(i + 5);
        }
        sync();
        return java.util.Arrays.toString(r);
    }
}
