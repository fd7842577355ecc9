package satin;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * An object replicated on every node of a pool, in the spirit of RepMI (Maassen, Kielmann and Bal,
 * Parallel Application Experience with Replicated Method Invocation, 2001) and of Satin++'s shared
 * objects (Wrzesinska, Maassen, Verstoep and Bal, e-Science 2006). Its {@link Write} methods are
 * applied on every replica in one total order; its other methods read the local replica, which may
 * not have seen the latest writes yet. A spawn that passes a shared object (or whose receiver holds
 * one) does not copy it when stolen: the thief's job uses the thief's replica.
 *
 * <p>As written, without the rewriter, a subclass is a plain object and its writes plain calls:
 * the sequential program. Rewritten, each write method is synchronized and starts by asking
 * {@link #satin$forwards()}: while the object has never left its node the answer is no and the
 * write runs at once (a lock is all it costs); once it has, the call goes to the pool, which
 * orders it and applies it to every replica, this one included.
 */
public abstract class SharedObject {

    /** Where writes go once the object has left its node; null while it is a plain local object. */
    private transient volatile Replication replication;
    /** Set, under the object's lock, while a replica applies an ordered write: the body then runs. */
    private transient boolean applying;

    /** The pool side of a replicated object: it orders a write and applies it on every replica. */
    public interface Replication {
        /** Hands over a call of the write {@code method} (name and descriptor) with these arguments. */
        void write(SharedObject object, String method, Object[] args);
    }

    protected SharedObject() {
    }

    /**
     * Whether a write called now goes to the pool rather than running here: rewritten code asks it
     * first thing in every write method, holding the object's lock.
     */
    public final boolean satin$forwards() {
        return replication != null && !applying;
    }

    /** Hands a write to the pool: what rewritten code does when {@link #satin$forwards()} says so. */
    public final void satin$forward(String method, Object[] args) {
        replication.write(this, method, args);
    }

    /** Whether the object is replicated (it has left its node, or arrived from another). */
    public final boolean satin$replicated() {
        return replication != null;
    }

    /** Makes the object a replica whose writes go to {@code to}; the runtime's, once per object. */
    public final void satin$replicate(Replication to) {
        replication = to;
    }

    /**
     * Applies an ordered write to this replica: runs the method's body, under the object's lock,
     * with forwarding off, so that the rewritten method does what the class as written does.
     *
     * @throws IllegalStateException wrapping whatever the write threw
     */
    public final void satin$apply(Method write, Object[] args) {
        synchronized (this) {
            boolean outer = applying;
            applying = true;
            try {
                write.invoke(this, args);
            } catch (InvocationTargetException e) {
                throw new IllegalStateException("the write " + write + " threw " + e.getCause(), e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            } finally {
                applying = outer;
            }
        }
    }
}
