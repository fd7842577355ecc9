package satin.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.SerializerFactory;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * How the JDK collections, maps and object arrays of the allowlist travel: a size, then the
 * elements. Kryo's own serializers size a collection by the count they read before they read the
 * elements, which a forged count turns into a huge allocation; these check the count against the
 * bytes left first ({@link BoundedInput#check}). Each is registered for its exact class, so a
 * program's subclass of, say, {@code ArrayList} is never read back as a plain one.
 */
final class CollectionCodecs {

    private CollectionCodecs() {
    }

    static void register(Kryo kryo) {
        collection(kryo, ArrayList.class, false, ArrayList::new, null);
        collection(kryo, LinkedList.class, false, size -> new LinkedList<>(), null);
        collection(kryo, ArrayDeque.class, false, ArrayDeque::new, null);
        collection(kryo, HashSet.class, true, size -> new HashSet<>(capacity(size)), null);
        collection(kryo, LinkedHashSet.class, true, size -> new LinkedHashSet<>(capacity(size)), null);
        collection(kryo, Arrays.asList().getClass(), false, ArrayList::new, list -> Arrays.asList(list.toArray()));
        for (Class<?> type : classesOf(List.of(), List.of(1), List.of(1, 2, 3))) {
            collection(kryo, type, false, ArrayList::new, list -> List.of(list.toArray()));
        }
        for (Class<?> type : classesOf(Set.of(), Set.of(1), Set.of(1, 2, 3))) {
            collection(kryo, type, true, ArrayList::new, list -> Set.of(list.toArray()));
        }
        collection(kryo, Collections.emptyList().getClass(), false, ArrayList::new, list -> Collections.emptyList());
        collection(kryo, Collections.emptySet().getClass(), false, ArrayList::new, list -> Collections.emptySet());
        kryo.register(TreeSet.class, new SortedSet());
        map(kryo, HashMap.class, size -> new HashMap<>(capacity(size)), null);
        map(kryo, LinkedHashMap.class, size -> new LinkedHashMap<>(capacity(size)), null);
        for (Class<?> type : classesOf(Map.of(), Map.of(1, 1), Map.of(1, 1, 2, 2))) {
            map(kryo, type, HashMap::new, Map::copyOf);
        }
        map(kryo, Collections.emptyMap().getClass(), HashMap::new, m -> Collections.emptyMap());
        kryo.register(TreeMap.class, new SortedMap());
        kryo.addDefaultSerializer(String[].class, counted((k, t) -> new DefaultArraySerializers.StringArraySerializer()));
        kryo.addDefaultSerializer(Object[].class, counted(DefaultArraySerializers.ObjectArraySerializer::new));
        // Kryo's boolean[] reader allocates its count itself, not through the input's readBooleans
        kryo.addDefaultSerializer(boolean[].class, counted((k, t) -> new DefaultArraySerializers.BooleanArraySerializer()));
    }

    /** The distinct classes of some instances: the JDK's immutable collections come in a few. */
    private static Set<Class<?>> classesOf(Object... instances) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        for (Object o : instances) {
            classes.add(o.getClass());
        }
        return classes;
    }

    private static int capacity(int size) {
        return (int) Math.min(1 << 30, size * 4L / 3 + 1);
    }

    /**
     * @param hashed whether its elements are hashed on the way in (a set), and so must be charged ({@link HashWork})
     * @param finish what the elements, read into the created collection, become; null: the collection itself
     */
    private static void collection(Kryo kryo, Class<?> type, boolean hashed, IntFunction<Collection<Object>> create,
            Function<Collection<Object>, Object> finish) {
        kryo.register(type, new Sequence(hashed, create, finish));
    }

    private static void map(Kryo kryo, Class<?> type, IntFunction<Map<Object, Object>> create,
            Function<Map<Object, Object>, Object> finish) {
        kryo.register(type, new Pairs(create, finish));
    }

    private static int readSize(Input in, int bytesEach, String what) {
        int size = in.readVarInt(true);
        BoundedInput.check(in, size, bytesEach, what);
        return size;
    }

    /** A collection as its size and elements; read into a fresh one, then finished (made immutable, say). */
    private static final class Sequence extends Serializer<Object> {
        private final boolean hashed;
        private final IntFunction<Collection<Object>> create;
        private final Function<Collection<Object>, Object> finish;

        Sequence(boolean hashed, IntFunction<Collection<Object>> create, Function<Collection<Object>, Object> finish) {
            this.hashed = hashed;
            this.create = create;
            this.finish = finish;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void write(Kryo kryo, Output out, Object value) {
            Collection<Object> c = (Collection<Object>) value;
            out.writeVarInt(c.size(), true);
            for (Object e : c) {
                kryo.writeClassAndObject(out, e);
            }
        }

        @Override
        public Object read(Kryo kryo, Input in, Class<? extends Object> type) {
            int size = readSize(in, 1, "a collection");
            Collection<Object> c = create.apply(size);
            if (finish == null) {
                kryo.reference(c); // an element may refer back to its collection
            }
            HashWork.Table charged = hashed ? HashWork.of(kryo, in).table("a " + type.getName()) : null;
            for (int i = 0; i < size; i++) {
                Object e = kryo.readClassAndObject(in);
                if (charged != null) {
                    charged.add(e);
                }
                try {
                    c.add(e);
                } catch (NullPointerException x) {
                    if (e != null) {
                        throw x; // an element's own hashCode, say: not a null of the message
                    }
                    throw cannotHold(type, x); // an ArrayDeque holds no null
                }
            }
            return finish == null ? c : finished(finish, c, type);
        }
    }

    /** A map as its size and its keys and values. */
    private static final class Pairs extends Serializer<Object> {
        private final IntFunction<Map<Object, Object>> create;
        private final Function<Map<Object, Object>, Object> finish;

        Pairs(IntFunction<Map<Object, Object>> create, Function<Map<Object, Object>, Object> finish) {
            this.create = create;
            this.finish = finish;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void write(Kryo kryo, Output out, Object value) {
            Map<Object, Object> m = (Map<Object, Object>) value;
            out.writeVarInt(m.size(), true);
            writeEntries(kryo, out, m);
        }

        @Override
        public Object read(Kryo kryo, Input in, Class<? extends Object> type) {
            int size = readSize(in, 2, "a map");
            Map<Object, Object> m = create.apply(size);
            if (finish == null) {
                kryo.reference(m);
            }
            readEntries(kryo, in, m, size, HashWork.of(kryo, in).table("a " + type.getName()));
            return finish == null ? m : finished(finish, m, type);
        }
    }

    /**
     * The immutable collection the elements read become: one holds no null, and a set or a map no
     * element or key twice, which a message may hold all the same; the peer's bad bytes.
     */
    private static <C> Object finished(Function<C, Object> finish, C read, Class<?> type) {
        try {
            return finish.apply(read);
        } catch (NullPointerException | IllegalArgumentException e) {
            throw cannotHold(type, e);
        }
    }

    private static KryoException cannotHold(Class<?> type, RuntimeException e) {
        return new KryoException("a " + type.getName() + " cannot hold what the message holds (" + e + ")");
    }

    private static void writeEntries(Kryo kryo, Output out, Map<Object, Object> m) {
        for (Map.Entry<Object, Object> e : m.entrySet()) {
            kryo.writeClassAndObject(out, e.getKey());
            kryo.writeClassAndObject(out, e.getValue());
        }
    }

    /** @param keys charges hashing each key, or null for a sorted map, whose keys are charged as compared */
    private static void readEntries(Kryo kryo, Input in, Map<Object, Object> m, int size, HashWork.Table keys) {
        for (int i = 0; i < size; i++) {
            Object key = kryo.readClassAndObject(in);
            Object value = kryo.readClassAndObject(in);
            if (keys != null) {
                keys.add(key);
                m.put(key, value);
            } else {
                HashWork.of(kryo, in).sorted(key, m.size(), "a sorted map");
                compared(() -> m.put(key, value), "a sorted map");
            }
        }
    }

    /**
     * Puts an element into a sorted collection, which compares it with those in it: a message may
     * hold elements that do not compare (a string beside an integer, a null), which Java's
     * comparisons throw about as a ClassCastException or a NullPointerException: the peer's bad bytes.
     */
    private static void compared(Runnable put, String what) {
        try {
            put.run();
        } catch (ClassCastException | NullPointerException e) {
            throw new KryoException(what + " whose elements cannot be compared (" + e.getMessage() + ")");
        }
    }

    /** A sorted collection's comparator: null (natural order) or a Comparator, and a message may hold anything there. */
    @SuppressWarnings("unchecked")
    private static Comparator<Object> comparator(Kryo kryo, Input in, String what) {
        Object c = kryo.readClassAndObject(in);
        if (c != null && !(c instanceof Comparator)) {
            throw new KryoException(what + " whose comparator is a " + c.getClass().getName());
        }
        return (Comparator<Object>) c;
    }

    /** A sorted set, with its comparator (null: natural order), which must itself be allowed to travel. */
    private static final class SortedSet extends Serializer<TreeSet<Object>> {
        @Override
        public void write(Kryo kryo, Output out, TreeSet<Object> set) {
            kryo.writeClassAndObject(out, set.comparator());
            out.writeVarInt(set.size(), true);
            for (Object e : set) {
                kryo.writeClassAndObject(out, e);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public TreeSet<Object> read(Kryo kryo, Input in, Class<? extends TreeSet<Object>> type) {
            TreeSet<Object> set = new TreeSet<>(comparator(kryo, in, "a sorted set"));
            int size = readSize(in, 1, "a sorted set");
            kryo.reference(set);
            for (int i = 0; i < size; i++) {
                Object e = kryo.readClassAndObject(in);
                HashWork.of(kryo, in).sorted(e, set.size(), "a sorted set");
                compared(() -> set.add(e), "a sorted set");
            }
            return set;
        }
    }

    /** A sorted map, with its comparator. */
    private static final class SortedMap extends Serializer<TreeMap<Object, Object>> {
        @Override
        public void write(Kryo kryo, Output out, TreeMap<Object, Object> m) {
            kryo.writeClassAndObject(out, m.comparator());
            out.writeVarInt(m.size(), true);
            writeEntries(kryo, out, m);
        }

        @Override
        @SuppressWarnings("unchecked")
        public TreeMap<Object, Object> read(Kryo kryo, Input in, Class<? extends TreeMap<Object, Object>> type) {
            TreeMap<Object, Object> m = new TreeMap<>(comparator(kryo, in, "a sorted map"));
            int size = readSize(in, 2, "a sorted map");
            kryo.reference(m);
            readEntries(kryo, in, m, size, null);
            return m;
        }
    }

    /**
     * Kryo's array serializers, with the element count that comes first checked before they
     * allocate the array.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static SerializerFactory<Serializer> counted(java.util.function.BiFunction<Kryo, Class, Serializer> make) {
        return new SerializerFactory.BaseSerializerFactory<>() {
            @Override
            public Serializer newSerializer(Kryo kryo, Class type) {
                Serializer inner = make.apply(kryo, type);
                return new Serializer<Object>() {
                    @Override
                    public void write(Kryo k, Output out, Object value) {
                        inner.write(k, out, value);
                    }

                    @Override
                    public Object read(Kryo k, Input in, Class<? extends Object> t) {
                        int start = in.position();
                        int countPlusOne = in.readVarInt(true);
                        in.setPosition(start);
                        BoundedInput.check(in, countPlusOne - 1L, 1, "an array");
                        try {
                            return inner.read(k, in, t);
                        } catch (ClassCastException | ArrayStoreException e) {
                            // an element that refers back to an object read before, of another type
                            throw new KryoException("a " + t.getSimpleName() + " holding an element of another type ("
                                    + e.getMessage() + ")");
                        }
                    }
                };
            }
        };
    }
}
