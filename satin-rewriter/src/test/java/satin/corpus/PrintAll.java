package satin.corpus;

/**
 * Prints "case = result" for every corpus case, each called from {@code main}: run under a pool's
 * launcher, the calls hop onto the master node and the other nodes steal from it.
 */
public final class PrintAll {

    private PrintAll() {
    }

    public static void main(String[] args) throws Exception {
        for (String name : Cases.names()) {
            System.out.println(name + " = " + Cases.run(PrintAll.class.getClassLoader(), name));
        }
        System.out.println("rewritten = " + Locals.class.isAnnotationPresent(satin.Rewritten.class));
    }
}
