package satin.rewriter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * What the rewriter learns about one method before it changes anything: its spawn sites and
 * their targets, its syncs, which spawns may be pending at each instruction, and every problem
 * that makes the method impossible to rewrite faithfully.
 *
 * <p>This class holds the results and directs the steps, each its own class: {@link SiteFinder}
 * finds the sites and syncs, {@link ControlFlow} the edges between instructions, {@link Pending}
 * what may be pending where, and {@link PendingChecks} and {@link HandlerCoverage} the problems
 * pending spawns make. Problems are reported through here, one per source line.
 */
final class MethodAnalysis {

    final ClassNode owner;
    final MethodNode method;
    final List<SpawnSite> sites = new ArrayList<>();
    final Map<AbstractInsnNode, SpawnSite> siteAt = new HashMap<>();
    final Set<AbstractInsnNode> syncs = new HashSet<>();
    /**
     * The starts of the method's exception handlers. Control reaching a handler syncs first: the
     * spawns made before the exception are finished and their results stored, as in the
     * sequential program they were, and no pending result can land in a local variable slot that
     * the handler reuses for something else.
     */
    final Set<AbstractInsnNode> handlerStarts = new HashSet<>();
    /** Instructions a site's result passes through or is stored by; removed by the rewrite. */
    final Set<AbstractInsnNode> consumed = new HashSet<>();
    final List<Problem> problems = new ArrayList<>();
    Pending[] pending;
    Frame<BasicValue>[] frames;
    /** The program's tries that an exception may escape while spawns are pending; see {@link Escapes}. */
    List<Escapes.Escape> escapes = List.of();
    /** The method's control-flow graph, once the method is known to spawn. */
    ControlFlow flow;

    private final Hierarchy hierarchy;

    Hierarchy hierarchy() {
        return hierarchy;
    }

    MethodAnalysis(ClassNode owner, MethodNode method, Hierarchy hierarchy) {
        this.owner = owner;
        this.method = method;
        this.hierarchy = hierarchy;
    }

    /** Whether the method spawns at all; if not, nothing else is computed. */
    boolean analyze() {
        if ((method.access & Opcodes.ACC_BRIDGE) != 0) {
            // javac's bridge of a covariant or generic override, with the override's annotations:
            // it only calls the override, which spawns and hops itself, and returns its result
            return false;
        }
        boolean spawnable = isAnnotatedSpawnable(method);
        if (spawnable && (method.name.equals("<init>") || method.name.equals("<clinit>"))) {
            problem(Bytecode.firstLine(method), "a constructor cannot be @Spawnable: there is no caller to give the new object to "
                    + "before sync(); spawn a method that builds it instead");
        }
        SiteFinder finder = new SiteFinder(this);
        finder.findSyncs();
        if (!spawnable && syncs.isEmpty()) {
            return false; // calls to spawnable methods from here are plain calls: nothing waits for them
        }
        finder.findSpawns();
        if (sites.isEmpty()) {
            return false;
        }
        if (method.name.equals("<init>") || method.name.equals("<clinit>")) {
            problem(sites.get(0).line, "spawning in a " + (method.name.equals("<init>") ? "constructor" : "static initializer")
                    + " is not supported: the object or class is not ready to be shared; spawn from a method instead");
            return true;
        }
        if ((method.access & Opcodes.ACC_SYNCHRONIZED) != 0) {
            problem(sites.get(0).line, "a synchronized method cannot spawn: its spawns would run on other threads "
                    + "that cannot hold its lock, and sync() would wait while holding it");
            return true;
        }
        flow = new ControlFlow(owner, method);
        frames = flow.frames;
        finder.targets(flow);
        for (var block : method.tryCatchBlocks) {
            handlerStarts.add(block.handler);
        }
        pending = Pending.before(this, flow);
        PendingChecks checks = new PendingChecks(this, flow);
        checks.checkLoopsAndReads();
        checks.checkMonitors();
        new TargetReads(this).check();
        escapes = Escapes.find(this);
        new HandlerCoverage(this).checkHandlerTypes();
        return true;
    }

    // ------------------------------------------------------------------ reporting

    private boolean isAnnotatedSpawnable(MethodNode m) {
        return Bytecode.annotated(m, RuntimeCalls.SPAWNABLE) || hierarchy.isSpawnable(owner.name, m.name, m.desc) && (m.access & Opcodes.ACC_STATIC) == 0
                && !m.name.startsWith("<");
    }

    /** Records a problem; one per source line (or per message, without lines) points at the mistake. */
    void problem(int line, String message) {
        if (problems.stream().anyMatch(p -> p.line() == line && (line > 0 || p.message().equals(message)))) {
            return;
        }
        problems.add(new Problem(owner.name, owner.sourceFile, line, method.name, method.desc, message));
    }

    int lineOf(AbstractInsnNode insn) {
        for (AbstractInsnNode i = insn; i != null; i = i.getPrevious()) {
            if (i instanceof LineNumberNode l) {
                return l.line;
            }
        }
        return -1;
    }

    static String readable(MethodInsnNode call) {
        StringBuilder b = new StringBuilder(call.name).append('(');
        Type[] args = Type.getArgumentTypes(call.desc);
        for (int i = 0; i < args.length; i++) {
            b.append(i > 0 ? ", " : "").append(Problem.simple(args[i].getClassName()));
        }
        return b.append(')').toString();
    }
}
