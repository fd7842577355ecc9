package satin.rewriter;

import static satin.rewriter.MethodAnalysis.readable;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Field and array-element targets of pending spawns used before their sync, which the sequential
 * program would see holding the result already: a read of the field, or a store into it, on an
 * object that may be the target's ({@link Origins}); a read of an element of an array that may be
 * the target's, a copy of its reference in another local included; the array handed to a call
 * while the spawn is pending on every path;
 * and a method of this class, called or spawned before the sync, that reads the field, directly
 * or through further methods of this class. What a method of another class, a lambda or another
 * thread reads is not seen (docs/semantics.md).
 */
final class TargetReads {

    private final MethodAnalysis a;
    private final MethodNode method;
    private final Origins origins;
    /** The sites pending before each instruction on every path to it; null where no path reaches. */
    private final BitSet[] surely;

    TargetReads(MethodAnalysis analysis) {
        this.a = analysis;
        this.method = analysis.method;
        this.origins = new Origins(analysis.owner.name, analysis.method);
        this.surely = surelyPending();
    }

    /**
     * Which spawns are pending on every path: a call that is handed the target array may not
     * read it at all, so it is refused only where the spawn is surely pending, not where only
     * a path the program never takes (a loop that runs at least once, skipped) left it so.
     */
    private BitSet[] surelyPending() {
        int n = method.instructions.size();
        BitSet[] in = new BitSet[n];
        in[0] = new BitSet();
        Deque<Integer> work = new ArrayDeque<>(List.of(0));
        while (!work.isEmpty()) {
            int i = work.poll();
            AbstractInsnNode insn = method.instructions.get(i);
            BitSet out = (BitSet) in[i].clone();
            BitSet onException = in[i];
            SpawnSite site = a.siteAt.get(insn);
            if (site != null) {
                out.set(site.id);
            } else if (a.syncs.contains(insn) || a.handlerStarts.contains(insn)) {
                out = new BitSet();
                onException = a.syncs.contains(insn) ? out : onException;
            }
            for (int next : a.flow.successors(i)) {
                meet(in, next, out, work);
            }
            for (int next : a.flow.handlerSuccessors(i)) {
                meet(in, next, onException, work);
            }
        }
        return in;
    }

    private static void meet(BitSet[] in, int at, BitSet state, Deque<Integer> work) {
        if (in[at] == null) {
            in[at] = (BitSet) state.clone();
            work.add(at);
        } else {
            BitSet both = (BitSet) in[at].clone();
            both.and(state);
            if (!both.equals(in[at])) {
                in[at] = both;
                work.add(at);
            }
        }
    }

    void check() {
        InsnList insns = method.instructions;
        for (int i = 0; i < insns.size(); i++) {
            Pending in = a.pending[i];
            AbstractInsnNode insn = insns.get(i);
            if (in == null || in.isEmpty() || a.consumed.contains(insn)) {
                continue;
            }
            for (int s = in.may.nextSetBit(0); s >= 0; s = in.may.nextSetBit(s + 1)) {
                SpawnSite site = a.sites.get(s);
                String use = use(site, insn, i);
                if (use != null) {
                    a.problem(a.lineOf(insn), use + " before the sync() of the spawn of " + readable(site.call)
                            + " on line " + site.line + " that stores into it; its value is undefined until then");
                    break;
                }
            }
        }
    }

    /** How {@code insn} uses the target of {@code site}, or null. */
    private String use(SpawnSite site, AbstractInsnNode insn, int index) {
        switch (site.target) {
            case FIELD, STATIC_FIELD -> {
                FieldInsnNode target = site.field();
                if (insn instanceof FieldInsnNode f && sameField(f, target)) {
                    boolean write = f.getOpcode() == Opcodes.PUTFIELD || f.getOpcode() == Opcodes.PUTSTATIC;
                    boolean instance = f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.PUTFIELD;
                    int depth = f.getOpcode() == Opcodes.PUTFIELD ? 1 : 0; // under the value stored
                    if (!instance || Origins.meet(origins.stack(index, depth), receiverOfTarget(site))) {
                        return "field " + f.name + " is " + (write ? "assigned" : "read");
                    }
                }
                if (insn instanceof MethodInsnNode call && !a.syncs.contains(call) && reachesField(site, call, index)
                        && readsField(call, target)) {
                    return "field " + target.name + " is read by " + readable(call);
                }
            }
            case ARRAY_ELEMENT -> {
                Set<String> array = arrayOfTarget(site);
                int op = insn.getOpcode();
                if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD && Origins.meet(origins.stack(index, 1), array)) {
                    return "an element of the array it stores into is read";
                }
                if (insn instanceof MethodInsnNode call && !a.syncs.contains(call) && surely[index] != null
                        && surely[index].get(site.id)) {
                    Type[] args = Type.getArgumentTypes(call.desc);
                    int depth = 0;
                    for (int k = args.length - 1; k >= 0; k--) {
                        if (Bytecode.isReference(args[k]) && Origins.meet(origins.stack(index, depth), array)) {
                            return "the array it stores into is passed to " + readable(call);
                        }
                        depth += args[k].getSize();
                    }
                }
            }
            default -> {
            }
        }
        return null;
    }

    private Set<String> receiverOfTarget(SpawnSite site) {
        int index = method.instructions.indexOf(site.call);
        return origins.stack(index, argumentSlots(site) + (site.hasReceiver() ? 1 : 0));
    }

    private Set<String> arrayOfTarget(SpawnSite site) {
        int index = method.instructions.indexOf(site.call);
        return origins.stack(index, argumentSlots(site) + (site.hasReceiver() ? 1 : 0) + 1);
    }

    /** Stack entries the arguments take: ASM's frames hold a long or a double as one value. */
    private static int argumentSlots(SpawnSite site) {
        return site.argumentTypes().length;
    }

    private boolean sameField(FieldInsnNode f, FieldInsnNode target) {
        if (!f.name.equals(target.name) || !f.desc.equals(target.desc)) {
            return false;
        }
        return f.owner.equals(target.owner) || a.hierarchy().isSubclass(f.owner, target.owner)
                || a.hierarchy().isSubclass(target.owner, f.owner);
    }

    /**
     * Whether a called method of this class can reach the target field as the sequential program
     * would have it: a static field always; an instance field of {@code this} when the call is
     * on {@code this} too. (A field of another object reaches a callee only as an argument or
     * through further references, which this check does not follow.)
     */
    private boolean reachesField(SpawnSite site, MethodInsnNode call, int index) {
        if (site.target == SpawnSite.Target.STATIC_FIELD) {
            return true;
        }
        boolean onThis = (method.access & Opcodes.ACC_STATIC) == 0 && receiverOfTarget(site).contains(THIS);
        return onThis && call.getOpcode() != Opcodes.INVOKESTATIC
                && origins.stack(index, Type.getArgumentTypes(call.desc).length).contains(THIS);
    }

    private static final String THIS = "parameter 0";

    /**
     * Whether {@code call} runs a method of this class that reads the field, itself or through
     * others of this class: a static field anywhere, an instance field on the callee's own
     * {@code this}, following calls on {@code this}.
     */
    private boolean readsField(MethodInsnNode call, FieldInsnNode field) {
        boolean instance = field.getOpcode() == Opcodes.PUTFIELD;
        Deque<MethodInsnNode> todo = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        todo.add(call);
        while (!todo.isEmpty()) {
            MethodNode body = ownMethod(todo.poll());
            if (body == null || !seen.add(body.name + body.desc)) {
                continue;
            }
            Origins own = instance ? new Origins(a.owner.name, body) : null;
            for (int i = 0; i < body.instructions.size(); i++) {
                AbstractInsnNode insn = body.instructions.get(i);
                if (insn instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.GETFIELD
                        || f.getOpcode() == Opcodes.GETSTATIC) && sameField(f, field)
                        && (!instance || own.stack(i, 0).contains(THIS))) {
                    return true;
                }
                if (insn instanceof MethodInsnNode m && (!instance || (m.getOpcode() != Opcodes.INVOKESTATIC
                        && own.stack(i, Type.getArgumentTypes(m.desc).length).contains(THIS)))) {
                    todo.add(m);
                }
            }
        }
        return false;
    }

    private MethodNode ownMethod(MethodInsnNode call) {
        if (!call.owner.equals(a.owner.name)) {
            return null;
        }
        for (MethodNode m : a.owner.methods) {
            if (m.name.equals(call.name) && m.desc.equals(call.desc) && m.instructions.size() > 0) {
                return m;
            }
        }
        return null;
    }
}
