package satin.rewriter.random;

import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import satin.rewriter.random.Code.Block;

/**
 * Makes a failing program smaller while it fails the same way: greedily, the first one-step
 * smaller tree ({@link Code#smaller}) that still fails, the smallest candidates first, until no
 * step keeps the failure. A bounded number of runs keeps a shrink of a large program finite.
 */
public final class Shrinker {

    private Shrinker() {
    }

    public static Program shrink(Program failing, Predicate<Program> stillFails, int maxRuns) {
        Program current = failing;
        int runs = 0;
        boolean progress = true;
        while (progress && runs < maxRuns) {
            progress = false;
            List<Code> candidates = Code.smaller(current.tree());
            candidates.sort(Comparator.comparingInt(Code::size));
            for (Code c : candidates) {
                if (runs++ >= maxRuns) {
                    break;
                }
                Program smaller = current.with((Block) c);
                if (stillFails.test(smaller)) {
                    current = smaller;
                    progress = true;
                    break;
                }
            }
        }
        return current;
    }
}
