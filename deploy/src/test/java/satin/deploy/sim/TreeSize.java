package satin.deploy.sim;

import satin.apps.uts.TreeNodes;

/** The number of nodes of a UTS tree, walked depth first with an explicit stack, outside the simulator. */
final class TreeSize {

    private TreeSize() {
    }

    static long of(TreeNodes tree) {
        int e = TreeNodes.ENTRY;
        byte[] stack = new byte[1 << 16];
        System.arraycopy(tree.root(), 0, stack, 0, e);
        int top = 1;
        long count = 0;
        while (top > 0) {
            top--;
            count++;
            int kids = tree.children(stack, top * e);
            if ((top + kids + 1) * e > stack.length) {
                stack = java.util.Arrays.copyOf(stack, stack.length * 2);
            }
            byte[] parent = java.util.Arrays.copyOfRange(stack, top * e, top * e + e);
            for (int i = 0; i < kids; i++) {
                tree.child(parent, 0, i, stack, (top + i) * e);
            }
            top += kids;
        }
        return count;
    }
}
