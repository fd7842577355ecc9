package satin.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The one line that names a failed static initializer, on its first use and on every later one. */
class InitializerFailureTest {

    static final class Fails {
        static final int VALUE = fail();

        private static int fail() {
            throw new IllegalStateException("boom");
        }
    }

    private static final int LINE = 16; // the throw above

    @Test
    void theFirstAndEveryLaterUseNameTheClassTheCauseAndWhere() {
        String expected = "the static initializer of " + Fails.class.getName()
                + " threw java.lang.IllegalStateException: boom at InitializerFailureTest.java:" + LINE;
        Throwable first = assertThrows(ExceptionInInitializerError.class, () -> System.out.println(Fails.VALUE));
        assertEquals(expected, InitializerFailure.describe(first));
        Throwable later = assertThrows(NoClassDefFoundError.class, () -> System.out.println(Fails.VALUE));
        assertEquals(expected, InitializerFailure.describe(later));
        assertEquals(expected, InitializerFailure.describe(new RuntimeException("wrapped", later)));
    }

    @Test
    void anotherFailureIsNoInitializers() {
        assertNull(InitializerFailure.describe(new IllegalStateException("main threw")));
        assertNull(InitializerFailure.describe(new NoClassDefFoundError("a/Missing")));
    }
}
