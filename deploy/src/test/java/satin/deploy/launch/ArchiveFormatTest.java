package satin.deploy.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which archive a java gets, by the release file of its JDK: the AOT cache from JDK 25 on (decision 0049). */
class ArchiveFormatTest {

    @TempDir
    Path dir;

    /** A JDK of {@code bin/java} (an empty file) and a release file saying {@code release}, if not null. */
    private String jdk(String name, String release) throws Exception {
        Path home = Files.createDirectories(dir.resolve(name));
        Path java = Files.createFile(Files.createDirectories(home.resolve("bin")).resolve("java"));
        if (release != null) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Eclipse Adoptium\"\n" + release + "\nOS_NAME=\"Linux\"\n");
        }
        return java.toString();
    }

    @Test
    void aJdkFrom25OnGetsTheAheadOfTimeCacheAndAnEarlierOneTheClassDataArchive() throws Exception {
        assertEquals(ArchiveFormat.AOT_CACHE, ArchiveFormat.of(jdk("25", "JAVA_VERSION=\"25.0.3\"")));
        assertEquals(ArchiveFormat.AOT_CACHE, ArchiveFormat.of(jdk("26", "JAVA_VERSION=\"26\"")));
        assertEquals(ArchiveFormat.CLASS_DATA, ArchiveFormat.of(jdk("24", "JAVA_VERSION=\"24.0.2\"")),
                "JDK 24 has the cache but neither one-step training nor profiles");
        assertEquals(ArchiveFormat.CLASS_DATA, ArchiveFormat.of(jdk("17", "JAVA_VERSION=\"17.0.15\"")));
        assertEquals(ArchiveFormat.CLASS_DATA, ArchiveFormat.of(jdk("8", "JAVA_VERSION=\"1.8.0_402\"")));
    }

    @Test
    void aJavaWhoseVersionCannotBeReadGetsTheClassDataArchive() throws Exception {
        assertEquals(ArchiveFormat.CLASS_DATA, ArchiveFormat.of(jdk("none", null)));
        assertEquals(ArchiveFormat.CLASS_DATA, ArchiveFormat.of(jdk("garbled", "JAVA_VERSION=twenty-five")));
        assertEquals(ArchiveFormat.CLASS_DATA, ArchiveFormat.of(dir.resolve("absent/bin/java").toString()));
    }

    /** The link a package manager makes ({@code /usr/bin/java}) leads to the JDK whose release file counts. */
    @Test
    void aLinkToJavaIsFollowedToItsJdk() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("java"), Path.of(jdk("linked", "JAVA_VERSION=\"25.0.1\"")));
        assertEquals(ArchiveFormat.AOT_CACHE, ArchiveFormat.of(link.toString()));
    }

    @Test
    void theInstalledJdksAreTold() {
        assertEquals(Runtime.version().feature() >= 25 ? ArchiveFormat.AOT_CACHE : ArchiveFormat.CLASS_DATA,
                ArchiveFormat.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
        assumeTrue(Files.isExecutable(jdk25), "no JDK 25 at " + jdk25);
        assertEquals(ArchiveFormat.AOT_CACHE, ArchiveFormat.of(jdk25.toString()));
    }
}
