package satin.rewriter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The rewriter's view of the class hierarchy, read from class files (no class is loaded): each
 * class's supertypes, its methods and which of them carry {@code @Spawnable}.
 */
public final class Hierarchy {


    /** What the rewriter needs to know of one class. */
    record ClassInfo(String name, String superName, List<String> interfaces, int access,
            Map<String, Integer> methodAccess, Map<String, List<String>> methodExceptions, Set<String> spawnable,
            String rewrittenBy) {

        /** Whether the class carries the rewriter's mark ({@code rewrittenBy} is its value). */
        boolean rewritten() {
            return rewrittenBy != null;
        }

        boolean isInterface() {
            return (access & Opcodes.ACC_INTERFACE) != 0;
        }
    }

    private final ClassFinder finder;
    private final Map<String, ClassInfo> cache = new ConcurrentHashMap<>();
    private final Map<String, ClassInfo> known = new ConcurrentHashMap<>();

    public Hierarchy(ClassFinder finder) {
        this.finder = finder;
    }

    /** Makes a class known that the finder cannot see, such as one being generated. */
    void define(byte[] classFile) {
        ClassInfo info = read(classFile);
        known.put(info.name(), info);
        cache.put(info.name(), info);
    }

    /** The class, or {@code null} if no class file for it can be found. */
    ClassInfo info(String name) {
        ClassInfo info = cache.get(name);
        if (info != null) {
            return info;
        }
        byte[] bytes = finder.find(name);
        if (bytes == null) {
            return null;
        }
        info = read(bytes);
        cache.put(name, info);
        return info;
    }

    /**
     * Whether a call instruction to {@code owner.name desc} calls a spawnable method: the method
     * it resolves to, or a method it overrides or implements, carries {@code @Spawnable}.
     */
    boolean isSpawnable(String owner, String name, String desc) {
        String key = name + desc;
        Set<String> seen = new LinkedHashSet<>();
        List<String> todo = new ArrayList<>(List.of(owner));
        while (!todo.isEmpty()) {
            String c = todo.remove(todo.size() - 1);
            if (c == null || !seen.add(c)) {
                continue;
            }
            ClassInfo info = info(c);
            if (info == null) {
                continue;
            }
            if (info.spawnable().contains(key)) {
                return true;
            }
            todo.add(info.superName());
            todo.addAll(info.interfaces());
        }
        return false;
    }

    /**
     * The checked exceptions the method a call to {@code owner.name desc} names declares: of the
     * first class or interface up from {@code owner} that declares it; empty if none is found.
     */
    List<String> declaredExceptions(String owner, String name, String desc) {
        String key = name + desc;
        Set<String> seen = new LinkedHashSet<>();
        List<String> todo = new ArrayList<>(List.of(owner));
        while (!todo.isEmpty()) {
            String c = todo.remove(0);
            ClassInfo info = c == null || !seen.add(c) ? null : info(c);
            if (info == null) {
                continue;
            }
            List<String> declared = info.methodExceptions().get(key);
            if (declared != null) {
                return declared;
            }
            todo.add(info.superName());
            todo.addAll(info.interfaces());
        }
        return List.of();
    }

    /** The access flags of the method a call to {@code owner.name desc} resolves to, or -1. */
    int resolvedAccess(String owner, String name, String desc) {
        ClassInfo declaring = declaring(owner, name, desc);
        return declaring == null ? -1 : declaring.methodAccess().get(name + desc);
    }

    /** The class that declares the method a call to {@code owner.name desc} resolves to, or null. */
    String declaringClass(String owner, String name, String desc) {
        ClassInfo declaring = declaring(owner, name, desc);
        return declaring == null ? null : declaring.name();
    }

    private ClassInfo declaring(String owner, String name, String desc) {
        String key = name + desc;
        for (String c = owner; c != null; ) {
            ClassInfo info = info(c);
            if (info == null || info.methodAccess().containsKey(key)) {
                return info;
            }
            c = info.superName();
        }
        return null;
    }

    /** Whether {@code name} is {@code ancestor} or extends it. */
    boolean isSubclass(String name, String ancestor) {
        for (String c = name; c != null; ) {
            if (c.equals(ancestor)) {
                return true;
            }
            ClassInfo info = info(c);
            if (info == null) {
                return false;
            }
            c = info.superName();
        }
        return false;
    }

    /** The nearest common superclass of two classes, as stack map frames need it. */
    String commonSuperClass(String a, String b) {
        if (a.equals(b)) {
            return a;
        }
        ClassInfo ia = require(a);
        ClassInfo ib = require(b);
        if (ia.isInterface() || ib.isInterface()) {
            return "java/lang/Object";
        }
        Set<String> ancestors = new LinkedHashSet<>();
        for (String c = a; c != null; c = require(c).superName()) {
            ancestors.add(c);
        }
        for (String c = b; c != null; c = require(c).superName()) {
            if (ancestors.contains(c)) {
                return c;
            }
        }
        return "java/lang/Object";
    }

    private ClassInfo require(String name) {
        ClassInfo info = info(name);
        if (info == null) {
            throw new RewriteException("cannot find class " + name.replace('/', '.')
                    + ", which the rewriter needs to compute stack map frames: put it on the rewriter's class path");
        }
        return info;
    }

    static boolean readRewritten(byte[] bytes) {
        return read(bytes).rewritten();
    }

    /** The value of a class's {@code Rewritten} mark, or null if it has none. */
    static String rewrittenBy(byte[] bytes) {
        return read(bytes).rewrittenBy();
    }

    private static ClassInfo read(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        Map<String, Integer> methods = new HashMap<>();
        Map<String, List<String>> thrownBy = new HashMap<>();
        Set<String> spawnable = new LinkedHashSet<>();
        String[] rewrittenBy = new String[1];
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
                if (!descriptor.equals(RuntimeCalls.REWRITTEN)) {
                    return null;
                }
                rewrittenBy[0] = "";
                return new AnnotationVisitor(Opcodes.ASM9) {
                    @Override
                    public void visit(String name, Object value) {
                        rewrittenBy[0] = String.valueOf(value);
                    }
                };
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                methods.put(name + descriptor, access);
                thrownBy.put(name + descriptor, exceptions == null ? List.of() : List.of(exceptions));
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                        if (annotation.equals(RuntimeCalls.SPAWNABLE)) {
                            spawnable.add(name + descriptor);
                        }
                        return null;
                    }
                };
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(reader.getClassName(), reader.getSuperName(), List.of(reader.getInterfaces()),
                reader.getAccess(), methods, thrownBy, spawnable, rewrittenBy[0]);
    }
}
