package satin.rewriter;

import static satin.rewriter.MethodAnalysis.readable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
     * A handler around a spawn but not around every sync that waits for it, of a type that may
     * catch the spawned call's exception: a checked exception the spawned method declares, or an
     * unchecked one any call may throw. In the sequential program it catches the call's
     * exception; a spawn's failure reaches that sync, outside the handler, so the rewritten
     * program would leave by it instead. A handler around the spawn and its syncs sees the
     * failure itself ({@link #handlersAroundSpawns}). A handler of SpawnException, or one beside
     * such a handler, is written for the rewritten program and left alone.
     */
    void checkHandlerTypes() {
        for (var block : method.tryCatchBlocks) {
            if (block.type == null || hierarchy.isSubclass(block.type, RuntimeCalls.SPAWN_EXCEPTION)
                    || catchesSpawnExceptionToo(block)) {
                continue;
            }
            int start = method.instructions.indexOf(block.start);
            int end = method.instructions.indexOf(block.end);
            for (SpawnSite site : sites) {
                int at = method.instructions.indexOf(site.call);
                if (at < start || at >= end || seesFailuresOf(block, site)) {
                    continue;
                }
                List<String> thrown = new ArrayList<>(hierarchy.declaredExceptions(site.call.owner, site.call.name,
                        site.call.desc));
                thrown.addAll(UNCHECKED);
                for (String t : thrown) {
                    if (hierarchy.isSubclass(t, block.type) || hierarchy.isSubclass(block.type, t)) {
                        a.problem(site.line, "catch (" + simpleName(block.type) + ") around the spawn of "
                                + readable(site.call) + " but not around its sync() would never see the "
                                + simpleName(t) + " it " + (UNCHECKED.contains(t) ? "may throw" : "throws")
                                + ": a spawned call's failure reaches sync() as a satin.SpawnException whose cause "
                                + "is that exception; put the sync() inside the same try, or catch SpawnException "
                                + "there and look at its cause");
                        break;
                    }
                }
            }
        }
    }

    /** What any call may throw without declaring it. */
    private static final List<String> UNCHECKED = List.of("java/lang/RuntimeException", "java/lang/Error");

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

    /**
     * Whether {@code block}'s handler is around every sync that waits for {@code site}: there the
     * failure goes to it as itself, whatever else the sync waits for (decision 0041).
     */
    private boolean seesFailuresOf(TryCatchBlockNode block, SpawnSite site) {
        List<Integer> points = syncPointsOf(site);
        return !points.isEmpty() && points.stream().allMatch(p -> covers(block, p));
    }

    /**
     * The program's handlers that a failure of the spawns pending at instruction {@code point}
     * would have met in the sequential program, for each such spawn, in the order the JVM tries
     * them: those around that spawn (and, for a sync point, around the sync too), a finally among
     * them. A failure the sync there reports is given to the first of them that catches it, as
     * itself, as the sequential program threw it at the spawn; one none catches leaves the method
     * as itself (decision 0034). Which spawn failed first is known only at run time, so each
     * pending site gets its own list: a spawn made inside an inner try meets that try's catch,
     * finally and resource close, a spawn made before the try does not (decision 0041).
     * Handlers of SpawnException are left out: a failure is never one. Empty where no handler is
     * around any of the spawns: the sync's SpawnException goes its way, as before. Called before
     * the rewrite changes the instructions.
     */
    Map<Integer, List<TryCatchBlockNode>> handlersAroundSpawns(int point, boolean aroundThePointToo) {
        Pending waitedFor = pending[point];
        Map<Integer, List<TryCatchBlockNode>> bySite = new LinkedHashMap<>();
        if (waitedFor == null || waitedFor.isEmpty()) {
            return bySite;
        }
        AbstractInsnNode insn = method.instructions.get(point);
        List<TryCatchBlockNode> entered = method.tryCatchBlocks.stream()
                .filter(b -> b.handler == insn).toList();
        boolean any = false;
        for (int s = waitedFor.may.nextSetBit(0); s >= 0; s = waitedFor.may.nextSetBit(s + 1)) {
            int site = s;
            List<TryCatchBlockNode> around = around(s, block -> {
                int start = method.instructions.indexOf(block.start);
                int end = method.instructions.indexOf(block.end);
                return aroundThePointToo ? start <= point && point < end
                        // from a handler's entry only to a handler around all of its try where this
                        // spawn may be pending: the failure came from there, and its locals are set there
                        : entered.stream().allMatch(e -> !pendingIn(e, site)
                                || (start <= method.instructions.indexOf(e.start) && method.instructions.indexOf(e.end) <= end));
            });
            any |= !around.isEmpty();
            bySite.put(s, around);
        }
        // a handler around the sync (or the entered handler) but not around any pending spawn
        // must not catch the sync's SpawnException either: the sequential program threw the
        // failure before it entered that try; so the failure leaves the method as itself
        return any || insideAHandlerOnly(point) ? bySite : new LinkedHashMap<>();
    }

    /**
     * Whether instruction {@code point} lies in the range of a handler of the program that
     * would catch a SpawnException, while none of its handlers there catches SpawnException by
     * name (a program written for the rewritten one, which wants the wrapper).
     */
    private boolean insideAHandlerOnly(int point) {
        boolean inside = false;
        for (var block : method.tryCatchBlocks) {
            int start = method.instructions.indexOf(block.start);
            int end = method.instructions.indexOf(block.end);
            if (start <= point && point < end) {
                if (block.type != null && hierarchy.isSubclass(block.type, RuntimeCalls.SPAWN_EXCEPTION)) {
                    return false;
                }
                inside |= block.type == null || hierarchy.isSubclass(RuntimeCalls.SPAWN_EXCEPTION, block.type);
            }
        }
        return inside;
    }

    /**
     * For an exception escaping the try from {@code start} to {@code end} while {@code pending}
     * spawns may be pending ({@link Escapes}): per pending site, the handlers around it that are
     * the try's own ({@code own}) or around the whole try, in the order the JVM tries them.
     */
    Map<Integer, List<TryCatchBlockNode>> chains(int start, int end, Pending pending, List<TryCatchBlockNode> own) {
        Map<Integer, List<TryCatchBlockNode>> bySite = new LinkedHashMap<>();
        for (int s = pending.may.nextSetBit(0); s >= 0; s = pending.may.nextSetBit(s + 1)) {
            bySite.put(s, around(s, block -> own.contains(block) || (method.instructions.indexOf(block.start) <= start
                    && end <= method.instructions.indexOf(block.end))));
        }
        return bySite;
    }

    /**
     * The handlers, in the order the JVM tries them and once each, that are around the spawn of
     * {@code site} and that {@code reachable} lets the failure go to; never one of SpawnException,
     * which a failure never is.
     */
    private List<TryCatchBlockNode> around(int site, java.util.function.Predicate<TryCatchBlockNode> reachable) {
        int at = method.instructions.indexOf(sites.get(site).call);
        List<TryCatchBlockNode> around = new ArrayList<>();
        for (var block : method.tryCatchBlocks) {
            if (block.type != null && hierarchy.isSubclass(block.type, RuntimeCalls.SPAWN_EXCEPTION)) {
                continue;
            }
            if (reachable.test(block) && covers(block, at) && around.stream().noneMatch(b -> sameHandler(b, block))) {
                around.add(block);
            }
        }
        return around;
    }

    /** Whether spawn site {@code site} may be pending somewhere in the range of {@code block}. */
    private boolean pendingIn(TryCatchBlockNode block, int site) {
        for (int i = method.instructions.indexOf(block.start); i < method.instructions.indexOf(block.end); i++) {
            // a handler's start is where its entry sync finishes what was pending, before any code can throw
            if (pending[i] != null && pending[i].may.get(site) && !a.handlerStarts.contains(method.instructions.get(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the handler of {@code block} is around instruction {@code at}: javac splits the
     * range of one try into several blocks with the same handler (around a return or a jump out
     * that runs a finally inline), and the sequential program's exception at {@code at} meets
     * the handler through whichever of them holds it.
     */
    boolean covers(TryCatchBlockNode block, int at) {
        for (var other : method.tryCatchBlocks) {
            if (sameHandler(other, block) && method.instructions.indexOf(other.start) <= at
                    && at < method.instructions.indexOf(other.end)) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameHandler(TryCatchBlockNode a, TryCatchBlockNode b) {
        return a.handler == b.handler && java.util.Objects.equals(a.type, b.type);
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
