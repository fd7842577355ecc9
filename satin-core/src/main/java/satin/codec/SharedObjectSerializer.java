package satin.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import satin.SharedObject;

/**
 * A shared object on the wire: its id, how many ordered writes its state holds, and that state
 * (its fields, through the same allowlist as everything else). The receiver does not build a copy
 * for the job: it uses its replica of that id, created from this state if it has none, and brought
 * up to this state if it lags behind. Without a table (a codec outside a pool: by-value copies,
 * recorded spawn trees) there are no replicas to stand for it, and it is copied like any value:
 * writes made to the copy stay in the copy. A {@link satin.Published} object the master exported
 * travels without its state: every member gets that from the master.
 */
final class SharedObjectSerializer extends Serializer<SharedObject> {

    private static final ConcurrentHashMap<Class<?>, List<Field>> STATES = new ConcurrentHashMap<>();
    /** In a Kryo's graph context: write every object's state, published or not (a state for a member that joins). */
    static final Object WHOLE = new Object();

    private final SharedTable table;

    SharedObjectSerializer(SharedTable table) {
        this.table = table;
    }

    @Override
    public void write(Kryo kryo, Output out, SharedObject object) {
        List<Field> fields = state(object.getClass());
        Object[] values = new Object[fields.size()];
        long id;
        long sequence;
        boolean published;
        synchronized (object) { // the state of one point in the order of writes, not half of two
            id = table == null ? 0 : table.export(object);
            sequence = table == null ? 0 : table.sequence(object);
            published = table != null && !kryo.getGraphContext().containsKey(WHOLE) && table.published(object);
            if (!published) {
                for (int i = 0; i < values.length; i++) {
                    values[i] = get(fields.get(i), object);
                }
            }
        }
        out.writeVarLong(id, true);
        out.writeVarLong(sequence, true);
        out.writeBoolean(published);
        if (!published) {
            for (Object v : values) {
                kryo.writeClassAndObject(out, v);
            }
        }
    }

    @Override
    public SharedObject read(Kryo kryo, Input in, Class<? extends SharedObject> type) {
        long id = in.readVarLong(true);
        long sequence = in.readVarLong(true);
        boolean published = in.readBoolean();
        if (published && table == null) {
            throw new KryoException("shared object " + id + " comes without its state, and there are no replicas here");
        }
        SharedObject replica = table == null ? kryo.newInstance(type) : table.replica(id, type, () -> kryo.newInstance(type));
        if (replica.getClass() != type) {
            throw new KryoException("shared object " + id + " is a " + replica.getClass().getName()
                    + " here, not the " + type.getName() + " the message says");
        }
        kryo.reference(replica);
        if (published) {
            return replica; // its state comes from the master; a job that needs one waits in its guard
        }
        List<Field> fields = state(type);
        Object[] values = new Object[fields.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = kryo.readClassAndObject(in);
        }
        if (table == null) {
            install(fields, replica, values);
        } else {
            table.offer(replica, sequence, () -> install(fields, replica, values));
        }
        return replica;
    }

    private static void install(List<Field> fields, SharedObject replica, Object[] values) {
        for (int i = 0; i < values.length; i++) {
            Field f = fields.get(i);
            try {
                f.set(replica, values[i]);
            } catch (IllegalArgumentException e) {
                throw new KryoException(f.getName() + " of " + f.getDeclaringClass().getName() + " is a "
                        + f.getType().getName() + ", and the message holds something else for it");
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static Object get(Field f, Object o) {
        try {
            return f.get(o);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The fields that make a shared object's state: its classes' own, down to SharedObject, but no static or transient one. */
    static List<Field> state(Class<?> type) {
        return STATES.computeIfAbsent(type, t -> {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = t; c != SharedObject.class && c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    int m = f.getModifiers();
                    if (!Modifier.isStatic(m) && !Modifier.isTransient(m)) {
                        f.setAccessible(true);
                        fields.add(f);
                    }
                }
            }
            return List.copyOf(fields);
        });
    }
}
