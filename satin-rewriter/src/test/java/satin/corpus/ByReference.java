package satin.corpus;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A case (or every case of a class) that relies on its spawns sharing objects with their caller
 * (a counter they count in, a latch they wait on, an array they write into) or that passes objects
 * which may not travel: by-value mode copies those, so it runs with its arguments shared only.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface ByReference {

    /** What is shared, or what may not travel. */
    String value();
}
