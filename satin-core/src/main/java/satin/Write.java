package satin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method of a {@link SharedObject} that changes it: rewritten, every call is applied on
 * every node's replica of the object, in one order that all replicas share; every other method
 * reads the local replica, which may lag behind.
 *
 * <p>A write returns {@code void}, depends only on the object's state and its arguments (which must
 * be able to travel, as a stolen job's do), and spawns nothing: each replica runs it for itself.
 * Without bytecode rewriting the annotation changes nothing: the call is a plain call.
 *
 * <p>Retained at run time so that a replica can check that a write a peer names is one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Write {
}
