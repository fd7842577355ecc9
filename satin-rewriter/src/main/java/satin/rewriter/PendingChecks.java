package satin.rewriter;

import static satin.rewriter.MethodAnalysis.readable;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The problems pending spawns make in a program that is fine sequentially: a result that each
 * turn of a loop overwrites, a local variable used while a spawn still owes it a value, a spawn
 * under a lock that a thief would not hold. Each is reported, since the rewrite would change what
 * the program does. Marks the sites in loops, which the rewrite spawns as records.
 */
final class PendingChecks {

    private final MethodAnalysis a;
    private final MethodNode method;
    private final List<SpawnSite> sites;
    private final Pending[] pending;
    private final ControlFlow flow;

    PendingChecks(MethodAnalysis analysis, ControlFlow flow) {
        this.a = analysis;
        this.method = analysis.method;
        this.sites = analysis.sites;
        this.pending = analysis.pending;
        this.flow = flow;
    }

    /**
     * A spawn in a loop into a local or a field, which each turn would overwrite before the sync;
     * two spawns pending into one local; a local a pending spawn stores into, read or written
     * before its sync.
     */
    void checkLoopsAndReads() {
        InsnList insns = method.instructions;
        for (SpawnSite site : sites) {
            Pending in = pending[insns.indexOf(site.call)];
            if (in != null && in.may.get(site.id)) {
                site.inLoop = true;
                switch (site.target) {
                    case LOCAL -> a.problem(site.line, "the spawn of " + readable(site.call) + " in a loop stores into "
                            + localName(site.local(), site.consumer) + ", which each turn would overwrite before sync(); "
                            + "store into an array element instead, or sync() inside the loop");
                    case FIELD, STATIC_FIELD -> a.problem(site.line, "the spawn of " + readable(site.call)
                            + " in a loop stores into field " + site.field().name + ", which each turn would overwrite "
                            + "before sync(); store into an array element instead, or sync() inside the loop");
                    default -> {
                    }
                }
            }
        }
        for (SpawnSite site : sites) {
            Pending in = pending[insns.indexOf(site.call)];
            if (in == null || site.inLoop) {
                continue;
            }
            for (int s = in.may.nextSetBit(0); s >= 0; s = in.may.nextSetBit(s + 1)) {
                SpawnSite earlier = sites.get(s);
                if (site.target == SpawnSite.Target.LOCAL && earlier.target == SpawnSite.Target.LOCAL
                        && overlaps(earlier, site.local(), site.consumer)) {
                    a.problem(site.line, localName(site.local(), site.consumer) + " receives the results of two spawns, "
                            + readable(earlier.call) + " on line " + earlier.line + " and " + readable(site.call)
                            + ", before a sync(); which one it holds afterwards would be left to chance");
                }
                // fields and array elements written by two spawns are delivered in program order: the last wins
            }
        }
        Map<Integer, SpawnSite> reported = new HashMap<>();
        for (int i = 0; i < insns.size(); i++) {
            Pending in = pending[i];
            AbstractInsnNode insn = insns.get(i);
            if (in == null || in.isEmpty() || a.consumed.contains(insn)) {
                continue;
            }
            int var;
            boolean write;
            if (insn instanceof VarInsnNode v) {
                var = v.var;
                write = v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE;
            } else if (insn instanceof IincInsnNode inc) {
                var = inc.var;
                write = false;
            } else {
                continue;
            }
            for (int s = in.may.nextSetBit(0); s >= 0; s = in.may.nextSetBit(s + 1)) {
                SpawnSite site = sites.get(s);
                if (site.target == SpawnSite.Target.LOCAL && overlaps(site, var, insn) && reported.put(i, site) == null) {
                    a.problem(a.lineOf(insn), localName(site.local(), site.consumer) + " is "
                            + (write ? "assigned" : "read") + " before the sync() of the spawn of "
                            + readable(site.call) + " on line " + site.line + " that stores into it; "
                            + "its value is undefined until then");
                }
            }
        }
    }

    /**
     * A spawn or sync inside a synchronized block: stolen spawns would run without the lock the
     * sequential program holds, and the sync would wait while holding it, for work that may need it.
     */
    void checkMonitors() {
        if (StreamSupport.stream(method.instructions.spliterator(), false)
                .noneMatch(i -> i.getOpcode() == Opcodes.MONITORENTER)) {
            return;
        }
        int n = method.instructions.size();
        int[] held = new int[n];
        Arrays.fill(held, -1);
        held[0] = 0;
        Deque<Integer> work = new ArrayDeque<>(List.of(0));
        while (!work.isEmpty()) {
            int i = work.poll();
            int op = method.instructions.get(i).getOpcode();
            int out = held[i] + (op == Opcodes.MONITORENTER ? 1 : op == Opcodes.MONITOREXIT ? -1 : 0);
            for (int s : flow.successors(i)) {
                if (Math.max(out, 0) > held[s]) {
                    held[s] = Math.max(out, 0);
                    work.add(s);
                }
            }
        }
        for (SpawnSite site : sites) {
            if (held[method.instructions.indexOf(site.call)] > 0) {
                a.problem(site.line, "the spawn of " + readable(site.call) + " is inside a synchronized block: a stolen "
                        + "spawn would run without the lock, and sync() would wait while holding it; spawn outside it");
            }
        }
    }


    private static boolean overlaps(SpawnSite site, int var, AbstractInsnNode access) {
        int size = site.localSize();
        int accessSize = access.getOpcode() == Opcodes.LLOAD || access.getOpcode() == Opcodes.DLOAD
                || access.getOpcode() == Opcodes.LSTORE || access.getOpcode() == Opcodes.DSTORE ? 2 : 1;
        return var < site.local() + size && site.local() < var + accessSize;
    }

    private String localName(int var, AbstractInsnNode at) {
        if (method.localVariables != null) {
            int index = method.instructions.indexOf(at);
            for (LocalVariableNode lv : method.localVariables) {
                if (lv.index == var && method.instructions.indexOf(lv.start) <= index + 1
                        && index < method.instructions.indexOf(lv.end)) {
                    return "local variable " + lv.name;
                }
            }
        }
        return "local variable #" + var + " (no local variable names: compiled without -g)";
    }
}
