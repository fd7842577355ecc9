package satin.hazards;

import satin.Spawnable;

/** An interface with a spawnable default method. */
public interface Greeting {
    @Spawnable
    default long hi(int n) {
        return n * 100L;
    }
}
