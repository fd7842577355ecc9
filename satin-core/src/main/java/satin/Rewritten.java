package satin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The mark the rewriter leaves on every class it rewrote or generated: a marked class is never
 * rewritten again, so build-time and load-time rewriting compose.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Rewritten {

    /** The version of the rewriter that wrote the class. */
    String value();
}
