package satin.apps.synthetic;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The synthetic tree's arguments are checked as every application's are, before a pool starts:
 * each wrong one named with its parameter and its value, and none that overflows into a tree
 * whose leaves wait for no time at all or that can never end.
 */
class SyntheticTreeArgumentsTest {

    private static void assertRefused(String named, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SyntheticTree.checkArguments(args),
                String.join(" ", args));
        assertTrue(e.getMessage().contains(named), named + ": " + e.getMessage());
    }

    @Test
    void eachWrongArgumentIsNamed() {
        assertRefused("FAN-OUT must be an integer from 1", "x", "2", "100");
        assertRefused("DEPTH must be an integer from 0", "2", "-1", "100");
        assertRefused("LEAF-MICROS must be an integer from 0 to 3600000000, not '9999999999999999'", "2", "2",
                "9999999999999999");
        assertRefused("IRREGULARITY must be a number from 0.0 to 1.0, not '7'", "2", "2", "100", "7");
        assertRefused("PAYLOAD-BYTES must be an integer from 0", "2", "2", "100", "0.5", "-1");
        assertRefused("2^100 leaves", "2", "100", "1");
        assertRefused("expected FAN-OUT DEPTH LEAF-MICROS [IRREGULARITY [PAYLOAD-BYTES]] [--no-wait]", "2", "2", "1", "0",
                "1", "extra");
    }

    @Test
    void whatTheExamplesUseIsTaken() {
        assertDoesNotThrow(() -> SyntheticTree.checkArguments("4", "6", "40000"));
        assertDoesNotThrow(() -> SyntheticTree.checkArguments("4", "7", "40000", "0.5", "100"));
        assertDoesNotThrow(() -> SyntheticTree.checkArguments("3", "3", "2000", "--no-wait"));
        assertDoesNotThrow(() -> SyntheticTree.checkArguments());
    }
}
