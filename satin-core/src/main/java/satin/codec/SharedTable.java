package satin.codec;

import java.util.function.Supplier;
import satin.SharedObject;

/**
 * A node's replicas of shared objects, as the codec sees them: a shared object travels as its id
 * and its state at some point of its order of writes, and the receiving node uses its own replica.
 */
public interface SharedTable {

    /** The object's id, making it a replica the first time it leaves this node. Called holding its lock. */
    long export(SharedObject object);

    /**
     * Whether the object travels as its id alone: the master sends its state to every member
     * ({@link satin.Published}). Called holding its lock, after {@link #export}.
     */
    boolean published(SharedObject object);

    /** How many ordered writes the object's state holds. Called holding its lock. */
    long sequence(SharedObject object);

    /** This node's replica of {@code id}; if there is none yet, {@code fresh}'s object becomes it. */
    SharedObject replica(long id, Class<?> type, Supplier<SharedObject> fresh);

    /** A state of the replica after {@code sequence} writes arrived: {@code install} runs if it is newer than the replica's. */
    void offer(SharedObject replica, long sequence, Runnable install);
}
