package satin.rewriter;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SimpleVerifier;

/**
 * Which spawns into a local variable, synced by a generic sync, must store a placeholder into the
 * variable at the spawn.
 *
 * <p>The rewritten program stores a spawn's result at the sync, not at the spawn. A generic
 * sync's store for a site sits in one case of a switch, so the verifier also sees paths on which
 * the variable keeps what it held at the spawn; if that is not a value of the result's type, the
 * merged type after the sync no longer verifies. A placeholder at the spawn gives it that type.
 * But a placeholder must never replace a value the program can still see: when the variable
 * already holds a value of the result's type (its earlier value, say, which a handler reads when
 * a sibling spawn fails), it is kept, and the merge is as good as the program's own.
 */
final class Placeholders {

    private Placeholders() {
    }

    static Set<Integer> needed(MethodAnalysis a, Set<Integer> genericallySynced) {
        Set<Integer> needed = new HashSet<>();
        Precise precise = null;
        for (SpawnSite site : a.sites) {
            if (site.target != SpawnSite.Target.LOCAL || !genericallySynced.contains(site.id)) {
                continue;
            }
            int call = a.method.instructions.indexOf(site.call);
            Frame<BasicValue> frame = a.frames[call];
            BasicValue held = frame == null ? null : frame.getLocal(site.local());
            int store = site.consumer.getOpcode();
            boolean keeps;
            if (store != Opcodes.ASTORE) {
                keeps = held != null && held.equals(expected(store));
            } else if (held == null || !held.isReference()) {
                keeps = false;
            } else {
                precise = precise != null ? precise : new Precise(a);
                keeps = precise.keeps(site, call);
            }
            if (!keeps) {
                needed.add(site.id);
            }
        }
        return needed;
    }

    private static BasicValue expected(int store) {
        return switch (store) {
            case Opcodes.LSTORE -> BasicValue.LONG_VALUE;
            case Opcodes.FSTORE -> BasicValue.FLOAT_VALUE;
            case Opcodes.DSTORE -> BasicValue.DOUBLE_VALUE;
            default -> BasicValue.INT_VALUE;
        };
    }

    /** The method's frames with class types, computed once per method, for spawns into reference locals. */
    private static final class Precise {

        private final MethodAnalysis a;
        private final HierarchyVerifier verifier;
        /** Null if the frames cannot be computed (a class it cannot see): then placeholders everywhere, as safe as before. */
        private final Frame<BasicValue>[] frames;

        Precise(MethodAnalysis a) {
            this.a = a;
            this.verifier = new HierarchyVerifier(a.hierarchy(), a.owner.name, a.owner.superName, a.owner.interfaces,
                    (a.owner.access & Opcodes.ACC_INTERFACE) != 0);
            Frame<BasicValue>[] computed;
            try {
                computed = new Analyzer<>(verifier).analyze(a.owner.name, a.method);
            } catch (AnalyzerException | RuntimeException e) {
                computed = null;
            }
            this.frames = computed;
        }

        /** Whether the reference the variable holds at the spawn is of the type the spawn stores. */
        boolean keeps(SpawnSite site, int call) {
            if (frames == null) {
                return false;
            }
            Frame<BasicValue> atCall = frames[call];
            Frame<BasicValue> atStore = frames[a.method.instructions.indexOf(site.consumer)];
            if (atCall == null || atStore == null) {
                return false;
            }
            BasicValue old = atCall.getLocal(site.local());
            BasicValue result = atStore.getStack(atStore.getStackSize() - 1);
            return old != null && old.isReference() && verifier.subtype(old, result);
        }
    }

    /** ASM's verifier over the rewriter's view of the class hierarchy, with the JVM's leniency for interfaces. */
    static final class HierarchyVerifier extends SimpleVerifier {

        private final Hierarchy hierarchy;

        HierarchyVerifier(Hierarchy hierarchy, String owner, String superName, List<String> interfaces, boolean isInterface) {
            super(Opcodes.ASM9, Type.getObjectType(owner), superName == null ? null : Type.getObjectType(superName),
                    interfaces.stream().map(Type::getObjectType).toList(), isInterface);
            this.hierarchy = hierarchy;
        }

        boolean subtype(BasicValue value, BasicValue expected) {
            return isSubTypeOf(value, expected);
        }

        @Override
        protected boolean isSubTypeOf(BasicValue value, BasicValue expected) {
            Type e = expected.getType();
            Type t = value.getType();
            if (e != null && (e.getSort() == Type.OBJECT || e.getSort() == Type.ARRAY)) {
                if (t == null || (t.getSort() != Type.OBJECT && t.getSort() != Type.ARRAY)) {
                    return false;
                }
                return isNull(t) || isAssignableFrom(e, t);
            }
            return super.isSubTypeOf(value, expected);
        }

        @Override
        protected boolean isInterface(Type type) {
            Hierarchy.ClassInfo info = type.getSort() == Type.OBJECT ? hierarchy.info(type.getInternalName()) : null;
            return info != null && info.isInterface();
        }

        @Override
        protected Type getSuperClass(Type type) {
            Hierarchy.ClassInfo info = type.getSort() == Type.OBJECT ? hierarchy.info(type.getInternalName()) : null;
            return info == null || info.superName() == null ? null : Type.getObjectType(info.superName());
        }

        @Override
        protected boolean isAssignableFrom(Type to, Type from) {
            if (to.equals(from) || isNull(from) || to.getDescriptor().equals("Ljava/lang/Object;")) {
                return true;
            }
            if (from.getSort() == Type.ARRAY) {
                if (to.getSort() == Type.ARRAY) {
                    Type toElement = Type.getType(to.getDescriptor().substring(1));
                    Type fromElement = Type.getType(from.getDescriptor().substring(1));
                    boolean references = isReference(toElement) && isReference(fromElement);
                    return references ? isAssignableFrom(toElement, fromElement) : toElement.equals(fromElement);
                }
                String name = to.getInternalName();
                return name.equals("java/lang/Cloneable") || name.equals("java/io/Serializable");
            }
            if (to.getSort() == Type.ARRAY || isNull(to)) {
                return false;
            }
            if (isInterface(to)) {
                return true; // the JVM's verifier checks interfaces only when the call is made
            }
            for (String c = from.getInternalName(); c != null; ) {
                if (c.equals(to.getInternalName())) {
                    return true;
                }
                Hierarchy.ClassInfo info = hierarchy.info(c);
                c = info == null ? null : info.superName();
            }
            return false;
        }

        @Override
        protected Class<?> getClass(Type type) {
            throw new IllegalStateException("the rewriter loads no class: " + type);
        }

        private static boolean isReference(Type t) {
            return t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
        }

        private static boolean isNull(Type t) {
            return t.getSort() == Type.OBJECT && t.getInternalName().equals("null");
        }
    }
}
