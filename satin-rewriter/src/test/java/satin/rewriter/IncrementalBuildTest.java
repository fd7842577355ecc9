package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;

/**
 * A class that an earlier rewriter rewrote survives an incremental build when its source did not
 * change. The Maven plugin must not leave it with the older code: it rewrites it again from the
 * original it kept, or refuses it by name.
 */
class IncrementalBuildTest {

    private static final String CLASS_FILE = "satin/hazards/InPlace.class";

    @TempDir
    Path temp;

    @Test
    void aClassRewrittenByAnotherRewriterIsRewrittenAgainFromItsOriginal() throws Exception {
        Path classes = compiled();
        Path originals = temp.resolve("originals");
        assertEquals(1, Batch.rewriteDirectory(classes, classPath(), originals).classesRewritten());
        byte[] current = Files.readAllBytes(classes.resolve(CLASS_FILE));
        assertEquals(Bytecode.VERSION, Hierarchy.rewrittenBy(current));

        assertEquals(0, Batch.rewriteDirectory(classes, classPath(), originals).classesRewritten(),
                "a class this rewriter marked is left as it is");

        Files.write(classes.resolve(CLASS_FILE), markedBy(current, "0.1.0"));
        Batch.Report again = Batch.rewriteDirectory(classes, classPath(), originals);
        assertFalse(again.failed(), again.problems().toString());
        assertEquals(1, again.classesRewritten());
        assertArrayEquals(current, Files.readAllBytes(classes.resolve(CLASS_FILE)));
    }

    @Test
    void withoutTheOriginalItIsRefusedByName() throws Exception {
        Path classes = compiled();
        Batch.rewriteDirectory(classes, classPath(), null);
        Path file = classes.resolve(CLASS_FILE);
        byte[] older = markedBy(Files.readAllBytes(file), "0.1.0");
        Files.write(file, older);

        Batch.Report report = Batch.rewriteDirectory(classes, classPath(), null);
        assertTrue(report.failed());
        String message = report.problems().get(0).toString();
        assertTrue(message.startsWith(file + ": satin.hazards.InPlace: was rewritten by satin rewriter 0.1.0"), message);
        assertTrue(message.contains("mvn clean"), message);
        assertArrayEquals(older, Files.readAllBytes(file), "nothing is written when a class is refused");
    }

    @Test
    void generatedRecordClassesAreKnownByTheirNames() {
        assertTrue(RecordClasses.isGenerated("a/B$$Spawn0.class"));
        assertTrue(RecordClasses.isGenerated("a/B$$Spawn2$Site13.class"), "a record-form array site's own record");
        assertFalse(RecordClasses.isGenerated("a/B$Spawn0.class"));
        assertFalse(RecordClasses.isGenerated("a/B$$Spawn0$Inner.class"));
    }

    /** A directory holding the un-rewritten class, as the compiler leaves it. */
    private Path compiled() throws IOException {
        Path classes = temp.resolve("classes");
        Path target = classes.resolve(CLASS_FILE);
        Files.createDirectories(target.getParent());
        try (var in = IncrementalBuildTest.class.getClassLoader().getResourceAsStream(CLASS_FILE)) {
            Files.write(target, in.readAllBytes());
        }
        return classes;
    }

    private static List<Path> classPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
    }

    /** The same class with its mark saying another rewriter wrote it. */
    private static byte[] markedBy(byte[] classFile, String version) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        for (AnnotationNode a : cn.visibleAnnotations) {
            if (a.desc.equals(RuntimeCalls.REWRITTEN)) {
                a.values = List.of("value", version);
            }
        }
        ClassWriter w = new ClassWriter(0);
        cn.accept(w);
        return w.toByteArray();
    }
}
