package satin.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The code that replaces a spawned call: its operands go into the site's hidden locals, where its
 * sync finds them, and the call itself into a deque slot (fast form), or into a record (record
 * form: a spawn in a loop, or one whose arguments do not fit a slot). A spawn that runs in place
 * only keeps its operands; its sync makes the call.
 */
final class SpawnEmitter {

    private final HiddenLocals locals;
    private final SyncPlan plan;
    private final HandlerEmitter handlers;
    private final IntFunction<String> recordOfSite;
    /** The rewritten class, which an invokespecial's record keeps as the receiver's type. */
    private final String owner;

    SpawnEmitter(MethodAnalysis analysis, HiddenLocals locals, SyncPlan plan, HandlerEmitter handlers,
            IntFunction<String> recordOfSite) {
        this.locals = locals;
        this.plan = plan;
        this.handlers = handlers;
        this.recordOfSite = recordOfSite;
        this.owner = analysis.owner.name;
    }

    InsnList spawn(SpawnSite site) {
        InsnList out = keepOperands(site);
        if (plan.placeholders.contains(site.id)) {
            // The program stored the result here right after the call; the rewritten program
            // stores it at the sync. A generic sync's switch is reachable from paths on which this
            // spawn's case did not run, so when the variable holds no value of the result's type
            // yet, a placeholder keeps every path verifiable; no program can see it, as the
            // variable has no value the program could read (see Placeholders).
            out.add(placeholder(site));
        }
        if (plan.inPlace.contains(site.id)) {
            return out; // the sync runs it first, with the arguments kept here
        }
        String record = recordOfSite.apply(site.id);
        if (site.inLoop) {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
            out.add(newRecord(site, record, true));
            if (handlers.namesSite(site.id)) {
                Bytecode.pushInt(out, site.id); // which spawn failed, for a dispatch to its handlers
                out.add(RuntimeCalls.RECORD_AT_SITE.call());
            }
            out.add(RuntimeCalls.WORKER_SPAWN.call());
        } else if (!site.fitsSlot()) {
            out.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
            out.add(newRecord(site, record, false));
            Bytecode.pushInt(out, site.id);
            out.add(RuntimeCalls.RECORD_AT_SITE.call());
            out.add(RuntimeCalls.WORKER_SPAWN.call());
        } else {
            out.add(intoSlot(site, record));
        }
        return out;
    }

    /** The stack holds the target operands, the receiver and the arguments: all go into the site's locals. */
    private InsnList keepOperands(SpawnSite site) {
        InsnList out = new InsnList();
        int[] kept = locals.of(site);
        Type[] args = site.argumentTypes();
        int receiverLocals = site.hasReceiver() ? 1 : 0;
        for (int i = args.length - 1; i >= 0; i--) {
            out.add(Bytecode.store(args[i], kept[receiverLocals + i]));
        }
        if (site.hasReceiver()) {
            out.add(site.receiverIsThis ? new InsnNode(Opcodes.POP) : new VarInsnNode(Opcodes.ASTORE, kept[0]));
        }
        int targets = receiverLocals + args.length;
        if (site.target == SpawnSite.Target.ARRAY_ELEMENT) {
            out.add(new VarInsnNode(Opcodes.ISTORE, kept[targets + 1]));
            out.add(new VarInsnNode(Opcodes.ASTORE, kept[targets]));
        } else if (site.target == SpawnSite.Target.FIELD) {
            out.add(new VarInsnNode(Opcodes.ASTORE, kept[targets]));
        }
        return out;
    }

    /** The fast form: the call described in a slot the deque hands out, then pushed. */
    private InsnList intoSlot(SpawnSite site, String record) {
        InsnList out = new InsnList();
        int[] kept = locals.of(site);
        Type[] args = site.argumentTypes();
        int receiverLocals = site.hasReceiver() ? 1 : 0;
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.deque));
        out.add(RuntimeCalls.DEQUE_CLAIM.call());
        out.add(new TypeInsnNode(Opcodes.CHECKCAST, RuntimeCalls.SLOT));
        out.add(new InsnNode(Opcodes.DUP));
        out.add(new FieldInsnNode(Opcodes.GETSTATIC, record, "FACTORY", "L" + record + ";"));
        Bytecode.pushInt(out, site.id);
        out.add(site.hasReceiver() ? locals.receiver(site) : new InsnNode(Opcodes.ACONST_NULL));
        out.add(RuntimeCalls.SLOT_DESCRIBE.call());
        int primitive = 0;
        int reference = 0;
        for (int i = 0; i < args.length; i++) {
            out.add(new InsnNode(Opcodes.DUP));
            out.add(Bytecode.load(args[i], kept[receiverLocals + i]));
            if (Bytecode.isReference(args[i])) {
                out.add(RuntimeCalls.slotReference(reference++).put());
            } else {
                Bytecode.toSlotBits(out, args[i]);
                out.add(RuntimeCalls.slotLong(primitive++).put());
            }
        }
        out.add(new InsnNode(Opcodes.POP));
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.deque));
        out.add(RuntimeCalls.DEQUE_PUSH.call());
        return out;
    }

    /** {@code new Record(receiver, arguments...)}, with the array and index for a record-form array target. */
    private InsnList newRecord(SpawnSite site, String baseRecord, boolean recordForm) {
        InsnList out = new InsnList();
        int[] kept = locals.of(site);
        boolean arraySite = recordForm && site.arraySiteClass != null;
        String record = arraySite ? site.arraySiteClass : baseRecord;
        out.add(new TypeInsnNode(Opcodes.NEW, record));
        out.add(new InsnNode(Opcodes.DUP));
        int l = 0;
        Type[] args = site.argumentTypes();
        List<Type> ctor = new ArrayList<>();
        if (site.hasReceiver()) {
            out.add(locals.receiver(site));
            l++;
            ctor.add(Type.getObjectType(receiverType(site)));
        }
        for (Type t : args) {
            out.add(Bytecode.load(t, kept[l++]));
            ctor.add(t);
        }
        if (arraySite) {
            out.add(new VarInsnNode(Opcodes.ALOAD, kept[l++]));
            out.add(new VarInsnNode(Opcodes.ILOAD, kept[l]));
            ctor.add(Type.getType(Object.class));
            ctor.add(Type.INT_TYPE);
        }
        out.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, record, "<init>",
                Type.getMethodDescriptor(Type.VOID_TYPE, ctor.toArray(new Type[0]))));
        return out;
    }

    /** The receiver type the site's record keeps; see {@link CallTarget#receiverType()}. */
    private String receiverType(SpawnSite site) {
        return site.call.getOpcode() == Opcodes.INVOKESPECIAL ? owner : site.call.owner;
    }

    /** A zero for a local target, where no result exists to store. */
    private static InsnList placeholder(SpawnSite site) {
        InsnList out = new InsnList();
        if (site.target == SpawnSite.Target.LOCAL) {
            VarInsnNode consumer = (VarInsnNode) site.consumer;
            out.add(new InsnNode(switch (consumer.getOpcode()) {
                case Opcodes.LSTORE -> Opcodes.LCONST_0;
                case Opcodes.FSTORE -> Opcodes.FCONST_0;
                case Opcodes.DSTORE -> Opcodes.DCONST_0;
                case Opcodes.ASTORE -> Opcodes.ACONST_NULL;
                default -> Opcodes.ICONST_0;
            }));
            out.add(new VarInsnNode(consumer.getOpcode(), consumer.var));
        }
        return out;
    }
}
