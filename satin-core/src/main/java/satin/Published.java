package satin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link SharedObject} class whose objects, once they leave the master, the master sends
 * to every node itself, with each later write, rather than with every job that carries one: a job
 * then carries only which object it is. Made for data an iterative program publishes once per
 * round (a vector, a set of centres) and that many jobs read.
 *
 * <p>The price: a job may reach a node before the object's state does, or before the last write
 * its spawner made, and then sees an older state (a fresh object, before the first). A method that
 * needs a state must say so with a guard, {@code boolean guard_NAME(...)} beside the
 * {@code @Spawnable NAME(...)}, which the job waits for. Objects of such a class made on another
 * node than the master travel with their state, as any shared object does.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Published {
}
