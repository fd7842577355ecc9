package satin.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.function.Function;
import satin.SharedObject;

/**
 * The bytes of the shared objects' messages: a write's call (method and arguments) and a shared
 * object's state for a member that joins, written and read by a pool member's {@link JobCodec},
 * through its allowlist and its bounded reading, so that a peer's write builds nothing a stolen
 * job could not.
 */
public final class SharedCodec {

    private final JobCodec codec;

    public SharedCodec(JobCodec codec) {
        this.codec = codec;
    }

    /**
     * A write's call: the method (name and descriptor), who asked for it ({@code origin}, a member,
     * and {@code request}, that member's count of its requests, 0 for the master's own) and the
     * arguments, which travel as a job's do.
     */
    public record Call(String method, int origin, long request, Object[] args) {
    }

    /** Who asked for a write, readable from a call whose arguments do not decode. */
    public record Asker(int origin, long request) {
    }

    /** The longest name and descriptor of a write method a peer may send. */
    static final int MAX_METHOD = 1024;

    public byte[] writeCall(String method, int origin, long request, Object[] args) {
        Output out = new Output(32, -1);
        out.writeString(method);
        out.writeVarInt(origin, true);
        out.writeVarLong(request, true);
        out.writeVarInt(args.length, true);
        return writeValues(out, args);
    }

    /**
     * Allows a write's declared parameter types, and what their fields need, as a record's fields'
     * are: a member may write or apply a write before any job brought it an argument's class.
     */
    public void allow(Class<?>[] parameterTypes) {
        for (Class<?> type : parameterTypes) {
            codec.allow(type);
        }
    }

    /** @throws KryoException or {@link Allowlist.NotAllowedException} for bytes that are not an allowed call */
    public Call readCall(byte[] bytes) {
        return readCall(bytes, method -> new Class<?>[0]);
    }

    /**
     * A call of a write whose parameters' declared types {@code parameters} gives for the method's
     * name and descriptor: those are allowed ({@link #allow}) before the arguments are read.
     *
     * @throws KryoException or {@link Allowlist.NotAllowedException} for bytes that are not an allowed
     *     call; what {@code parameters} throws for a method that is no write
     */
    public Call readCall(byte[] bytes, Function<String, Class<?>[]> parameters) {
        Input in = new BoundedInput(bytes);
        String method = readMethod(in);
        allow(parameters.apply(method));
        Asker asker = readAsker(in);
        int n = in.readVarInt(true);
        if (n < 0 || n > 255) {
            throw new KryoException("a write of " + n + " arguments");
        }
        return new Call(method, asker.origin(), asker.request(), readValues(in, n));
    }

    /** Who asked for the call, without reading its arguments. @throws KryoException for bytes that do not say */
    public Asker readAsker(byte[] bytes) {
        Input in = new BoundedInput(bytes);
        readMethod(in);
        return readAsker(in);
    }

    private static String readMethod(Input in) {
        String method = in.readString();
        if (method == null || method.length() > MAX_METHOD) {
            throw new KryoException("a write that names no method, or one longer than " + MAX_METHOD);
        }
        return method;
    }

    private static Asker readAsker(Input in) {
        int origin = in.readVarInt(true);
        long request = in.readVarLong(true);
        if (origin < 0 || request < 0) {
            throw new KryoException("a write asked for by member " + origin + " as its request " + request);
        }
        return new Asker(origin, request);
    }

    /** A shared object alone: its id, sequence and state, for a member that joins. */
    public byte[] writeShared(SharedObject object) {
        Kryo kryo = codec.obtain();
        try {
            kryo.getGraphContext().put(SharedObjectSerializer.WHOLE, Boolean.TRUE); // the state itself, even of a published object
            Output out = new Output(64, -1);
            kryo.writeClassAndObject(out, object);
            return out.toBytes();
        } catch (KryoException | Allowlist.NotAllowedException e) {
            throw JobCodec.refusal(e, null);
        } finally {
            codec.release(kryo);
        }
    }

    /** This node's replica of the object, brought up to the state the bytes hold. */
    public SharedObject readShared(byte[] bytes) {
        Object o = readValues(new BoundedInput(bytes), 1)[0];
        if (!(o instanceof SharedObject s)) {
            throw new KryoException("a shared object's state that holds a " + (o == null ? "null" : o.getClass().getName()));
        }
        return s;
    }

    private byte[] writeValues(Output out, Object[] values) {
        Kryo kryo = codec.obtain();
        try {
            for (Object v : values) {
                kryo.writeClassAndObject(out, v);
            }
        } catch (KryoException | Allowlist.NotAllowedException e) {
            throw JobCodec.refusal(e, null);
        } finally {
            codec.release(kryo);
        }
        return out.toBytes();
    }

    private Object[] readValues(Input in, int n) {
        Kryo kryo = codec.obtain();
        Object[] values = new Object[n];
        try {
            for (int i = 0; i < n; i++) {
                values[i] = kryo.readClassAndObject(in);
            }
        } catch (KryoException | Allowlist.NotAllowedException e) {
            throw JobCodec.refusal(e, null);
        } finally {
            codec.release(kryo);
        }
        return values;
    }

}
