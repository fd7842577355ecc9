package satin.rewriter.random;

import java.util.ArrayList;
import java.util.List;

/**
 * A generated program as a tree of source text: a line, or a block whose header and footer
 * enclose its children. The tree is all the shrinker needs: it removes a node, or puts a block's
 * children in its place, and keeps the change if the program still fails the same way; a change
 * that breaks the program (a use of a removed variable, a sync removed before a read) fails to
 * compile or is refused, and is dropped.
 */
public sealed interface Code {

    void print(StringBuilder out, String indent);

    /** One line of source. */
    record Line(String text) implements Code {
        @Override
        public void print(StringBuilder out, String indent) {
            out.append(indent).append(text).append('\n');
        }
    }

    /** A statement with a body, or a sequence of them ({@code header} and {@code footer} null). */
    record Block(String header, List<Code> children, String footer) implements Code {
        @Override
        public void print(StringBuilder out, String indent) {
            String inner = header == null ? indent : indent + "    ";
            if (header != null) {
                out.append(indent).append(header).append('\n');
            }
            for (Code c : children) {
                c.print(out, inner);
            }
            if (footer != null) {
                out.append(indent).append(footer).append('\n');
            }
        }

        static Block sequence(List<Code> children) {
            return new Block(null, children, null);
        }
    }

    /** The number of nodes of the tree: the size the shrinker makes smaller. */
    static int size(Code c) {
        if (c instanceof Block b) {
            int n = 1;
            for (Code child : b.children()) {
                n += size(child);
            }
            return n;
        }
        return 1;
    }

    /** A method's base case stays whole: without it a shrunk program recurses for ever. */
    static boolean fixed(Code c) {
        return c instanceof Block b && b.header() != null && b.header().startsWith(BASE_CASE);
    }

    String BASE_CASE = "if (n <= 0) {";

    /** Every tree one step smaller than {@code c}: one node removed, or one block replaced by its children. */
    static List<Code> smaller(Code c) {
        List<Code> out = new ArrayList<>();
        if (!(c instanceof Block b) || fixed(c)) {
            return out;
        }
        List<Code> kids = b.children();
        for (int i = 0; i < kids.size(); i++) {
            if (fixed(kids.get(i))) {
                continue;
            }
            List<Code> without = new ArrayList<>(kids);
            without.remove(i);
            out.add(new Block(b.header(), without, b.footer()));
            if (kids.get(i) instanceof Block inner) {
                List<Code> flattened = new ArrayList<>(kids.subList(0, i));
                flattened.addAll(inner.children());
                flattened.addAll(kids.subList(i + 1, kids.size()));
                out.add(new Block(b.header(), flattened, b.footer()));
            }
            for (Code smallerChild : smaller(kids.get(i))) {
                List<Code> replaced = new ArrayList<>(kids);
                replaced.set(i, smallerChild);
                out.add(new Block(b.header(), replaced, b.footer()));
            }
        }
        return out;
    }
}
