package satin.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.SerializerFactory;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.FieldSerializer;
import com.esotericsoftware.kryo.util.DefaultClassResolver;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.esotericsoftware.kryo.util.Pool;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.objenesis.strategy.StdInstantiatorStrategy;
import satin.RemoteFailure;
import satin.SpawnException;
import satin.runtime.InvocationRecord;

/**
 * Writes a stolen job (its record's class, receiver and arguments) and what it came to (its result
 * or its failure) as bytes, and reads them back on the other node: call by value. Values are
 * written by Kryo, whose class resolver here consults the {@link Allowlist} both ways; a class that
 * may not travel fails the write with Kryo's trace of the field path that led to it.
 *
 * <p>A record's wire form is its own generated class, or for a record-form spawn into an array
 * element the class it extends: the array and the index stay on the owner, which stores the result
 * when it comes back.
 */
public final class JobCodec {

    static {
        // Kryo's field reader wraps whatever a field's read throws, a stack overflow too, in a
        // KryoException and adds a line to its trace, a StringBuffer. Were that the first use of
        // either class in this JVM, it would come at the bottom of an overflowed stack: their
        // initialisation would fail, and the JVM would refuse the class for good (StringBuffer:
        // every log line, and every thread that logs). Here the stack is shallow.
        new KryoException("").addTrace("");
    }

    private final Allowlist allowlist;
    /** A pool member's replicas of shared objects; null outside a pool, where a shared object cannot travel. */
    private final SharedTable shared;
    /**
     * Kryo instances, each used by one thread at a time. Not a thread-local: a Kryo refers back to
     * this codec, so a thread-local's value would keep its own key alive, and every codec made in a
     * JVM (a pool's, a test's, a benchmark's) would stay on every event loop that ever used it.
     */
    private final Pool<Kryo> kryos;
    /** Kryos kept for reuse; more threads than this at once make new ones and drop them after. */
    private static final int MAX_IDLE_KRYOS = 32;
    private final ConcurrentHashMap<Class<?>, Shape> shapes = new ConcurrentHashMap<>();

    public JobCodec(Allowlist allowlist) {
        this(allowlist, null);
    }

    /** A codec whose shared objects travel as ids of the replicas in {@code shared}. */
    public JobCodec(Allowlist allowlist, SharedTable shared) {
        this.allowlist = allowlist;
        this.shared = shared;
        this.kryos = new Pool<>(true, false, MAX_IDLE_KRYOS) {
            @Override
            protected Kryo create() {
                return newKryo();
            }
        };
    }

    /**
     * Writes and reads a small record, a result and a failure once, in a codec of its own: the
     * first job a cold JVM ships otherwise pays some 100 ms for loading and first running the
     * serializer, which a node can spend while it joins instead.
     */
    public static void prime() {
        Allowlist onlyThePrimer = new Allowlist(JobCodec.class.getClassLoader(), null);
        onlyThePrimer.allow(Primer.class);
        JobCodec codec = new JobCodec(onlyThePrimer);
        Primer job = new Primer();
        job.receiver = "primer";
        job.p0 = 1;
        job.p1 = new int[] {2, 3};
        InvocationRecord copy = codec.readJob(codec.writeJob(job));
        ((Primer) copy).result = 4;
        codec.readResult(codec.writeResult(copy), job);
        codec.readFailure(codec.writeFailure(new IllegalStateException("primer", new RuntimeException())));
    }

    /** How a record class keeps its call: receiver and arguments in order, and the result. */
    private record Shape(Class<?> wire, List<Field> call, Field result) {
    }

    public byte[] writeJob(InvocationRecord record) {
        Shape shape = shape(record.getClass());
        if (!allowlist.allows(shape.wire())) {
            throw new Allowlist.NotAllowedException(shape.wire().getName(), "only records the rewriter generated travel");
        }
        Output out = new Output(64, -1);
        out.writeString(shape.wire().getName());
        Kryo kryo = obtain();
        try {
            for (Field f : shape.call()) {
                writeField(kryo, out, record, f);
            }
        } finally {
            release(kryo); // the whole call was one object graph: arguments that share an object share its copy
        }
        return out.toBytes();
    }

    private void writeField(Kryo kryo, Output out, InvocationRecord record, Field f) {
        try {
            kryo.writeClassAndObject(out, f.get(record));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (KryoException | Allowlist.NotAllowedException e) {
            throw refusal(e, f);
        }
    }

    public InvocationRecord readJob(byte[] bytes) {
        Input in = new BoundedInput(bytes);
        Class<?> type = allowlist.resolve(in.readString());
        if (!InvocationRecord.class.isAssignableFrom(type)) {
            throw new Allowlist.NotAllowedException(type.getName(), "a job must be a record");
        }
        Shape shape = shape(type);
        Kryo kryo = obtain();
        try {
            InvocationRecord record = (InvocationRecord) kryo.newInstance(type);
            for (Field f : shape.call()) {
                store(f, record, kryo.readClassAndObject(in));
            }
            return record;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (KryoException | Allowlist.NotAllowedException e) {
            throw refusal(e, null);
        } finally {
            release(kryo);
        }
    }

    /**
     * A value read into a record's field: one of another type (a null for a {@code long}, a string
     * for an {@code int}) is the peer's bad bytes, refused as such, not the reflection's complaint.
     */
    private static void store(Field f, InvocationRecord record, Object value) throws IllegalAccessException {
        try {
            f.set(record, value);
        } catch (IllegalArgumentException e) {
            throw new KryoException(f.getName() + " of " + f.getDeclaringClass().getName() + " is a "
                    + f.getType().getName() + ", and the message holds " + (value == null ? "null" : "a "
                    + value.getClass().getName()) + " for it");
        }
    }

    public byte[] writeResult(InvocationRecord record) {
        Field result = shape(record.getClass()).result();
        Output out = new Output(16, -1);
        Kryo kryo = obtain();
        try {
            kryo.writeClassAndObject(out, result == null ? null : result.get(record));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (KryoException | Allowlist.NotAllowedException e) {
            throw refusal(e, result);
        } finally {
            release(kryo);
        }
        return out.toBytes();
    }

    /** Stores a result that came back into the owner's record. */
    public void readResult(byte[] bytes, InvocationRecord into) {
        Field result = shape(into.getClass()).result();
        Kryo kryo = obtain();
        try {
            Object value = kryo.readClassAndObject(new BoundedInput(bytes));
            if (result != null) {
                store(result, into, value);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (KryoException | Allowlist.NotAllowedException e) {
            throw refusal(e, result);
        } finally {
            release(kryo);
        }
    }

    /** A failure, as data: class name, message, stack trace, cause and suppressed, recursively. */
    public byte[] writeFailure(Throwable failure) {
        Output out = new Output(256, -1);
        failure(out, failure, 0);
        return out.toBytes();
    }

    public Throwable readFailure(byte[] bytes) {
        return failure(new BoundedInput(bytes), 0);
    }

    private void failure(Output out, Throwable t, int depth) {
        out.writeString(t.getClass().getName());
        out.writeString(t.getMessage());
        StackTraceElement[] stack = t.getStackTrace();
        out.writeVarInt(stack.length, true);
        for (StackTraceElement e : stack) {
            out.writeString(e.getClassName());
            out.writeString(e.getMethodName());
            out.writeString(e.getFileName());
            out.writeVarInt(e.getLineNumber() + 2, true);
        }
        Throwable cause = depth < 16 && t.getCause() != t ? t.getCause() : null;
        out.writeBoolean(cause != null);
        if (cause != null) {
            failure(out, cause, depth + 1);
        }
        Throwable[] suppressed = depth < 16 ? t.getSuppressed() : new Throwable[0];
        out.writeVarInt(suppressed.length, true);
        for (Throwable s : suppressed) {
            failure(out, s, depth + 1);
        }
    }

    private Throwable failure(Input in, int depth) {
        if (depth > 16) {
            throw new KryoException("failures nested deeper than 16");
        }
        String className = named(in.readString(), "a failure");
        String message = in.readString();
        int n = in.readVarInt(true);
        if (n < 0 || n > 10_000) {
            throw new KryoException("a stack of " + n + " frames");
        }
        BoundedInput.check(in, n, 4, "a stack"); // a frame's three strings and line take a byte each at least
        StackTraceElement[] stack = new StackTraceElement[n];
        for (int i = 0; i < n; i++) {
            stack[i] = new StackTraceElement(named(in.readString(), "a stack frame"), named(in.readString(),
                    "a stack frame's method"), in.readString(), in.readVarInt(true) - 2);
        }
        Throwable cause = in.readBoolean() ? failure(in, depth + 1) : null;
        int suppressed = in.readVarInt(true);
        List<Throwable> more = new ArrayList<>();
        for (int i = 0; i < suppressed && i < 1000; i++) {
            more.add(failure(in, depth + 1));
        }
        Throwable t = rebuild(className, message, cause);
        t.setStackTrace(stack);
        more.forEach(t::addSuppressed);
        return t;
    }

    /** A name a failure cannot be without: a null one is bad bytes, not a NullPointerException later. */
    private static String named(String name, String what) {
        if (name == null) {
            throw new KryoException(what + " without a name");
        }
        return name;
    }

    /**
     * The same class again, if it is one of Java's own or an allowed one with a (String)
     * constructor; otherwise a {@link RemoteFailure} that names it. No other class is ever built.
     */
    private Throwable rebuild(String className, String message, Throwable cause) {
        if (className.equals(SpawnException.class.getName())) {
            return new SpawnException(message, cause); // a sync failed over there: unwrapped again at this sync
        }
        boolean javaOwn = className.startsWith("java.lang.") || className.startsWith("java.util.")
                || className.startsWith("java.io.");
        try {
            Class<?> type = javaOwn ? Class.forName(className, false, null) : allowlist.resolve(className);
            if (Throwable.class.isAssignableFrom(type) && Modifier.isPublic(type.getModifiers())
                    && !Modifier.isAbstract(type.getModifiers())) {
                Constructor<?> c = type.getConstructor(String.class);
                Throwable t = (Throwable) c.newInstance(message);
                if (t.getCause() == null) {
                    if (cause != null) {
                        t.initCause(cause);
                    }
                    return t;
                }
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // not rebuildable: described instead
        }
        RemoteFailure described = new RemoteFailure(className, message);
        if (cause != null) {
            described.initCause(cause);
        }
        return described;
    }

    /** This thread's Kryo, for the shared objects' messages ({@link SharedCodec}); reset after each message. */
    /** Allows {@code type} and what its fields need, as the declared type of something a message holds. */
    void allow(Class<?> type) {
        allowlist.allow(type);
    }

    /** A Kryo for this thread's one message, to be given back with {@link #release} once it is read or written. */
    Kryo obtain() {
        return kryos.obtain();
    }

    /** Forgets the message's objects (a message is one object graph) and gives the Kryo back. */
    void release(Kryo kryo) {
        kryo.reset();
        kryos.free(kryo);
    }

    private Shape shape(Class<?> type) {
        return shapes.computeIfAbsent(type, JobCodec::shapeOf);
    }

    private static Shape shapeOf(Class<?> type) {
        Class<?> wire = type;
        while (wire.getSuperclass() != InvocationRecord.class) {
            wire = wire.getSuperclass();
            if (wire == null || wire == Object.class) {
                throw new IllegalArgumentException(type.getName() + " is not a generated record");
            }
        }
        List<Field> call = new ArrayList<>();
        Field result = null;
        for (Field f : wire.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            if (f.getName().equals("receiver") || f.getName().matches("p\\d+")) {
                f.setAccessible(true);
                call.add(f);
            } else if (f.getName().equals("result")) {
                f.setAccessible(true);
                result = f;
            }
        }
        call.sort(Comparator.comparing(f -> f.getName().equals("receiver") ? -1 : Integer.parseInt(f.getName().substring(1))));
        return new Shape(wire, List.copyOf(call), result);
    }

    private Kryo newKryo() {
        Kryo kryo = new Kryo(new DefaultClassResolver() {
            @Override
            public Registration registerImplicit(Class type) {
                if (!allowlist.allows(type)) {
                    throw new Allowlist.NotAllowedException(type.getName(), null);
                }
                return super.registerImplicit(type);
            }

            @Override
            protected Class getTypeByName(String className) {
                Class<?> known = super.getTypeByName(className);
                return known != null ? known : allowlist.resolve(className);
            }
        }, null);
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        kryo.setAutoReset(false); // a job's fields are one graph; the codec resets after each message
        // Kryo skips synthetic fields by default: an inner class's outer object (this$0) and a local
        // or anonymous class's captured values (val$x) would arrive null or zero
        FieldSerializer.FieldSerializerConfig fields = new FieldSerializer.FieldSerializerConfig();
        fields.setIgnoreSyntheticFields(false);
        kryo.setDefaultSerializer(new SerializerFactory.FieldSerializerFactory(fields));
        CollectionCodecs.register(kryo);
        NumberCodecs.register(kryo);
        kryo.addDefaultSerializer(satin.SharedObject.class, new SharedObjectSerializer(shared));
        return kryo;
    }

    /**
     * A refusal that names the class and the path to it: the record's field (receiver, parameter
     * or result), then the fields inside, from Kryo's "serialization trace". Other Kryo errors
     * (bad bytes) pass through as they are.
     */
    static RuntimeException refusal(RuntimeException e, Field recordField) {
        Throwable t = e;
        while (t.getCause() != null && !(t instanceof Allowlist.NotAllowedException)) {
            t = t.getCause();
        }
        if (!(t instanceof Allowlist.NotAllowedException)) {
            return e;
        }
        String trace = e == t || e.getMessage() == null ? "" : e.getMessage();
        int at = trace.indexOf("Serialization trace:");
        List<String> path = new ArrayList<>();
        if (at >= 0) {
            for (String step : trace.substring(at + "Serialization trace:".length()).trim().split("\\s*\\n\\s*")) {
                path.add(step);
            }
        }
        if (recordField != null) {
            path.add(recordField.getName() + " of " + recordField.getDeclaringClass().getName());
        }
        String message = t.getMessage();
        if (message.contains(" (field path")) {
            return (RuntimeException) t; // already named at a deeper level
        }
        return path.isEmpty() ? (RuntimeException) t : new Allowlist.NotAllowedException(message
                + " (field path, innermost first: " + String.join(" < ", path) + ")");
    }
}
