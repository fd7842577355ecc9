package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Every construct that cannot be given Satin's semantics is refused with a message that names
 * the source file and line, the class and the method, and says what is wrong; nothing is written.
 */
class DiagnosticsTest {

    private static byte[] bytes(String name) throws IOException {
        try (InputStream in = DiagnosticsTest.class.getClassLoader().getResourceAsStream(name + ".class")) {
            return in.readAllBytes();
        }
    }

    private static List<Problem> problems(byte[] classFile) {
        Rewriter.Result r = new Rewriter(ClassFinder.of(DiagnosticsTest.class.getClassLoader())).rewrite(classFile);
        assertNull(r.rewritten(), "a class with problems is not rewritten");
        return r.problems();
    }

    private static List<Problem> wrong() throws IOException {
        return problems(bytes("satin/diagnostics/Wrong"));
    }

    private static Problem in(List<Problem> problems, String method) {
        List<Problem> found = problems.stream().filter(p -> p.methodName().equals(method)).toList();
        assertEquals(1, found.size(), "one problem in " + method + ": " + problems.stream().map(Problem::toString)
                .collect(Collectors.joining("\n")));
        return found.get(0);
    }

    private static void assertProblem(Problem p, int line, String... parts) {
        String text = p.toString();
        assertTrue(text.startsWith("Wrong.java:" + line + ": satin.diagnostics.Wrong." + p.method() + ": "), text);
        for (String part : parts) {
            assertTrue(text.contains(part), "'" + text + "' should say '" + part + "'");
        }
    }

    @Test
    void aSpawnUsedInsideAnExpression() throws IOException {
        assertProblem(in(wrong(), "fib"), 17, "fib(int)", "is used inside an expression");
        assertProblem(in(wrong(), "argument"), 64, "is used inside an expression");
    }

    @Test
    void aSpawnInsideAConditionalExpression() throws IOException {
        assertProblem(in(wrong(), "conditional"), 57, "conditional expression");
    }

    @Test
    void aTargetReadOrWrittenBeforeTheSync() throws IOException {
        assertProblem(in(wrong(), "readEarly"), 23, "local variable x is read before the sync()", "line 22");
        assertProblem(in(wrong(), "writeEarly"), 31, "local variable x is assigned before the sync()");
    }

    @Test
    void aSpawnInALoopIntoALocalOrAField() throws IOException {
        assertProblem(in(wrong(), "loopIntoLocal"), 40, "in a loop stores into local variable x",
                "store into an array element instead");
        assertProblem(in(wrong(), "loopIntoField"), 49, "in a loop stores into field total");
    }

    @Test
    void twoSpawnsIntoOneTarget() throws IOException {
        assertProblem(in(wrong(), "twiceIntoOneLocal"), 72, "local variable x receives the results of two spawns");
        // two spawns into one field are delivered in program order (LastWriteWinsHazardTest): no problem
        assertTrue(wrong().stream().noneMatch(p -> p.method().equals("twiceIntoOneStaticField")));
    }

    @Test
    void aSynchronizedMethodAndAConstructorCannotSpawn() throws IOException {
        assertProblem(in(wrong(), "locked"), 87, "a synchronized method cannot spawn");
        Problem constructor = in(wrong(), "<init>");
        assertTrue(constructor.toString().contains("Wrong.java:105") && constructor.toString().contains(
                "Wrong.constructor(int)") && constructor.toString().contains("spawning in a constructor"),
                constructor.toString());
    }

    @Test
    void aSpawnInsideASynchronizedBlock() throws IOException {
        assertProblem(in(wrong(), "lockedBlock"), 98, "is inside a synchronized block");
    }

    @Test
    void anInterfaceMethodCannotSpawnYet() throws IOException {
        List<Problem> problems = problems(bytes("satin/diagnostics/Wrong$Defaulted"));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).toString().startsWith("Wrong.java:113: satin.diagnostics.Wrong$Defaulted.twice(int)"),
                problems.get(0).toString());
        assertTrue(problems.get(0).message().contains("interface"), problems.get(0).toString());
    }

    /**
     * A handler of a checked exception a spawned method declares, around its spawn but not its
     * sync: the sequential program's handler catches the call's exception, but a spawn's failure
     * reaches its sync, outside the handler. Around both, the handler sees it (CatchAroundSpawns).
     */
    @Test
    void aHandlerOfTheCheckedExceptionASpawnThrowsAroundTheSpawnOnly() throws IOException {
        List<Problem> problems = problems(bytes("satin/diagnostics/CaughtByType"));
        assertEquals(2, problems.size(), problems.toString());
        assertEquals("CaughtByType.java:24: satin.diagnostics.CaughtByType.caughtAroundTheSpawnOnly(int): catch "
                + "(IOException) around the spawn of load(int) but not around its sync() would never see the "
                + "IOException it throws: a spawned call's failure reaches sync() as a satin.SpawnException whose "
                + "cause is that exception; put the sync() inside the same try, or catch SpawnException there and "
                + "look at its cause", problems.get(0).toString());
        assertTrue(problems.get(1).toString().startsWith("CaughtByType.java:36: satin.diagnostics.CaughtByType"
                + ".caughtBySubtypeAroundTheSpawnOnly(int): catch (FileNotFoundException) around the spawn of "
                + "load(int) but not around its sync() would never see the IOException it throws"),
                problems.get(1).toString());
    }

    @Test
    void aSpawnableConstructorIsRefused() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "satin/diagnostics/Made", null, "java/lang/Object", null);
        cw.visitSource("Made.java", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitAnnotation("Lsatin/Spawnable;", true).visitEnd();
        mv.visitCode();
        org.objectweb.asm.Label l = new org.objectweb.asm.Label();
        mv.visitLabel(l);
        mv.visitLineNumber(3, l);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        List<Problem> problems = problems(cw.toByteArray());
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("Made.java:3: satin.diagnostics.Made.constructor(): a constructor cannot be @Spawnable: there is "
                + "no caller to give the new object to before sync(); spawn a method that builds it instead",
                problems.get(0).toString());
    }

    @Test
    void withoutDebugInformationTheMessageSaysSoInsteadOfALineOrAName() throws IOException {
        ClassWriter stripped = new ClassWriter(0);
        new ClassReader(bytes("satin/diagnostics/Wrong")).accept(stripped, ClassReader.SKIP_DEBUG);
        List<Problem> problems = problems(stripped.toByteArray());
        Problem p = in(problems, "readEarly");
        assertTrue(p.toString().startsWith("?:(no line: compiled without -g, line numbers unknown): "
                + "satin.diagnostics.Wrong.readEarly(int): local variable #"), p.toString());
        assertTrue(p.toString().contains("(no local variable names: compiled without -g)"), p.toString());
        assertEquals(problems.size(), wrong().size(), "the same problems are found without debug information");
    }
}
