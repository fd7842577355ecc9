package satin.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import satin.config.Settings;

/**
 * The hashing and comparing that building one message's hash-based and sorted collections may
 * cost, counted before it is done and refused past a budget that grows with the message's size.
 *
 * <p>Why: a collection's hash code walks its elements, and theirs, without caching. Elements that
 * share their children (a back-reference costs two bytes) make that walk exponential in the
 * nesting: 782 bytes of nested {@code HashSet}s froze a node's event loop for ever. Elements with
 * equal hash codes make every insertion compare against all the others: quadratic. So before an
 * element goes into such a collection, its <em>weight</em> is charged: the number of objects its
 * hash code or equality may visit, counted as if shared objects were copies (memoized, so counting
 * is linear in the distinct objects), times the elements with the same hash code already in that
 * collection (the equality checks), times the depth of a sorted collection (the comparisons).
 *
 * <p>What may be visited is read conservatively: everything reachable through fields, except from
 * objects whose class keeps {@code Object}'s identity hash code, and from strings, boxes and other
 * JDK values that hash by their own bounded state. A cycle counts once: a hash code that really
 * followed it would overflow the stack, which the decoder already turns into a refusal.
 */
public final class HashWork {

    /** Steps every message may take, however small. */
    static final long BASE = 1L << 20;
    static final String PROPERTY = Settings.DECODE_WORK_PER_BYTE.name();
    /** Steps a message may take per byte of it ({@value #PROPERTY}, default 32); -1 if the setting is bad. */
    static final long PER_BYTE = parse(System.getProperty(PROPERTY));

    private static final Object KEY = new Object();
    private static final long IN_PROGRESS = -1;
    private static final Map<Class<?>, List<Field>> FIELDS = new ConcurrentHashMap<>();
    private static final Map<Class<?>, Boolean> IDENTITY_HASHED = new ConcurrentHashMap<>();

    private final long budget;
    private long spent;
    private final IdentityHashMap<Object, Long> weights = new IdentityHashMap<>();
    private final IdentityHashMap<Object, Boolean> endless = new IdentityHashMap<>();

    /** The setting's value, or -1 if it is not a number from 1 to 2^20. */
    static long parse(String value) {
        String v = value == null ? Settings.DECODE_WORK_PER_BYTE.defaultValue() : value;
        return Settings.DECODE_WORK_PER_BYTE.problem(v) == null ? Long.parseLong(v.trim()) : -1;
    }

    /** Refuses a bad setting when a node starts, by name, rather than at the first set it reads. */
    public static void checkSetting() {
        if (PER_BYTE < 0) {
            String value = String.valueOf(System.getProperty(PROPERTY));
            throw new IllegalArgumentException(Settings.DECODE_WORK_PER_BYTE.problem(value));
        }
    }

    private HashWork(long budget) {
        this.budget = budget;
    }

    /** The counter of the message {@code kryo} is reading now: kept in its graph context, which each message's reset clears. */
    @SuppressWarnings("unchecked")
    static HashWork of(Kryo kryo, Input in) {
        HashWork w = (HashWork) kryo.getGraphContext().get(KEY);
        if (w == null) {
            w = new HashWork(BASE + PER_BYTE * Math.max(0, in.limit()));
            kryo.getGraphContext().put(KEY, w);
        }
        return w;
    }

    /** What one hash-based collection being read has seen: its elements, by hash code. */
    final class Table {
        private final String what;
        private final Map<Integer, List<Object>> sameHash = new HashMap<>();

        private Table(String what) {
            this.what = what;
        }

        /**
         * Charges putting {@code element} (a key, for a map) in; refuses it past the budget, or if
         * its hash code, or its equality with an element of the same hash code, would never end.
         * That element was checked when it went in, but it may have come to hold itself since
         * (through a collection still being read then): found by fuzzing, 47 bytes of nested sets
         * whose equality check hashed such an element for ever, and grew the JVM by gigabytes on the
         * deep decoder's stack.
         */
        void add(Object element) {
            long weight = weight(element);
            charge(weight, what);
            refuseIfEndless(element);
            if (element == null) {
                return;
            }
            List<Object> same = sameHash.computeIfAbsent(element.hashCode(), h -> new ArrayList<>(1));
            for (Object other : same) {
                charge(weight(other), what);
                refuseIfEndless(other); // an equality check walks its elements' hash codes
            }
            charge(saturatedProduct(weight, same.size()), what);
            same.add(element);
        }

        private void refuseIfEndless(Object element) {
            if (hashesForever(element)) {
                throw new KryoException(what + " whose element holds itself, so that its hash code never ends; refused");
            }
        }
    }

    Table table(String what) {
        return new Table(what);
    }

    /** Charges putting {@code element} into a sorted collection of {@code size} elements. */
    void sorted(Object element, int size, String what) {
        charge(saturatedProduct(weight(element), 64 - Long.numberOfLeadingZeros(size)), what);
    }

    private void charge(long steps, String what) {
        spent = spent + steps < 0 ? Long.MAX_VALUE : spent + steps;
        if (spent > budget) {
            throw new KryoException(what + " whose elements would take more than " + budget
                    + " steps of hashing or comparing to insert (shared or colliding elements); refused"
                    + " (the budget is " + BASE + " + " + PER_BYTE + " per byte of the message: -D" + PROPERTY + ")");
        }
    }

    private static long saturatedProduct(long a, long b) {
        return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }

    /** How many objects a hash code or equality of {@code o} may visit, shared ones counted each time. */
    long weight(Object o) {
        if (o == null || leaf(o.getClass())) {
            return 1;
        }
        if (o.getClass().isArray() && o.getClass().getComponentType().isPrimitive()) {
            return 1L + Array.getLength(o); // hashed element by element, if at all
        }
        Long known = weights.get(o);
        if (known != null) {
            return known == IN_PROGRESS ? 0 : known;
        }
        weights.put(o, IN_PROGRESS);
        long w = 1;
        for (Object part : parts(o)) {
            w += weight(part);
            if (w < 0) {
                w = Long.MAX_VALUE;
                break;
            }
        }
        weights.put(o, w);
        return w;
    }

    /**
     * Whether {@code o} is a JDK collection or map that holds itself, directly or through other JDK
     * collections and maps, or holds one that does: its hash code recurses for ever. Found by
     * fuzzing: on the event loop's stack that overflowed, and on the deep decoder's 1 GiB stack it
     * took minutes and tens of gigabytes before it did. One walk is linear in the collections it
     * reaches, which the weight charged for the element already counts.
     */
    boolean hashesForever(Object o) {
        return hashesForever(o, new IdentityHashMap<>());
    }

    /**
     * @param walked this walk's collections: in it, true while being walked (coming back is a
     *     cycle), false when done without finding one. Only "endless" outlives a walk: a collection
     *     still being read gains elements, and one that did not hold itself may come to.
     */
    private boolean hashesForever(Object o, IdentityHashMap<Object, Boolean> walked) {
        if (!hashesItsElements(o)) {
            return false;
        }
        if (endless.containsKey(o)) {
            return true;
        }
        Boolean known = walked.get(o);
        if (known != null) {
            return known;
        }
        walked.put(o, Boolean.TRUE);
        for (Object part : parts(o)) {
            if (hashesForever(part, walked)) {
                endless.put(o, Boolean.TRUE);
                return true;
            }
        }
        walked.put(o, Boolean.FALSE);
        return false;
    }

    /** The JDK's lists, sets and maps hash their elements; an IdentityHashMap does not. */
    private static boolean hashesItsElements(Object o) {
        return (o instanceof Collection<?> || o instanceof Map<?, ?>) && o.getClass().getName().startsWith("java.util.")
                && !(o instanceof IdentityHashMap<?, ?>);
    }

    private static Iterable<?> parts(Object o) {
        if (o instanceof Collection<?> c) {
            return c;
        }
        if (o instanceof Map<?, ?> m) {
            List<Object> kv = new ArrayList<>(2 * m.size());
            m.forEach((k, v) -> {
                kv.add(k);
                kv.add(v);
            });
            return kv;
        }
        Class<?> type = o.getClass();
        if (type.isArray()) {
            return Arrays.asList((Object[]) o);
        }
        if (identityHashed(type)) {
            return List.of();
        }
        List<Object> values = new ArrayList<>();
        for (Field f : fields(type)) {
            try {
                values.add(f.get(o));
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return values;
    }

    /** Values of JDK classes whose hash codes read only a bounded state of their own (or cache it). */
    private static boolean leaf(Class<?> type) {
        return type == String.class || type.isEnum() || Number.class.isAssignableFrom(type) && type.getName().startsWith("java.")
                || type == Boolean.class || type == Character.class || type == Class.class;
    }

    private static boolean identityHashed(Class<?> type) {
        return IDENTITY_HASHED.computeIfAbsent(type, t -> {
            try {
                return t.getMethod("hashCode").getDeclaringClass() == Object.class && !t.isRecord();
            } catch (NoSuchMethodException e) {
                return false;
            }
        });
    }

    private static List<Field> fields(Class<?> type) {
        return FIELDS.computeIfAbsent(type, t -> {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = t; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive() && f.trySetAccessible()) {
                        fields.add(f);
                    }
                }
            }
            return List.copyOf(fields);
        });
    }
}
