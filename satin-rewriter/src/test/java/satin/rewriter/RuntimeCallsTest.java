package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.objectweb.asm.Type;

/**
 * The rewriter's side of its contract with satin-core, checked against the real classes: every
 * member that rewritten code or a generated record uses must exist with that exact name and
 * descriptor, and be reachable the way the generated code reaches it, from a class in any package.
 */
class RuntimeCallsTest {

    @ParameterizedTest
    @EnumSource(RuntimeCalls.class)
    void resolvesInTheRuntime(RuntimeCalls entry) throws Exception {
        Class<?> owner = load(entry.owner);
        assertTrue(Modifier.isPublic(owner.getModifiers()), entry.owner + " must be public");
        switch (entry.kind) {
            case STATIC, VIRTUAL -> called(entry, owner);
            case SUPER_CONSTRUCTOR -> superConstructor(entry, owner);
            case OVERRIDDEN -> overridden(entry, owner);
            case FIELD -> field(entry, owner);
        }
    }

    @Test
    void everyTypeExists() throws Exception {
        for (String name : RuntimeCalls.TYPES) {
            Class<?> c = load(name.startsWith("L") ? Type.getType(name).getInternalName() : name);
            assertTrue(Modifier.isPublic(c.getModifiers()), name + " must be public");
            if (name.startsWith("L")) {
                assertTrue(c.isAnnotation(), name + " is named as an annotation");
            }
        }
    }

    @Test
    void everyOwnerIsANamedType() {
        for (RuntimeCalls entry : RuntimeCalls.values()) {
            assertTrue(RuntimeCalls.TYPES.contains(entry.owner), entry + ": its owner is missing from TYPES");
        }
    }

    @Test
    void slotFieldsAreNumberedInOrder() {
        for (int i = 0; i < 4; i++) {
            assertEquals("j" + i, RuntimeCalls.slotLong(i).member);
            assertEquals("a" + i, RuntimeCalls.slotReference(i).member);
        }
    }

    private static void called(RuntimeCalls entry, Class<?> owner) {
        Method m = method(owner, entry);
        assertNotNull(m, entry + ": no method " + entry.member + entry.desc + " in " + entry.owner + " or its supertypes");
        boolean isStatic = Modifier.isStatic(m.getModifiers());
        assertEquals(entry.kind == RuntimeCalls.Kind.STATIC, isStatic, entry + ": static-ness differs");
        assertTrue(Modifier.isPublic(m.getModifiers()), entry + " must be public");
        assertTrue(Modifier.isPublic(m.getDeclaringClass().getModifiers()), entry + " must be declared in a public class");
        if (entry.kind == RuntimeCalls.Kind.VIRTUAL) {
            assertFalse(owner.isInterface(), entry + " is called with invokevirtual, not invokeinterface");
        }
    }

    private static void superConstructor(RuntimeCalls entry, Class<?> owner) {
        Constructor<?> c = Arrays.stream(owner.getDeclaredConstructors())
                .filter(k -> Type.getConstructorDescriptor(k).equals(entry.desc)).findFirst().orElse(null);
        assertNotNull(c, entry + ": no constructor " + entry.desc + " in " + entry.owner);
        assertEquals("<init>", entry.member);
        assertFalse(Modifier.isFinal(owner.getModifiers()), entry.owner + " must allow subclasses");
        assertTrue(reachableFromSubclass(c), entry + " must be public or protected");
    }

    private static void overridden(RuntimeCalls entry, Class<?> owner) {
        Method m = method(owner, entry);
        assertNotNull(m, entry + ": no method " + entry.member + entry.desc + " in " + entry.owner);
        assertFalse(Modifier.isStatic(m.getModifiers()), entry + " must be an instance method");
        assertFalse(Modifier.isFinal(m.getModifiers()), entry + " must allow overriding");
        assertFalse(Modifier.isFinal(owner.getModifiers()), entry.owner + " must allow subclasses");
        assertTrue(reachableFromSubclass(m), entry + " must be public or protected");
    }

    private static void field(RuntimeCalls entry, Class<?> owner) throws NoSuchFieldException {
        Field f = owner.getField(entry.member);
        assertEquals(entry.desc, Type.getDescriptor(f.getType()), entry + ": type differs");
        assertFalse(Modifier.isStatic(f.getModifiers()), entry + " must be an instance field");
        assertFalse(Modifier.isFinal(f.getModifiers()), entry + " is written by rewritten code");
    }

    /** The method the JVM would resolve for the entry: in the owner, its superclasses, then its interfaces. */
    private static Method method(Class<?> owner, RuntimeCalls entry) {
        Deque<Class<?>> todo = new ArrayDeque<>();
        Set<Class<?>> seen = new HashSet<>();
        todo.add(owner);
        while (!todo.isEmpty()) {
            Class<?> c = todo.poll();
            if (!seen.add(c)) {
                continue;
            }
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(entry.member) && Type.getMethodDescriptor(m).equals(entry.desc)) {
                    return m;
                }
            }
            Stream.concat(Stream.ofNullable(c.getSuperclass()), Arrays.stream(c.getInterfaces())).forEach(todo::add);
        }
        return null;
    }

    private static boolean reachableFromSubclass(Executable e) {
        return Modifier.isPublic(e.getModifiers()) || Modifier.isProtected(e.getModifiers());
    }

    private static Class<?> load(String internalName) throws ClassNotFoundException {
        return Class.forName(internalName.replace('/', '.'), false, RuntimeCallsTest.class.getClassLoader());
    }
}
