package satin.runtime;

/**
 * One spawned call: the receiver and arguments of a call to a spawnable method, where its result
 * goes, and the {@link Frame} of the invocation that spawned it.
 *
 * <p>The rewriter generates one subclass per spawnable method. {@link #invoke()} makes the call
 * and keeps the result in a typed field of the subclass; {@link #deliver()} then stores it where
 * the program named it, when that is not a local variable:
 * <ul>
 * <li>a local variable: the rewritten code copies the result out of the record after
 *     {@code sync()}, because no other code can write a method's locals;</li>
 * <li>an array element ({@code res[i] = f(i)} in a loop): the record holds the array and the
 *     index, evaluated at the spawn as the sequential program evaluates them, and stores the
 *     result as soon as it is known;</li>
 * <li>a field: the record holds the object (none for a static field) and stores into it;</li>
 * <li>a discarded result or a void method: nothing to deliver.</li>
 * </ul>
 * Storing early is allowed because results are undefined until the sync; the runtime makes every
 * store visible to the spawning invocation by the time its sync returns.
 */
public abstract class InvocationRecord {

    /** The spawning invocation; set by {@link Frame#spawn}. */
    Frame frame;

    protected InvocationRecord() {
    }

    /** Makes the call with the recorded receiver and arguments, and keeps its result. */
    protected abstract void invoke() throws Throwable;

    /** Stores the result into its array element or field target; locals and discards need nothing. */
    protected void deliver() {
    }
}
