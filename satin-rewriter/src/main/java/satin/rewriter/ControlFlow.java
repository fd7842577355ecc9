package satin.rewriter;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * The control-flow graph of one method, with exception edges apart from ordinary ones, and the
 * frames ASM's analyzer computes on the way. A spawn's pending state travels both kinds of edge
 * but a sync's only the ordinary ones, so they are kept separately, by instruction index.
 */
final class ControlFlow {

    final Frame<BasicValue>[] frames;
    private final List<Integer>[] successors;
    private final List<Integer>[] handlerSuccessors;
    private int[] predecessorCounts;

    @SuppressWarnings("unchecked")
    ControlFlow(ClassNode owner, MethodNode method) {
        int n = method.instructions.size();
        List<Integer>[] normal = new List[n];
        List<Integer>[] exceptional = new List[n];
        for (int i = 0; i < n; i++) {
            normal[i] = new ArrayList<>(2);
            exceptional[i] = new ArrayList<>(1);
        }
        Analyzer<BasicValue> analyzer = new Analyzer<>(new BasicInterpreter()) {
            // the analyzer reports an edge again each time it revisits an instruction
            @Override
            protected void newControlFlowEdge(int insn, int successor) {
                if (!normal[insn].contains(successor)) {
                    normal[insn].add(successor);
                }
            }

            @Override
            protected boolean newControlFlowExceptionEdge(int insn, int successor) {
                if (!exceptional[insn].contains(successor)) {
                    exceptional[insn].add(successor);
                }
                return true;
            }
        };
        this.successors = normal;
        this.handlerSuccessors = exceptional;
        try {
            this.frames = analyzer.analyze(owner.name, method);
        } catch (AnalyzerException e) {
            throw new RewriteException("cannot analyze " + owner.name.replace('/', '.') + "." + method.name
                    + method.desc + ": " + e.getMessage(), e);
        }
    }

    /** Where control goes from instruction {@code index} when it throws nothing. */
    List<Integer> successors(int index) {
        return successors[index];
    }

    /** The handlers control goes to when instruction {@code index} throws. */
    List<Integer> handlerSuccessors(int index) {
        return handlerSuccessors[index];
    }

    /** Instructions control can go to from instruction {@code index}, exceptions included. */
    List<Integer> successorsOf(int index) {
        List<Integer> all = new ArrayList<>(successors[index]);
        all.addAll(handlerSuccessors[index]);
        return all;
    }

    /** How many edges, exceptional ones included, lead to instruction {@code index}. */
    int predecessors(int index) {
        if (predecessorCounts == null) {
            predecessorCounts = new int[successors.length];
            for (int i = 0; i < successors.length; i++) {
                for (int s : successors[i]) {
                    predecessorCounts[s]++;
                }
                for (int s : handlerSuccessors[i]) {
                    predecessorCounts[s]++;
                }
            }
        }
        return predecessorCounts[index];
    }
}
