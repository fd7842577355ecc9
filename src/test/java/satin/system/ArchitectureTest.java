package satin.system;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rules of the project's structure that a reader relies on, checked on the main classes of
 * every module: packages form layers (no two packages depend on each other, however indirectly),
 * so that each package can be read knowing only those below it.
 */
class ArchitectureTest {

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar")) // a module's test jar
                .importPackages("satin");
        assertTrue(main.contain("satin.runtime.Worker"), "the runtime's classes were found");
        assertTrue(main.contain("satin.deploy.Main"), "the deploy tool's classes were found");
        assertFalse(main.contain(ArchitectureTest.class), "this module's test classes are not imported");
        assertFalse(main.contain("satin.pool.PoolTest"), "another module's test jar is not imported");
    }

    @Test
    void noPackageCycles() {
        slices().matching("(satin..)").namingSlices("$1")
                .should().beFreeOfCycles()
                .check(main);
    }

    /** The simulator models workloads through its own interface; which application is which is the deploy tool's. */
    @Test
    void theSimulatorKnowsNoApplication() {
        noClasses().that().resideInAPackage("satin.sim..")
                .should().dependOnClassesThat().resideInAPackage("satin.apps..")
                .check(main);
    }
}
