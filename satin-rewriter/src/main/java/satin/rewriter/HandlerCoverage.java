package satin.rewriter;

import static satin.rewriter.MethodAnalysis.readable;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Which of the program's exception handlers a spawn's failure would have met in the sequential
 * program. A failure reaches the rewritten program at a sync, not at its spawn, so the analysis
 * reports a handler that would miss it, and the rewrite sends it to the one it would have met.
 */
final class HandlerCoverage {

    private final MethodAnalysis a;
    private final MethodNode method;
    private final List<SpawnSite> sites;
    private final Pending[] pending;
    private final Hierarchy hierarchy;

    HandlerCoverage(MethodAnalysis analysis) {
        this.a = analysis;
        this.method = analysis.method;
        this.sites = analysis.sites;
        this.pending = analysis.pending;
        this.hierarchy = analysis.hierarchy();
    }

    /**
     * A handler of a checked exception that a spawned method declares, around its spawn but not
     * around every sync that waits for it: in the sequential program it catches the call's
     * exception; a spawn's failure reaches that sync as a SpawnException, outside the handler, so
     * the rewritten program would leave by it instead. A handler around the spawn and its syncs
     * sees the failure itself ({@link #handlersAroundSpawns}).
     */
    void checkHandlerTypes() {
        for (var block : method.tryCatchBlocks) {
            if (block.type == null || hierarchy.isSubclass(RuntimeCalls.SPAWN_EXCEPTION, block.type)
                    || catchesSpawnExceptionToo(block)) {
                continue; // finally, a handler that catches the sync's SpawnException, or one beside such a handler
            }
            int start = method.instructions.indexOf(block.start);
            int end = method.instructions.indexOf(block.end);
            for (SpawnSite site : sites) {
                int at = method.instructions.indexOf(site.call);
                if (at < start || at >= end || seesFailuresOf(block, site)) {
                    continue;
                }
                for (String thrown : hierarchy.declaredExceptions(site.call.owner, site.call.name, site.call.desc)) {
                    if (hierarchy.isSubclass(thrown, block.type) || hierarchy.isSubclass(block.type, thrown)) {
                        a.problem(site.line, "catch (" + simpleName(block.type) + ") around the spawn of "
                                + readable(site.call) + " but not around its sync() would never see the "
                                + simpleName(thrown) + " it throws: a spawned call's failure reaches sync() as a "
                                + "satin.SpawnException whose cause is that exception; put the sync() inside the "
                                + "same try, or catch SpawnException there and look at its cause");
                        break;
                    }
                }
            }
        }
    }

    /** The sync points (explicit syncs and returns) that may wait for {@code site}. */
    private List<Integer> syncPointsOf(SpawnSite site) {
        List<Integer> points = new ArrayList<>();
        for (int i = 0; i < pending.length; i++) {
            AbstractInsnNode insn = method.instructions.get(i);
            int op = insn.getOpcode();
            boolean point = a.syncs.contains(insn) || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN);
            if (point && pending[i] != null && pending[i].may.get(site.id)) {
                points.add(i);
            }
        }
        return points;
    }

    /** Whether {@code block} covers every sync that waits for {@code site}, and every spawn each waits for. */
    private boolean seesFailuresOf(TryCatchBlockNode block, SpawnSite site) {
        List<Integer> points = syncPointsOf(site);
        return !points.isEmpty() && points.stream().allMatch(p -> covers(block, p, pending[p]));
    }

    private boolean covers(TryCatchBlockNode block, int point, Pending waitedFor) {
        int start = method.instructions.indexOf(block.start);
        int end = method.instructions.indexOf(block.end);
        return start <= point && point < end && coversSites(start, end, waitedFor);
    }

    private boolean coversSites(int start, int end, Pending waitedFor) {
        for (int s = waitedFor.may.nextSetBit(0); s >= 0; s = waitedFor.may.nextSetBit(s + 1)) {
            int at = method.instructions.indexOf(sites.get(s).call);
            if (at < start || at >= end) {
                return false;
            }
        }
        return true;
    }

    /**
     * The program's handlers that a failure of the spawns pending at instruction {@code point}
     * would have met in the sequential program, in the order the JVM tries them: those around
     * every such spawn (and, for a sync point, around the sync too), a finally among them. A
     * failure the sync there reports is given to the first of them that catches it, as itself, as
     * the sequential program threw it at the spawn; one none catches leaves the method as itself
     * (decision 0034). Handlers of SpawnException are left out: a failure is never one. Empty
     * where no handler is around the spawns: the sync's SpawnException goes its way, as before.
     * Called before the rewrite changes the instructions.
     */
    List<TryCatchBlockNode> handlersAroundSpawns(int point, boolean aroundThePointToo) {
        Pending waitedFor = pending[point];
        List<TryCatchBlockNode> around = new ArrayList<>();
        if (waitedFor == null || waitedFor.isEmpty()) {
            return around;
        }
        AbstractInsnNode insn = method.instructions.get(point);
        List<TryCatchBlockNode> entered = method.tryCatchBlocks.stream()
                .filter(b -> b.handler == insn).toList();
        for (var block : method.tryCatchBlocks) {
            if (block.type != null && hierarchy.isSubclass(block.type, RuntimeCalls.SPAWN_EXCEPTION)) {
                continue;
            }
            int start = method.instructions.indexOf(block.start);
            int end = method.instructions.indexOf(block.end);
            boolean atPoint = aroundThePointToo ? start <= point && point < end
                    // from a handler's entry only to a handler around all of its try, whose locals it has
                    : entered.stream().allMatch(e -> start <= method.instructions.indexOf(e.start)
                            && method.instructions.indexOf(e.end) <= end);
            if (atPoint && coversSites(start, end, waitedFor)) {
                around.add(block);
            }
        }
        return around;
    }

    /** Whether the try statement of {@code block} also has a handler of SpawnException, as a program written for both has. */
    private boolean catchesSpawnExceptionToo(TryCatchBlockNode block) {
        return method.tryCatchBlocks.stream().anyMatch(other -> other.start == block.start && other.end == block.end
                && other.type != null && hierarchy.isSubclass(other.type, RuntimeCalls.SPAWN_EXCEPTION));
    }

    private static String simpleName(String internalName) {
        return Problem.simple(internalName.replace('/', '.'));
    }
}
