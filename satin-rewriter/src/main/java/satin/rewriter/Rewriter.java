package satin.rewriter;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The rewriter's core, shared by its three front ends (the Maven plugin, the java agent and the
 * command line): one class file in, the rewritten class file and the record classes it needs out,
 * or the problems that stop it.
 */
public final class Rewriter {

    /** What rewriting one class produced. */
    public record Result(String className, byte[] rewritten, Map<String, byte[]> generated, List<Problem> problems) {

        /** Nothing to do: the class spawns nothing, or was rewritten before. */
        public boolean unchanged() {
            return rewritten == null && problems.isEmpty();
        }

        /** "N problem(s):" and each problem on a line of its own, with file, line, class and method. */
        public String describeProblems() {
            StringBuilder b = new StringBuilder(problems.size() + " problem(s):");
            for (Problem p : problems) {
                b.append(System.lineSeparator()).append("  ").append(p);
            }
            return b.toString();
        }
    }

    private final Hierarchy hierarchy;

    public Rewriter(ClassFinder finder) {
        this.hierarchy = new Hierarchy(finder);
    }

    /** Whether a class file was written by the rewriter. */
    public static boolean isRewritten(byte[] classFile) {
        return Hierarchy.readRewritten(classFile);
    }

    public Result rewrite(byte[] classFile) {
        ClassNode cn = new ClassNode();
        try {
            new ClassReader(classFile).accept(cn, ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            throw new RewriteException("not a readable class file: " + e, e);
        }
        if (isMarked(cn)) {
            return new Result(cn.name, null, Map.of(), List.of());
        }
        hierarchy.define(classFile);
        List<MethodAnalysis> spawning = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            MethodAnalysis analysis = new MethodAnalysis(cn, m, hierarchy);
            if (analysis.analyze()) {
                spawning.add(analysis);
            }
            problems.addAll(analysis.problems);
        }
        if ((cn.access & Opcodes.ACC_INTERFACE) != 0 && !spawning.isEmpty()) {
            MethodAnalysis first = spawning.get(0);
            return new Result(cn.name, null, Map.of(), List.of(new Problem(cn.name, cn.sourceFile,
                    first.sites.get(0).line, first.method.name, first.method.desc,
                    "spawning in an interface method is not supported yet; spawn from a class that implements it")));
        }
        List<MethodNode> writes = SharedWrites.find(cn, hierarchy, spawning, problems);
        Map<MethodNode, MethodNode> guarded = Guards.find(cn, problems);
        if (!problems.isEmpty()) {
            return new Result(cn.name, null, Map.of(), List.copyOf(problems));
        }
        if (spawning.isEmpty() && writes.isEmpty() && guarded.isEmpty()) {
            return new Result(cn.name, null, Map.of(), List.of());
        }
        writes.forEach(SharedWrites::rewrite);
        return transform(cn, spawning, writes, guarded);
    }

    private Result transform(ClassNode cn, List<MethodAnalysis> spawning, List<MethodNode> writes,
            Map<MethodNode, MethodNode> guarded) {
        Map<CallTarget, Integer> targets = new LinkedHashMap<>();
        List<MethodNode> accessors = new ArrayList<>();
        int arraySites = 0;
        for (MethodAnalysis analysis : spawning) {
            for (SpawnSite site : analysis.sites) {
                site.recordClass = index(targets, spawnTarget(cn, site), accessors);
                if (site.inLoop && site.target == SpawnSite.Target.ARRAY_ELEMENT) {
                    site.arraySiteClass = RecordClasses.siteName(cn.name, site.recordClass, arraySites++);
                }
            }
        }
        for (MethodAnalysis analysis : spawning) {
            CallTarget hop = hopTarget(cn, analysis.method);
            int hopIndex = index(targets, hop, accessors);
            new MethodRewriter(analysis, site -> RecordClasses.name(cn.name, analysis.sites.get(site).recordClass),
                    hop, RecordClasses.name(cn.name, hopIndex)).rewrite();
        }
        guarded.forEach((m, guard) -> Guards.rewrite(cn, m, guard)); // after: the analyses index the instructions as written
        cn.methods.addAll(accessors);
        AnnotationNode mark = new AnnotationNode(RuntimeCalls.REWRITTEN);
        mark.values = List.of("value", Bytecode.VERSION);
        if (cn.visibleAnnotations == null) {
            cn.visibleAnnotations = new ArrayList<>();
        }
        cn.visibleAnnotations.add(mark);

        RecordClasses records = new RecordClasses(hierarchy, cn.name);
        Map<String, byte[]> generated = new LinkedHashMap<>();
        for (Map.Entry<CallTarget, Integer> e : targets.entrySet()) {
            byte[] bytes = records.record(e.getValue(), e.getKey());
            hierarchy.define(bytes);
            generated.put(RecordClasses.name(cn.name, e.getValue()), bytes);
        }
        for (MethodAnalysis analysis : spawning) {
            for (SpawnSite site : analysis.sites) {
                if (site.arraySiteClass != null) {
                    byte[] bytes = records.arraySite(site.recordClass, spawnTarget(cn, site), site);
                    hierarchy.define(bytes);
                    generated.put(site.arraySiteClass, bytes);
                }
            }
        }
        HierarchyClassWriter writer = new HierarchyClassWriter(hierarchy);
        try {
            cn.accept(writer);
        } catch (org.objectweb.asm.LimitExceededException | org.objectweb.asm.MethodTooLargeException e) {
            // the program's method is fine but too big to rewrite: the user can do something about it
            MethodNode m = failing(cn);
            return new Result(cn.name, null, Map.of(), List.of(new Problem(cn.name, cn.sourceFile, Bytecode.firstLine(m),
                    m == null ? "?" : m.name, m == null ? "()V" : m.desc, "the method is too large to rewrite ("
                    + e.getMessage() + "): split it into smaller methods")));
        } catch (RuntimeException e) {
            throw new RewriteException("cannot write the rewritten " + cn.name.replace('/', '.')
                    + failingMethod(cn) + ": " + e, e);
        }
        byte[] rewritten = writer.toByteArray();
        List<String> written = new ArrayList<>(spawning.stream().map(a -> a.method.name + a.method.desc).toList());
        accessors.forEach(m -> written.add(m.name + m.desc));
        writes.forEach(m -> written.add(m.name + m.desc));
        guarded.keySet().forEach(m -> written.add(m.name + m.desc));
        verify(rewritten, written, hierarchy);
        return new Result(cn.name, rewritten, generated, List.of());
    }

    /**
     * Checks the rewritten methods, and the accessors added for the records, as the JVM's verifier
     * will when the class loads, reference types included: the frames the writer computes do not
     * prove the code is right (a local read where one path left it unset gets a frame, a receiver
     * of the wrong class is passed on, and the class then fails to load with a {@code VerifyError},
     * far from the build).
     *
     * @throws RewriteException naming the class and the method, with its code, for the bug report
     */
    static void verify(byte[] classFile, List<String> methods, Hierarchy hierarchy) {
        ClassNode written = new ClassNode();
        new ClassReader(classFile).accept(written, 0);
        for (MethodNode m : written.methods) {
            if (!methods.contains(m.name + m.desc)) {
                continue;
            }
            try {
                new org.objectweb.asm.tree.analysis.Analyzer<>(new HierarchyVerifier(hierarchy)).analyze(written.name, m);
            } catch (org.objectweb.asm.tree.analysis.AnalyzerException e) {
                StringWriter text = new StringWriter();
                org.objectweb.asm.util.Textifier t = new org.objectweb.asm.util.Textifier();
                m.accept(new org.objectweb.asm.util.TraceMethodVisitor(t));
                t.print(new PrintWriter(text));
                throw new RewriteException("the rewritten " + written.name.replace('/', '.') + "." + m.name + m.desc
                        + " would fail the JVM's verifier (" + e.getMessage() + "): a bug of the rewriter, not of"
                        + " the program; please report it with this method's code\n" + text, e);
            }
        }
    }

    /** Names the method whose frames cannot be computed, with its code, for the bug report. */
    private String failingMethod(ClassNode cn) {
        MethodNode m = failing(cn);
        if (m == null) {
            return "";
        }
        StringWriter text = new StringWriter();
        org.objectweb.asm.util.Textifier t = new org.objectweb.asm.util.Textifier();
        m.accept(new org.objectweb.asm.util.TraceMethodVisitor(t));
        t.print(new PrintWriter(text));
        return " (method " + m.name + m.desc + ")\n" + text;
    }

    /** The first method that cannot be written on its own, or null. */
    private MethodNode failing(ClassNode cn) {
        for (MethodNode m : cn.methods) {
            try {
                ClassNode single = new ClassNode();
                single.visit(cn.version, cn.access, cn.name, null, cn.superName, cn.interfaces.toArray(new String[0]));
                m.accept(single);
                single.accept(new HierarchyClassWriter(hierarchy));
            } catch (RuntimeException e) {
                return m;
            }
        }
        return null;
    }


    private int index(Map<CallTarget, Integer> targets, CallTarget t, List<MethodNode> accessors) {
        Integer existing = targets.get(t);
        if (existing != null) {
            return existing;
        }
        int i = targets.size();
        targets.put(t, i);
        if (t.accessor() != null) {
            accessors.add(RecordClasses.accessor(t, false));
        }
        return i;
    }

    /** The call a spawn site makes; through an accessor when a record in the same package could not make it. */
    private CallTarget spawnTarget(ClassNode cn, SpawnSite site) {
        var call = site.call;
        int access = hierarchy.resolvedAccess(call.owner, call.name, call.desc);
        boolean privateCall = access >= 0 && (access & Opcodes.ACC_PRIVATE) != 0;
        // a record is a class of the caller's package but no subclass: it may call a protected
        // method only if the class that declares it is of that package too
        boolean protectedElsewhere = access >= 0 && (access & Opcodes.ACC_PROTECTED) != 0
                && !packageOf(hierarchy.declaringClass(call.owner, call.name, call.desc)).equals(packageOf(cn.name));
        boolean special = call.getOpcode() == Opcodes.INVOKESPECIAL;
        if (special || privateCall || protectedElsewhere) {
            // only invokespecial needs the receiver as the calling class; a private method of a
            // nestmate (an outer or inner class, called directly since Java 11) is called on its own class
            String receiver = special ? cn.name : call.owner;
            return new CallTarget(call.getOpcode(), call.owner, call.name, call.desc, call.itf,
                    "satin$call$" + call.name + "$" + Integer.toHexString((call.owner + call.desc + call.getOpcode()).hashCode()),
                    receiver);
        }
        return new CallTarget(call.getOpcode(), call.owner, call.name, call.desc, call.itf, null, call.owner);
    }

    /** The call of {@code method} itself, made again on the embedded node: never virtually, so that no override runs instead. */
    private static CallTarget hopTarget(ClassNode cn, MethodNode method) {
        String accessor = "satin$hop$" + method.name + "$" + Integer.toHexString(method.desc.hashCode());
        if ((method.access & Opcodes.ACC_STATIC) != 0) {
            // a record is another class: it reaches a private static method (a lambda's body, say) only through an accessor
            boolean hidden = (method.access & Opcodes.ACC_PRIVATE) != 0;
            return new CallTarget(Opcodes.INVOKESTATIC, cn.name, method.name, method.desc, false,
                    hidden ? accessor : null, cn.name);
        }
        return new CallTarget(Opcodes.INVOKESPECIAL, cn.name, method.name, method.desc, false, accessor, cn.name);
    }

    private static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash);
    }

    private static boolean isMarked(ClassNode cn) {
        if (cn.visibleAnnotations != null) {
            for (AnnotationNode a : cn.visibleAnnotations) {
                if (a.desc.equals(RuntimeCalls.REWRITTEN)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Human-readable bytecode of a class, for error messages and tests. */
    public static String disassemble(byte[] classFile) {
        StringWriter text = new StringWriter();
        new ClassReader(classFile).accept(new org.objectweb.asm.util.TraceClassVisitor(new PrintWriter(text)), 0);
        return text.toString();
    }
}
