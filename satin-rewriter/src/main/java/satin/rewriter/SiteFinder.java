package satin.rewriter;

import static satin.rewriter.MethodAnalysis.readable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Finds a method's syncs and spawn sites, and reads off the instructions after each spawned call
 * where its result goes: the rewrite moves that store to the sync, so a result used in any other
 * way is a problem to report, not code to rewrite.
 */
final class SiteFinder {

    private final MethodAnalysis a;
    private final ClassNode owner;
    private final MethodNode method;
    private final Hierarchy hierarchy;
    private final List<SpawnSite> sites;
    private final Map<AbstractInsnNode, SpawnSite> siteAt;
    private final Set<AbstractInsnNode> syncs;
    private final Set<AbstractInsnNode> consumed;

    /** Fills in the sites, syncs and consumed instructions of {@code analysis}. */
    SiteFinder(MethodAnalysis analysis) {
        this.a = analysis;
        this.owner = analysis.owner;
        this.method = analysis.method;
        this.hierarchy = analysis.hierarchy();
        this.sites = analysis.sites;
        this.siteAt = analysis.siteAt;
        this.syncs = analysis.syncs;
        this.consumed = analysis.consumed;
    }

    /** Every call of a sync() of the runtime. */
    void findSyncs() {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof MethodInsnNode m && isSync(m)) {
                syncs.add(insn);
            }
        }
    }

    private boolean isSync(MethodInsnNode m) {
        if (m.getOpcode() == Opcodes.INVOKESTATIC) {
            RuntimeCalls sync = RuntimeCalls.SATIN_SYNC;
            return m.name.equals(sync.member) && m.desc.equals(sync.desc) && m.owner.equals(sync.owner);
        }
        RuntimeCalls sync = RuntimeCalls.SATIN_OBJECT_SYNC;
        return m.name.equals(sync.member) && m.desc.equals(sync.desc) && hierarchy.isSubclass(m.owner, sync.owner);
    }

    /** Every call of a spawnable method that is not a sync, with its target; or the problem of a site without one. */
    void findSpawns() {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof MethodInsnNode m && !syncs.contains(m) && !m.name.startsWith("<")
                    && hierarchy.isSpawnable(m.owner, m.name, m.desc)) {
                SpawnSite site = describe(m, sites.size());
                if (site != null) {
                    sites.add(site);
                    siteAt.put(m, site);
                }
            }
        }
    }

    /** Reads the site's target off the instructions after the call, or reports why there is none. */
    private SpawnSite describe(MethodInsnNode call, int id) {
        int line = a.lineOf(call);
        Type ret = Type.getReturnType(call.desc);
        if (ret.getSort() == Type.VOID) {
            return new SpawnSite(id, call, SpawnSite.Target.VOID, List.of(), null, line);
        }
        List<AbstractInsnNode> conversions = new ArrayList<>();
        AbstractInsnNode next = realNext(call);
        while (next != null && isConversion(next)) {
            conversions.add(next);
            next = realNext(next);
        }
        SpawnSite.Target target = next == null ? null : switch (next.getOpcode()) {
            case Opcodes.ISTORE, Opcodes.LSTORE, Opcodes.FSTORE, Opcodes.DSTORE, Opcodes.ASTORE -> SpawnSite.Target.LOCAL;
            case Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE, Opcodes.AASTORE, Opcodes.BASTORE,
                    Opcodes.CASTORE, Opcodes.SASTORE -> SpawnSite.Target.ARRAY_ELEMENT;
            case Opcodes.PUTFIELD -> SpawnSite.Target.FIELD;
            case Opcodes.PUTSTATIC -> SpawnSite.Target.STATIC_FIELD;
            case Opcodes.POP, Opcodes.POP2 -> SpawnSite.Target.DISCARDED;
            default -> null;
        };
        if (next != null && next.getOpcode() == Opcodes.GOTO) {
            a.problem(line, "the result of the spawn of " + readable(call)
                    + " is used inside a conditional expression; assign it, and use it after sync()");
            return null;
        }
        if (target == null || (target == SpawnSite.Target.DISCARDED && !conversions.isEmpty())) {
            a.problem(line, "the result of the spawn of " + readable(call) + " is used inside an expression; "
                    + "assign it to a local variable, an array element or a field, and use it after sync()");
            return null;
        }
        return new SpawnSite(id, call, target, List.copyOf(conversions), next, line);
    }

    private static boolean isConversion(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (op == Opcodes.CHECKCAST || (op >= Opcodes.I2L && op <= Opcodes.I2S)) {
            return true;
        }
        if (insn instanceof MethodInsnNode m && m.owner.startsWith("java/lang/") && isBoxType(m.owner)) {
            return (op == Opcodes.INVOKESTATIC && m.name.equals("valueOf") && Type.getArgumentTypes(m.desc).length == 1
                    && Type.getArgumentTypes(m.desc)[0].getSort() != Type.OBJECT)
                    || (op == Opcodes.INVOKEVIRTUAL && m.name.endsWith("Value") && m.desc.startsWith("()"));
        }
        return false;
    }

    private static boolean isBoxType(String owner) {
        return switch (owner) {
            case "java/lang/Integer", "java/lang/Long", "java/lang/Double", "java/lang/Float", "java/lang/Short",
                    "java/lang/Byte", "java/lang/Character", "java/lang/Boolean" -> true;
            default -> false;
        };
    }

    /** Checks that the stack under each site's call holds exactly what its store needs. */
    void targets(ControlFlow flow) {
        receivers();
        for (SpawnSite site : sites) {
            int index = method.instructions.indexOf(site.call);
            int stack = flow.frames[index] == null ? -1 : flow.frames[index].getStackSize();
            int needed = site.argumentTypes().length + (site.hasReceiver() ? 1 : 0) + site.targetOperands();
            if (stack < needed) {
                throw new RewriteException("unexpected stack at the spawn of " + readable(site.call) + " in "
                        + owner.name + "." + method.name + method.desc);
            }
            for (AbstractInsnNode insn = site.call.getNext(); site.consumer != null && insn != site.consumer;
                    insn = insn.getNext()) {
                if (insn.getOpcode() >= 0) {
                    consumed.add(insn);
                }
                int i = method.instructions.indexOf(insn);
                if (insn.getOpcode() >= 0 && flow.predecessors(i) > 1) {
                    a.problem(site.line, "the result of the spawn of " + readable(site.call)
                            + " is used inside a conditional expression; assign it, and use it after sync()");
                }
            }
            if (site.consumer != null) {
                consumed.add(site.consumer);
                if (flow.predecessors(method.instructions.indexOf(site.consumer)) > 1) {
                    a.problem(site.line, "the result of the spawn of " + readable(site.call)
                            + " is used inside a conditional expression; assign it, and use it after sync()");
                }
            }
        }
    }

    /** Which instance sites spawn on {@code this}: their receiver is the method's local 0, which javac never reassigns. */
    private void receivers() {
        if ((method.access & Opcodes.ACC_STATIC) != 0) {
            return;
        }
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof VarInsnNode v && v.var == 0 && v.getOpcode() == Opcodes.ASTORE) {
                return; // local 0 is reassigned somewhere: never assume it is still this
            }
        }
        Frame<SourceValue>[] sources;
        try {
            sources = new Analyzer<>(new SourceInterpreter()).analyze(owner.name, method);
        } catch (AnalyzerException e) {
            return;
        }
        for (SpawnSite site : sites) {
            if (!site.hasReceiver()) {
                continue;
            }
            var frame = sources[method.instructions.indexOf(site.call)];
            if (frame == null) {
                continue;
            }
            var receiver = frame.getStack(frame.getStackSize() - site.argumentTypes().length - 1);
            site.receiverIsThis = receiver.insns.size() == 1 && receiver.insns.iterator().next() instanceof VarInsnNode v
                    && v.getOpcode() == Opcodes.ALOAD && v.var == 0;
        }
    }

    private static AbstractInsnNode realNext(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }
}
