package satin.rewriter.random;

import satin.rewriter.random.Code.Block;

/**
 * A generated program: its class as a tree of source, named {@link #PLACEHOLDER} there, where it
 * came from ({@code name}: its seed, or its regression file), and whether the generator put in a
 * shape the rewriter must refuse.
 */
public record Program(String name, Block tree, boolean refused) {

    public static final String PACKAGE = "satin.random";
    /** The class's name in its source; each compilation gives it a name of its own. */
    public static final String PLACEHOLDER = "Generated";

    public String source() {
        StringBuilder out = new StringBuilder("package " + PACKAGE + ";\n\n");
        tree.print(out, "");
        return out.toString();
    }

    public Program with(Block smaller) {
        return new Program(name, smaller, refused);
    }
}
