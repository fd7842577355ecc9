package satin.codec;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import satin.launch.PoolMain;
import satin.runtime.InvocationRecord;
import satin.Rewritten;
import satin.config.Settings;
import satin.config.Syntax;

/**
 * The classes allowed to travel between nodes. A peer is untrusted: a class it names is loaded
 * (never initialised) only if it is allowed, so that no message can make a node build an object
 * it did not expect.
 *
 * <p>Allowed are: the record classes the rewriter generated (by their name's shape, then their
 * mark and base class), the declared types of their receiver, arguments and result and,
 * transitively, the declared field types of those classes; Java's value types, primitive arrays and
 * common collections; and whatever a program names in {@code -Dsatin.allow=com.acme.Point,org.acme.*}.
 */
public final class Allowlist {

    private static final Pattern RECORD_NAME = Pattern.compile("[\\w.$]+\\$\\$Spawn\\d+(\\$Site\\d+)?");
    /** Value and collection types of the JDK; Object too, as a declared type (what it holds is checked itself). */
    private static final Set<String> JDK = Set.of("java.lang.Object", "java.lang.String", "java.lang.Integer",
            "java.lang.Long", "java.lang.Double", "java.lang.Float", "java.lang.Short", "java.lang.Byte", "java.lang.Character",
            "java.lang.Boolean", "java.math.BigInteger", "java.math.BigDecimal", "java.util.ArrayList",
            "java.util.LinkedList", "java.util.HashMap", "java.util.LinkedHashMap", "java.util.TreeMap",
            "java.util.HashSet", "java.util.LinkedHashSet", "java.util.TreeSet", "java.util.ArrayDeque",
            "java.util.BitSet", "java.util.Arrays$ArrayList", "java.util.ImmutableCollections$ListN",
            "java.util.ImmutableCollections$List12", "java.util.ImmutableCollections$SetN",
            "java.util.ImmutableCollections$Set12", "java.util.ImmutableCollections$MapN",
            "java.util.ImmutableCollections$Map1", "java.util.Collections$EmptyList", "java.util.Collections$EmptyMap",
            "java.util.Collections$EmptySet");

    private final ClassLoader loader;
    private final Set<String> allowed = ConcurrentHashMap.newKeySet();
    private final List<String> prefixes;
    /** What the program named, in a canonical order: what the pool's members must agree on. */
    private final String agreed;

    public Allowlist(ClassLoader loader, String configured) {
        this.loader = loader;
        this.allowed.addAll(JDK);
        List<String> names = names(configured);
        this.prefixes = names.stream().filter(n -> n.endsWith(".*")).map(n -> n.substring(0, n.length() - 1)).toList();
        names.stream().filter(n -> !n.endsWith(".*")).forEach(allowed::add);
        this.agreed = String.join(",", new java.util.TreeSet<>(names));
    }

    /** A class's binary name (com.acme.Point, com.acme.Outer$Inner), or a package and everything below it (com.acme.*). */
    private static final Pattern NAME = Pattern.compile( // possessive: no name's length may overflow the stack
            "[\\p{L}_$][\\p{L}\\p{N}_$]*+(?:\\.[\\p{L}_$][\\p{L}\\p{N}_$]*+)*+(?:\\.\\*)?");

    /** The syntax of {@code -Dsatin.allow}, for the start-up check of every setting. */
    public static final Syntax SYNTAX = Syntax.parsedNamingItselfBy(Allowlist::names);

    /**
     * The names {@code -Dsatin.allow} gives, each checked: a name that is neither a class nor a
     * package ({@code *}, {@code com..acme}, {@code com/acme/Point}) would match nothing, and the
     * program would find its classes refused with the setting it believed allowed them.
     *
     * @throws IllegalArgumentException naming the setting and the name
     */
    public static List<String> names(String configured) {
        if (configured == null || configured.isBlank()) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (String name : configured.trim().split("\\s*,\\s*", -1)) {
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("-Dsatin.allow=" + configured + ": '" + name + "' is neither a class "
                        + "(com.acme.Point, com.acme.Outer$Inner) nor a package with all below it (com.acme.*)");
            }
            names.add(name);
        }
        return names;
    }

    /**
     * What the program allows beyond the rewriter's records, what their fields declare and Java's
     * value and collection types: the configured names, sorted and without repeats, comma
     * separated; empty if none. Announced when a node joins a pool, whose members must agree.
     */
    public String agreed() {
        return agreed;
    }

    /**
     * The allowlist of this JVM's program: its class loader (the thread's context loader, which is
     * where {@code PoolMain} finds main: a launcher may load a program's own classes through a
     * loader of their own) and {@code -Dsatin.allow}.
     */
    public static Allowlist forProgram() {
        ClassLoader program = Thread.currentThread().getContextClassLoader();
        return new Allowlist(program != null ? program : ClassLoader.getSystemClassLoader(),
                Settings.ALLOW.raw());
    }

    /** Allows a class and what its fields need, as a program's own registration does. */
    public void allow(Class<?> type) {
        admit(type);
    }

    /** Whether a class may travel. */
    public boolean allows(Class<?> type) {
        if (type.isPrimitive()) {
            return true;
        }
        if (type.isArray()) {
            return allows(type.getComponentType());
        }
        String name = type.getName();
        if (allowed.contains(name) || prefixes.stream().anyMatch(name::startsWith)) {
            return true;
        }
        if (isEnumConstantBody(type)) {
            return allows(type.getSuperclass()); // a constant with a body of its own travels as its enum does
        }
        if (isRecord(type) || isSharedObjectClass(type)) {
            admit(type);
            return true;
        }
        return false;
    }

    /**
     * A class of the program's shared objects: allowed with what its fields need, as a generated
     * record is, for its state may reach a member before any job that holds one does (a published
     * object's, or every replica's for a member that joins), and nothing else would allow it there.
     */
    private static boolean isSharedObjectClass(Class<?> type) {
        return type != satin.SharedObject.class && satin.SharedObject.class.isAssignableFrom(type)
                && !Modifier.isAbstract(type.getModifiers());
    }

    /**
     * The class a peer named, loaded without running its initialiser, if it is allowed.
     *
     * @throws NotAllowedException naming the class otherwise
     * @throws com.esotericsoftware.kryo.KryoException for a name that is null: bad bytes
     */
    public Class<?> resolve(String name) {
        if (name == null) { // found by fuzzing, where a job names its record and where Kryo names a class
            throw new com.esotericsoftware.kryo.KryoException("a class named by no name");
        }
        String element = name;
        while (element.startsWith("[")) {
            element = element.substring(1);
        }
        // an array's name is [Lcom.acme.Point; whatever package its element's is in
        String elementClass = element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1)
                : null;
        boolean known = named(name) || RECORD_NAME.matcher(name).matches() || element.length() == 1
                || (elementClass != null && named(elementClass)) || nestedInNamed(name);
        if (!known) {
            Class<?> shared = sharedObjectClass(name);
            if (shared != null) {
                return shared;
            }
            throw new NotAllowedException(elementClass != null ? elementClass : name, null);
        }
        Class<?> type;
        try {
            type = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new NotAllowedException(name, "it cannot be found here");
        }
        if (!allows(type)) {
            throw new NotAllowedException(name, RECORD_NAME.matcher(name).matches()
                    ? "it is named like a spawn record but was not generated by the rewriter" : null);
        }
        return type;
    }

    /** A class of the program's shared objects that a peer named, loaded without running its initialiser; else null. */
    private Class<?> sharedObjectClass(String name) {
        try {
            Class<?> type = Class.forName(name, false, loader);
            return isSharedObjectClass(type) && allows(type) ? type : null;
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /** Whether the program or the JDK's list names this class, itself or by its package. */
    private boolean named(String className) {
        return allowed.contains(className) || prefixes.stream().anyMatch(className::startsWith);
    }

    /**
     * An anonymous class of an allowed class ({@code Shape$1}): loaded, without its initialiser,
     * to see whether it is the body of an allowed enum's constant; anything else is refused.
     */
    private boolean nestedInNamed(String className) {
        int dollar = className.lastIndexOf('$');
        return dollar > 0 && dollar < className.length() - 1
                && className.substring(dollar + 1).chars().allMatch(Character::isDigit)
                && named(className.substring(0, dollar));
    }

    private static boolean isEnumConstantBody(Class<?> type) {
        return !type.isEnum() && type.getSuperclass() != null && type.getSuperclass().isEnum();
    }

    private static boolean isRecord(Class<?> type) {
        return InvocationRecord.class.isAssignableFrom(type) && type.isAnnotationPresent(Rewritten.class);
    }

    /**
     * Adds a class and, transitively, the declared types of its instance fields (JDK internals
     * excepted). Jobs are decoded on several threads at once, and one that finds the root allowed
     * goes on to name its fields' classes: so the closure is found first and published root last.
     */
    private void admit(Class<?> root) {
        Set<String> closure = new LinkedHashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (c.isPrimitive() || c.isInterface() || c == Object.class || c.getName().startsWith("java.")
                    || allowed.contains(c.getName()) || !closure.add(c.getName())) {
                continue;
            }
            for (Class<?> k = c; k != null && k != Object.class && k != InvocationRecord.class; k = k.getSuperclass()) {
                closure.add(k.getName());
                for (Field f : k.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers())) {
                        todo.push(f.getType());
                    }
                }
            }
        }
        List<String> rootLast = new ArrayList<>(closure);
        Collections.reverse(rootLast);
        allowed.addAll(rootLast);
    }

    /** A class that may not travel between nodes, named. */
    public static final class NotAllowedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotAllowedException(String name, String why) {
            super("class " + name + " may not travel between nodes" + (why == null ? "" : ": " + why)
                    + "; allow it with -Dsatin.allow=" + name);
        }

        NotAllowedException(String message) {
            super(message);
        }
    }
}
