package satin.lb;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A test class that needs deques offering every job, which a JVM decides once from
 * {@code -Dsatin.stealChunk=half}: satin-core's pom runs the classes tagged so, and only them, in a
 * JVM of their own. The tag, not a name pattern, keeps them apart, for {@code -Dtest=} overrides
 * surefire's name patterns in every execution but not its tags: a class named alone then runs in
 * the JVM the full build runs it in, not in both.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag(StealHalfJvm.TAG)
@EnabledIfSystemProperty(named = StealChunk.PROPERTY, matches = "half")
public @interface StealHalfJvm {
    String TAG = "steal-half-jvm";
}
