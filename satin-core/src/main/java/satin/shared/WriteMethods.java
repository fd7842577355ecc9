package satin.shared;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import satin.SharedObject;
import satin.Write;

/**
 * The write a message names, by the name and descriptor rewritten code sends: a method of the
 * replica's class, marked {@link Write}, that returns nothing. Anything else a peer names is
 * refused, so that a write can run no method but the writes the program declared.
 */
final class WriteMethods {

    private static final Map<Class<?>, Map<String, Method>> BY_CLASS = new ConcurrentHashMap<>();

    private WriteMethods() {
    }

    /** @throws IllegalArgumentException if {@code key} is not a write of {@code type} */
    static Method of(Class<? extends SharedObject> type, String key) {
        Method m = BY_CLASS.computeIfAbsent(type, WriteMethods::writesOf).get(key);
        if (m == null) {
            throw new IllegalArgumentException(key + " is not a @Write method of " + type.getName());
        }
        return m;
    }

    private static Map<String, Method> writesOf(Class<?> type) {
        Map<String, Method> writes = new ConcurrentHashMap<>();
        for (Class<?> c = type; c != SharedObject.class && c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(Write.class) && m.getReturnType() == void.class
                        && !Modifier.isStatic(m.getModifiers())) {
                    m.setAccessible(true);
                    writes.putIfAbsent(m.getName() + descriptor(m), m);
                }
            }
        }
        return writes;
    }

    /** The JVM's descriptor of a method, as the rewriter names the write it forwards. */
    static String descriptor(Method m) {
        StringBuilder d = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            d.append(typeDescriptor(p));
        }
        return d.append(')').append(typeDescriptor(m.getReturnType())).toString();
    }

    private static String typeDescriptor(Class<?> t) {
        if (t.isArray()) {
            return t.getName().replace('.', '/');
        }
        if (!t.isPrimitive()) {
            return "L" + t.getName().replace('.', '/') + ";";
        }
        return switch (t.getName()) {
            case "void" -> "V";
            case "boolean" -> "Z";
            case "byte" -> "B";
            case "char" -> "C";
            case "short" -> "S";
            case "int" -> "I";
            case "long" -> "J";
            case "float" -> "F";
            case "double" -> "D";
            default -> throw new IllegalArgumentException(t.getName());
        };
    }
}
