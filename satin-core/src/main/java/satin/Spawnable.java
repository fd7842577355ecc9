package satin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method whose every call is a <em>spawn</em>: the call may run in parallel with its
 * caller, on this machine or on another one, and its result is defined only after the caller's
 * next {@code sync()}.
 *
 * <p>Without bytecode rewriting the annotation changes nothing: the call is a plain call, and the
 * class is the sequential program. Parameters are passed by reference when the spawn runs locally
 * and by value when it is stolen by another machine; a program must not rely on either.
 *
 * <p>Retained at run time so that the runtime can recognise a spawning class that was never
 * rewritten.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Spawnable {
}
