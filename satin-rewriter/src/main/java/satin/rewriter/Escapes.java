package satin.rewriter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Exceptions of the program that escape a try of the program while spawns are pending: the try's
 * catches do not take them, and without more they would leave through the last handler, whose
 * sync lets a failed spawn's exception leave the method. In the sequential program that failure
 * came first, at its spawn, and met the handlers around it: those of this very try, or of one
 * around it. So each such try gets one more handler, after its own: it syncs, sends a failure to
 * the handlers of its spawn, and otherwise sends the program's exception on to the handlers the
 * JVM would have tried next (decision 0041).
 */
final class Escapes {

    /** One try of the program (one range): its handlers, what may be pending in it, and the handlers around it. */
    record Escape(LabelNode start, LabelNode end, List<TryCatchBlockNode> own, Pending pending,
            List<TryCatchBlockNode> around, LabelNode handler) {
    }

    private Escapes() {
    }

    /** The tries that need the extra handler, found before the rewrite changes anything. */
    static List<Escape> find(MethodAnalysis a) {
        InsnList insns = a.method.instructions;
        Map<String, List<TryCatchBlockNode>> byRange = new LinkedHashMap<>();
        for (TryCatchBlockNode b : a.method.tryCatchBlocks) {
            byRange.computeIfAbsent(insns.indexOf(b.start) + ":" + insns.indexOf(b.end), k -> new ArrayList<>()).add(b);
        }
        HandlerCoverage coverage = new HandlerCoverage(a);
        List<Escape> escapes = new ArrayList<>();
        for (List<TryCatchBlockNode> own : byRange.values()) {
            if (own.stream().anyMatch(b -> b.type == null || b.type.equals("java/lang/Throwable"))) {
                continue; // it takes every exception, and its handler's entry sync does the rest
            }
            int start = insns.indexOf(own.get(0).start);
            int end = insns.indexOf(own.get(0).end);
            Pending pending = null;
            for (int i = start; i < end; i++) {
                if (a.pending[i] != null && !a.pending[i].isEmpty()) {
                    pending = pending == null ? a.pending[i] : pending.merge(a.pending[i]);
                }
            }
            if (pending == null) {
                continue;
            }
            // generic: the spawns pending differ from point to point of the try
            pending = new Pending(pending.may, null);
            List<TryCatchBlockNode> around = new ArrayList<>();
            for (TryCatchBlockNode b : a.method.tryCatchBlocks) {
                if (!own.contains(b) && insns.indexOf(b.start) <= start && end <= insns.indexOf(b.end)) {
                    around.add(b);
                }
            }
            if (!coverage.chains(start, end, pending, own).values().stream().allMatch(List::isEmpty)) {
                escapes.add(new Escape(own.get(0).start, own.get(0).end, own, pending, around, new LabelNode()));
            }
        }
        return escapes;
    }
}
