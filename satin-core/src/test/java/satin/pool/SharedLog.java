package satin.pool;

import java.util.ArrayList;
import java.util.List;
import satin.SharedObject;
import satin.Write;

/**
 * A shared object written by hand in the form the rewriter gives its writes: a log of numbers,
 * whose every replica must end with the same entries in the same order.
 */
public class SharedLog extends SharedObject {

    private final ArrayList<Long> entries = new ArrayList<>();

    @Write
    public synchronized void append(long entry) {
        if (satin$forwards()) {
            satin$forward("append(J)V", new Object[] {entry});
            return;
        }
        entries.add(entry);
    }

    /** Not a write: a peer that names it is refused. */
    public synchronized void clear() {
        entries.clear();
    }

    public synchronized List<Long> entries() {
        return List.copyOf(entries);
    }
}
