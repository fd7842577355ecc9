package satin.sim;

import java.util.Arrays;

/**
 * Numbers for things that come and go (messages in flight, steal requests waiting for replies,
 * jobs away from their node), each reused once its thing is gone, so that arrays indexed by them
 * stay as small as the most there ever were at once.
 */
final class Indices {

    private int[] free = new int[64];
    private int freeCount;
    private int issued;

    int take() {
        return freeCount > 0 ? free[--freeCount] : issued++;
    }

    void give(int index) {
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, free.length * 2);
        }
        free[freeCount++] = index;
    }

    /** How many numbers have ever been issued: arrays indexed by them need this many places. */
    int issued() {
        return issued;
    }

    /** How many are in use now. */
    int inUse() {
        return issued - freeCount;
    }
}
