package satin.corpus;

import satin.runtime.Node;
import satin.runtime.NodeConfig;

/** Runs every corpus case on a node of two workers and prints "case = result", for runs in other JVMs. */
public final class RunAll {

    private RunAll() {
    }

    public static void main(String[] args) throws Exception {
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(2))) {
            for (String name : Cases.names()) {
                Object result = node.call(() -> Cases.run(RunAll.class.getClassLoader(), name));
                System.out.println(name + " = " + result);
            }
        }
        boolean rewritten = Locals.class.isAnnotationPresent(satin.Rewritten.class);
        System.out.println("rewritten = " + rewritten);
    }
}
