package satin.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The sync for pending spawns that paths to it did not all make alike (or too many to unroll): the
 * runtime hands back every pending spawn as a record, and a loop settles them in program order,
 * switching on each record's site to copy its result into the target. The last handler settles
 * the same way before an exception leaves the method.
 */
final class GenericSyncEmitter {

    private final MethodAnalysis a;
    private final HiddenLocals locals;
    private final IntFunction<String> recordOfSite;

    GenericSyncEmitter(MethodAnalysis analysis, HiddenLocals locals, IntFunction<String> recordOfSite) {
        this.a = analysis;
        this.locals = locals;
        this.recordOfSite = recordOfSite;
    }

    /**
     * The runtime runs every pending spawn still here as a record and waits for the stolen ones
     * ({@code Worker.syncRecords}); the records come back in program order and are settled in that
     * order ({@code Worker.settle}): up to the first failure, which it throws, each result goes to
     * its target.
     */
    InsnList sync(Pending before) {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.worker));
        out.add(new VarInsnNode(Opcodes.ILOAD, locals.mark));
        out.add(RuntimeCalls.WORKER_SYNC_RECORDS.call());
        out.add(new VarInsnNode(Opcodes.ASTORE, locals.records));
        out.add(settleRecords(directSites(before, site -> true)));
        return out;
    }

    /** The sites of {@code before} outside loops, whose results the switch copies out, that {@code which} accepts. */
    List<SpawnSite> directSites(Pending before, Predicate<SpawnSite> which) {
        List<SpawnSite> direct = new ArrayList<>();
        for (int s = before.may.nextSetBit(0); s >= 0; s = before.may.nextSetBit(s + 1)) {
            SpawnSite site = a.sites.get(s);
            if (!site.inLoop && which.test(site)) {
                direct.add(site);
            }
        }
        return direct;
    }

    /** Settles the records of a generic sync in program order, copying the results of {@code direct} sites out. */
    InsnList settleRecords(List<SpawnSite> direct) {
        InsnList out = new InsnList();
        LabelNode each = new LabelNode();
        LabelNode next = new LabelNode();
        LabelNode done = new LabelNode();
        out.add(new InsnNode(Opcodes.ICONST_0));
        out.add(new VarInsnNode(Opcodes.ISTORE, locals.index));
        out.add(each);
        out.add(new VarInsnNode(Opcodes.ILOAD, locals.index));
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.records));
        out.add(new InsnNode(Opcodes.ARRAYLENGTH));
        out.add(new JumpInsnNode(Opcodes.IF_ICMPGE, done));
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.records));
        out.add(new VarInsnNode(Opcodes.ILOAD, locals.index));
        out.add(RuntimeCalls.WORKER_SETTLE.call());
        if (direct.isEmpty()) {
            out.add(new InsnNode(Opcodes.POP));
        } else {
            out.add(switchOnSite(direct, next, next, site -> storeStolenResult(site, this::currentRecord)));
        }
        out.add(next);
        out.add(new IincInsnNode(locals.index, 1));
        out.add(new JumpInsnNode(Opcodes.GOTO, each));
        out.add(done);
        return out;
    }

    /** Dispatches on the site id on the stack: each site's code, then a jump to {@code after}. */
    private static InsnList switchOnSite(List<SpawnSite> sites, LabelNode otherwise, LabelNode after,
            Function<SpawnSite, InsnList> code) {
        InsnList out = new InsnList();
        LabelNode[] cases = new LabelNode[sites.size()];
        int[] keys = new int[sites.size()];
        for (int i = 0; i < cases.length; i++) {
            cases[i] = new LabelNode();
            keys[i] = sites.get(i).id;
        }
        out.add(new LookupSwitchInsnNode(otherwise, keys, cases));
        for (int i = 0; i < cases.length; i++) {
            out.add(cases[i]);
            out.add(code.apply(sites.get(i)));
            out.add(new JumpInsnNode(Opcodes.GOTO, after));
        }
        return out;
    }

    private InsnList currentRecord() {
        InsnList out = new InsnList();
        out.add(new VarInsnNode(Opcodes.ALOAD, locals.records));
        out.add(new VarInsnNode(Opcodes.ILOAD, locals.index));
        out.add(new InsnNode(Opcodes.AALOAD));
        return out;
    }

    /** A stolen spawn's result, copied out of its record into the target. */
    private InsnList storeStolenResult(SpawnSite site, Supplier<InsnList> loadRecord) {
        InsnList out = new InsnList();
        out.add(locals.targetPrefix(site));
        out.add(loadRecord.get());
        String record = recordOfSite.apply(site.id);
        out.add(new TypeInsnNode(Opcodes.CHECKCAST, record));
        Type result = site.returnType();
        if (result.getSort() != Type.VOID) {
            out.add(new FieldInsnNode(Opcodes.GETFIELD, record, "result", result.getDescriptor()));
            out.add(convertAndStore(site));
        } else {
            out.add(new InsnNode(Opcodes.POP));
        }
        return out;
    }

    private static InsnList convertAndStore(SpawnSite site) {
        InsnList out = new InsnList();
        for (AbstractInsnNode c : site.conversions) {
            out.add(c.clone(Map.of()));
        }
        if (site.consumer != null) {
            out.add(site.consumer.clone(Map.of()));
        }
        return out;
    }
}
