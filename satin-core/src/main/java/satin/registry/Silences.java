package satin.registry;

import java.util.OptionalLong;

/**
 * What the node keeping a registry taken over knows of members it found silent: when it last heard
 * from each. A member silent for longer than the failure timeout cannot come back to the run (a
 * stopped process ends itself when it runs again), so the registry need not wait for it.
 */
@FunctionalInterface
public interface Silences {

    /** Nothing known: every missing member may come back until the window ends. */
    Silences NONE = name -> OptionalLong.empty();

    /**
     * The {@link System#nanoTime()} of the last word from node {@code name}, if this node's link to it
     * fell silent and none has formed since; empty otherwise.
     */
    OptionalLong lastHeard(String name);
}
