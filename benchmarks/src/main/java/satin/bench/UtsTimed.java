package satin.bench;

import satin.apps.uts.Uts;

/**
 * UTS once, as {@code bench glb} runs it in a JVM of its own or as a pool's main: what the
 * application prints, then the time of the search itself in this JVM, start-up excluded.
 */
public final class UtsTimed {

    private UtsTimed() {
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        String out = Uts.run(args);
        long nanos = System.nanoTime() - start;
        System.out.print(out);
        System.out.println("in-program ns = " + nanos);
    }
}
