package satin.rewriter;

import org.objectweb.asm.Type;
import org.objectweb.asm.tree.analysis.SimpleVerifier;

/**
 * ASM's verifier of reference types, answering its questions about classes from the rewriter's
 * {@link Hierarchy} instead of loading them. Like the JVM's verifier it takes any object for an
 * interface; a class the hierarchy cannot find is given the benefit of the doubt, so that only a
 * type error the rewriter can prove is reported.
 */
final class HierarchyVerifier extends SimpleVerifier {

    private static final Type OBJECT = Type.getObjectType("java/lang/Object");

    private final Hierarchy hierarchy;

    HierarchyVerifier(Hierarchy hierarchy) {
        super(ASM9, null, null, null, false);
        this.hierarchy = hierarchy;
    }

    @Override
    protected boolean isInterface(Type type) {
        Hierarchy.ClassInfo info = hierarchy.info(type.getInternalName());
        return info != null && info.isInterface();
    }

    @Override
    protected Type getSuperClass(Type type) {
        Hierarchy.ClassInfo info = hierarchy.info(type.getInternalName());
        if (info == null) {
            return type.equals(OBJECT) ? null : OBJECT;
        }
        return info.superName() == null ? null : Type.getObjectType(info.superName());
    }

    @Override
    protected boolean isAssignableFrom(Type target, Type value) {
        if (target.equals(value) || target.equals(OBJECT)) {
            return true;
        }
        if (target.getSort() == Type.ARRAY || value.getSort() == Type.ARRAY) {
            return arrayAssignable(target, value);
        }
        Hierarchy.ClassInfo info = hierarchy.info(target.getInternalName());
        if (info == null || info.isInterface()) {
            return true;
        }
        for (String c = value.getInternalName(); c != null; ) {
            if (c.equals(target.getInternalName())) {
                return true;
            }
            Hierarchy.ClassInfo known = hierarchy.info(c);
            if (known == null) {
                return true;
            }
            c = known.superName();
        }
        return false;
    }

    private boolean arrayAssignable(Type target, Type value) {
        if (target.getSort() != Type.ARRAY) {
            return value.getSort() == Type.ARRAY && (target.getInternalName().equals("java/lang/Cloneable")
                    || target.getInternalName().equals("java/io/Serializable"));
        }
        if (value.getSort() != Type.ARRAY) {
            return false;
        }
        Type t = Type.getType(target.getDescriptor().substring(1));
        Type v = Type.getType(value.getDescriptor().substring(1));
        boolean references = (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY)
                && (v.getSort() == Type.OBJECT || v.getSort() == Type.ARRAY);
        return references ? isAssignableFrom(t, v) : t.equals(v);
    }
}
