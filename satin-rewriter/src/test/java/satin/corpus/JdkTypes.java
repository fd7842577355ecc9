package satin.corpus;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import satin.SatinObject;
import satin.Spawnable;

/**
 * Spawning methods whose stack map frames need the common superclass of two JDK classes: a
 * rewriter that sees only the program's class path cannot compute them.
 */
public class JdkTypes extends SatinObject {

    @Spawnable
    public long size(int n) {
        return n * 2L;
    }

    public long caseConditionalJdkTypes() {
        long total = 0;
        for (int round = 0; round < 3; round++) {
            AbstractList<Long> list = round % 2 == 0 ? new LinkedList<>() : new ArrayList<>();
            long a = size(round);
            long b = size(round + 10);
            sync();
            list.add(a);
            list.add(b);
            total += list.get(0) * 31 + list.get(1);
        }
        return total;
    }

    public String caseMultiCatch() {
        StringBuilder r = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            long a = 0;
            try {
                a = size(i);
                sync();
                if (i == 1) {
                    throw new IllegalArgumentException("one");
                }
                if (i == 2) {
                    throw new UnsupportedOperationException("two");
                }
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                List<String> seen = List.of(e.getMessage());
                r.append(seen).append(a);
            }
        }
        return r.toString();
    }
}
