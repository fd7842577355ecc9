package satin.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.esotericsoftware.kryo.KryoException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import satin.Rewritten;
import satin.SpawnException;
import satin.runtime.InvocationRecord;
import satin.testing.Seeds;
import satin.testing.UntrustedInput;

/**
 * Fuzz targets for the job and result codec with its allowlist, read as a thief reads a stolen
 * job and an owner a result or a failure ({@link Decoding#decode}, as in satin.steal): a value, or a
 * refusal of the codec's own (Kryo's for bad bytes, the allowlist's for a class, the decoder's for
 * what not even a deep stack holds), never another throwable, a hang or an allocation out of
 * proportion to the message.
 */
@Tag("fuzz")
class CodecFuzzTest {

    /** A record in the generated shape whose arguments can hold anything that may travel. */
    @Rewritten("by hand, for the fuzz targets")
    static class Mixed$$Spawn0 extends InvocationRecord {
        Node receiver;
        Object p0;
        int[] p1;
        List<Object> p2;
        Map<Object, Object> p3;
        String p4;
        long p5;
        Object result;

        @Override
        protected void invoke() {
            result = p0;
        }
    }

    /** A program's own class, reached through a declared field type: allowed without being named. */
    static final class Node {
        Object value;
        Node next;
        Shape shape;

        Node(Object value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    enum Shape {
        SQUARE, ROUND {
            @Override
            public String toString() {
                return "round";
            }
        }
    }

    /** An exception of the program's own with a (String) constructor: rebuilt when allowed. */
    public static final class ProgramFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public ProgramFailure(String message) {
            super(message);
        }
    }

    /** The thief's codec, allowing the program's failure as {@code -Dsatin.allow} would. */
    private static final JobCodec CODEC = new JobCodec(new Allowlist(CodecFuzzTest.class.getClassLoader(),
            ProgramFailure.class.getName()));
    /** A Kryo, its tables and one message's objects; a message's objects grow with its bytes. */
    private static final UntrustedInput.Bound BOUND = new UntrustedInput.Bound(16 << 20, 256);

    @FuzzTest
    void job(byte[] message) throws Throwable {
        UntrustedInput.read(message.length, BOUND, () -> Decoding.decode("a fuzzed job", () -> CODEC.readJob(message)),
                KryoException.class, Allowlist.NotAllowedException.class, Decoding.Undecodable.class);
    }

    @FuzzTest
    void result(byte[] message) throws Throwable {
        UntrustedInput.read(message.length, BOUND, () -> Decoding.decode("a fuzzed result", () -> {
            CODEC.readResult(message, new Mixed$$Spawn0());
            return null;
        }), KryoException.class, Allowlist.NotAllowedException.class, Decoding.Undecodable.class);
    }

    @FuzzTest
    void failure(byte[] message) throws Throwable {
        UntrustedInput.read(message.length, BOUND, () -> Decoding.decode("a fuzzed failure", () -> CODEC.readFailure(message)),
                KryoException.class, Allowlist.NotAllowedException.class, Decoding.Undecodable.class);
    }

    /**
     * Found by fuzzing: a job whose message held null for its {@code long} argument escaped the
     * codec as reflection's IllegalArgumentException, which a thief passed on as the reason of its
     * refusal. It is the codec's refusal now, naming the field.
     */
    @Test
    void aValueOfAnotherTypeThanItsFieldIsRefusedByTheCodec() throws Throwable {
        KryoException e = refusal("job", "crash-8a200af172c2f6939786eaaf701c17eddd1d868a");
        assertEquals("p5 of " + Mixed$$Spawn0.class.getName()
                + " is a long, and the message holds null for it", e.getMessage());
    }

    /**
     * Found by fuzzing: a sorted set of a string and an integer escaped the codec as Java's
     * ClassCastException, which an owner took for the failure of the call itself.
     */
    @Test
    void elementsThatDoNotCompareAreRefusedByTheCodec() throws Throwable {
        KryoException e = refusal("result", "crash-2225aa52bfcf3a14267bdd4738519808e61036b8");
        assertTrue(e.getMessage().startsWith("a sorted set whose elements cannot be compared"), e.getMessage());
    }

    /** Found by fuzzing: a failure claiming a negative number of stack frames escaped as a NegativeArraySizeException. */
    @Test
    void aNegativeStackIsRefusedByTheCodec() throws Throwable {
        KryoException e = refusal("failure", "crash-9801b2a80aacf534b02d246aafe609e0a41a67ff");
        assertTrue(e.getMessage().matches("a stack of -\\d+ frames"), e.getMessage());
    }

    /**
     * Found by fuzzing: a job whose immutable map held a null key escaped the codec as
     * {@code Map.copyOf}'s NullPointerException. An immutable collection holding null, or a set or a
     * map holding an element or a key twice, is the codec's refusal now, naming the collection.
     */
    @Test
    void anImmutableCollectionOfNullOrRepeatedElementsIsRefusedByTheCodec() throws Throwable {
        KryoException e = refusal("job", "crash-f1b8c58b09fb988633d510a48184b68f32f05747");
        assertTrue(e.getMessage().contains("cannot hold what the message holds"), e.getMessage());
    }

    /**
     * Found by fuzzing, in a job and in a result: an ArrayDeque holding null escaped the codec as the
     * deque's NullPointerException; it is the codec's refusal now, naming the deque.
     */
    @Test
    void aDequeHoldingNullIsRefusedByTheCodec() throws Throwable {
        for (KryoException e : List.of(refusal("job", "crash-4e2890200860c83c659eaf2d66e6160d302e31b5"),
                refusal("result", "crash-e7cc520ce2265d666d142a2918077ab934afd890"))) {
            assertTrue(e.getMessage().startsWith("a java.util.ArrayDeque cannot hold"), e.getMessage());
        }
    }

    /**
     * Found by fuzzing, in a job and in a result: a sorted set whose comparator was another object
     * (a program's node, a Float) escaped the codec as a ClassCastException; a sorted set's or map's
     * comparator that is no Comparator is the codec's refusal now.
     */
    @Test
    void aComparatorThatIsNoComparatorIsRefusedByTheCodec() throws Throwable {
        assertEquals("a sorted set whose comparator is a " + Node.class.getName(),
                refusal("job", "crash-ab52e4ff3c0393fbc37a742427838120fa79b8e1").getMessage());
        KryoException e = refusal("result", "crash-43895aecfd88ad788496afd2fc39bf5c55483625");
        assertEquals("a sorted set whose comparator is a java.lang.Float", e.getMessage());
    }

    /**
     * Found by fuzzing: a String[] whose element referred back to a program's node read before
     * escaped the codec as Kryo's ClassCastException; an array holding an element of another type
     * than its own is the codec's refusal now.
     */
    @Test
    void anArrayHoldingAnElementOfAnotherTypeIsRefusedByTheCodec() throws Throwable {
        KryoException e = refusal("job", "crash-35d5b524312c820ba4ffcdfed2b3da56fb7e8d24");
        assertTrue(e.getMessage().contains("String[] holding an element of another type"), e.getMessage());
    }

    /**
     * Found by fuzzing (a timeout, and a JVM the kernel killed at 22 GB): a set whose element is a
     * collection holding itself hashed for ever; the stack overflowed, and again on the deep
     * decoder's 1 GiB stack only after minutes and tens of gigabytes. It is refused before hashing.
     */
    @Test
    void aSetWhoseElementHoldsItselfIsRefusedBeforeItIsHashed() throws Throwable {
        KryoException e = refusal("result", "timeout-99b41a256f960217774b9e47969a795f463fd83b");
        assertTrue(e.getMessage().contains("whose element holds itself"), e.getMessage());
    }

    /**
     * Found by fuzzing: a boolean[] claiming 2^31 and more elements escaped the codec as a
     * NegativeArraySizeException (and a smaller claim allocated it): Kryo's boolean[] reader sizes
     * the array itself. Its count is now checked against the bytes left, as other arrays' are.
     */
    @Test
    void aBooleanArrayLongerThanItsMessageIsRefusedByTheCodec() throws Throwable {
        KryoException e = refusal("job", "crash-3eaedff9bb51e8edb870948d7859fcdcbcf90a30");
        assertTrue(e.getMessage().startsWith("an array of -"), e.getMessage());
    }

    /**
     * Found by fuzzing (oom, 47 bytes): a set that came to hold itself after it went into another
     * set, which a later element with the same hash code was compared with: the equality check
     * hashed its elements for ever, and on the deep decoder's 1 GiB stack the JVM grew by
     * gigabytes. The elements already there are checked too now.
     */
    @Test
    void aSetThatComesToHoldItselfIsRefusedBeforeAnEqualityCheck() throws Throwable {
        KryoException e = refusal("result", "oom-9c372ea07a6d6b647892ddba182660b6c429a0e7");
        assertTrue(e.getMessage().contains("whose element holds itself"), e.getMessage());
    }

    /**
     * Found by fuzzing, once the set above no longer hid it: a BigInteger of zero bytes escaped the
     * codec as the JDK's NumberFormatException ("Zero length BigInteger").
     */
    @Test
    void aNumberOfNoBytesIsRefusedByTheCodec() throws Throwable {
        KryoException e = refusal("job", "crash-4282c748399827989ddaa4cd0b0051bb11ce5be4");
        assertTrue(e.getMessage().startsWith("a java.math.BigInteger that is no number"), e.getMessage());
    }

    /**
     * Found by fuzzing, as the one above: a class named by a null string escaped as the allowlist's
     * NullPointerException, where Kryo names an element's class and where a job names its record.
     */
    @Test
    void aClassWithoutANameIsRefusedByTheCodec() throws Throwable {
        assertEquals("a class named by no name", refusal("result", "crash-ce059320b40452a9a46a44905fec4acf4f3b6d08")
                .getMessage());
        assertEquals("a class named by no name", refusal("job", "crash-dea20fbde8f3726fb383a8bbd87f85287549f98d")
                .getMessage());
    }

    /**
     * Found by fuzzing: a BigDecimal whose unscaled value claimed a negative count of bytes escaped
     * as Kryo's IllegalArgumentException, and one of another count as its IllegalStateException.
     */
    @Test
    void aBigDecimalOfABadLengthIsRefusedByTheCodec() throws Throwable {
        for (String input : List.of("crash-269f4a08644e48b3c84a312fcf74a7c46396613b",
                "crash-9f8fc2a3ad104032150ac0eee1ca5eb5b16974a0")) {
            KryoException e = refusal("result", input);
            assertTrue(e.getMessage().startsWith("a java.math.BigDecimal that is no number"), e.getMessage());
        }
    }

    /**
     * Found by fuzzing: a failure whose ASCII string ran past the message's end escaped the codec as
     * Kryo's StringIndexOutOfBoundsException; a string cut short is the codec's refusal now.
     */
    @Test
    void aStringCutShortIsRefusedByTheCodec() throws Throwable {
        KryoException e = refusal("failure", "crash-1eacfe48007a674f9e28c06c1675c4116fe548b9");
        assertTrue(e.getMessage().startsWith("a string cut short"), e.getMessage());
    }

    /** A failure without a class name, or a stack frame without one, is bad bytes: not a NullPointerException. */
    @Test
    void aFailureWithoutANameIsRefusedByTheCodec() {
        com.esotericsoftware.kryo.io.Output out = new com.esotericsoftware.kryo.io.Output(64);
        out.writeString(null);
        assertEquals("a failure without a name",
                assertThrows(KryoException.class, () -> CODEC.readFailure(out.toBytes())).getMessage());
        out.reset();
        out.writeString("java.lang.IllegalStateException");
        out.writeString("no");
        out.writeVarInt(1, true);
        out.writeString(null);
        out.writeString("m");
        out.writeString("F.java");
        out.writeVarInt(3, true);
        assertEquals("a stack frame without a name",
                assertThrows(KryoException.class, () -> CODEC.readFailure(out.toBytes())).getMessage());
    }

    /** The codec's refusal of an input of {@code method}'s corpus, read as that target reads it. */
    private static KryoException refusal(String method, String name) throws Throwable {
        return refusal(method, Seeds.corpus(CodecFuzzTest.class, method).resolve(name));
    }

    private static KryoException refusal(String method, java.nio.file.Path file) throws Throwable {
        byte[] input = java.nio.file.Files.readAllBytes(file);
        return assertThrows(KryoException.class, () -> UntrustedInput.read(input.length, BOUND,
                () -> Decoding.<Object>decode("a " + method, () -> switch (method) {
                    case "job" -> CODEC.readJob(input);
                    case "result" -> {
                        CODEC.readResult(input, new Mixed$$Spawn0());
                        yield null;
                    }
                    default -> CODEC.readFailure(input);
                })));
    }

    /** The seeds: jobs, results and failures as the owner's and the thief's codec write them. */
    @Test
    void theSeedsAreWhatTheCodecWrites() throws Exception {
        Map<String, byte[]> jobs = new LinkedHashMap<>();
        Map<String, byte[]> results = new LinkedHashMap<>();
        Map<String, Object> values = values();
        for (Map.Entry<String, Object> v : values.entrySet()) {
            Mixed$$Spawn0 r = record(v.getValue());
            jobs.put(v.getKey(), CODEC.writeJob(r));
            r.result = v.getValue();
            results.put(v.getKey(), CODEC.writeResult(r));
        }
        Map<String, byte[]> failures = new LinkedHashMap<>();
        failures.put("plain", CODEC.writeFailure(traced(new IllegalStateException("no"))));
        RuntimeException nested = traced(new ProgramFailure("outer"));
        nested.initCause(traced(new ArithmeticException("/ by zero")));
        nested.addSuppressed(traced(new java.io.UncheckedIOException(traced(new java.io.IOException("closing")))));
        failures.put("cause-and-suppressed", CODEC.writeFailure(nested));
        failures.put("spawn", CODEC.writeFailure(traced(new SpawnException("at the sync", traced(new ProgramFailure("inner"))))));
        failures.put("not-rebuilt", CODEC.writeFailure(traced(new KryoException("a stranger's"))));
        Seeds.check(CodecFuzzTest.class, "job", jobs);
        Seeds.check(CodecFuzzTest.class, "result", results);
        Seeds.check(CodecFuzzTest.class, "failure", failures);
    }

    /** A failure with a stack of its own: the test's own depends on how it was started. */
    private static <T extends Throwable> T traced(T t) {
        t.setStackTrace(new StackTraceElement[] {new StackTraceElement("com.acme.Fib", "fib", "Fib.java", 12),
            new StackTraceElement("com.acme.Fib", "main", null, -2)});
        return t;
    }

    private static Mixed$$Spawn0 record(Object value) {
        Mixed$$Spawn0 r = new Mixed$$Spawn0();
        r.receiver = new Node("receiver", new Node(3, null));
        r.receiver.shape = Shape.ROUND;
        r.p0 = value;
        r.p1 = new int[] {1, -2, 300_000};
        r.p2 = new ArrayList<>(List.of("a", 2L, 'c'));
        r.p3 = new HashMap<>(Map.of("k", 1.5, 2, List.of()));
        r.p4 = "grüße";
        r.p5 = Long.MIN_VALUE;
        return r;
    }

    /** One value of each kind the allowlist lets travel, and graphs that share and cycle. */
    private static Map<String, Object> values() {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("null", null);
        v.put("boxes", new Object[] {1, 2L, 3.0, 4f, (short) 5, (byte) 6, 'x', true});
        v.put("big", List.of(new BigInteger("123456789012345678901234567890"), new BigDecimal("-1.25e-7")));
        v.put("arrays", new Object[] {new long[] {1, Long.MAX_VALUE}, new double[] {0.5}, new boolean[] {true},
                new char[] {'q'}, new short[] {7}, new byte[] {1, 2}, new float[] {1f}, new String[] {"s", null},
                new int[][] {{1}, {2, 3}}});
        v.put("collections", List.of(new LinkedList<>(List.of(1, 2)), new ArrayDeque<>(List.of("d")),
                new HashSet<>(Set.of(3, 4)), new java.util.LinkedHashSet<>(List.of(5)), Arrays.asList(6, 7),
                Collections.emptyList(), Collections.emptySet(), Set.of(8), List.of(9, 10, 11)));
        v.put("maps", List.of(new TreeMap<>(Map.of("b", 2, "a", 1)), new LinkedHashMap<>(Map.of(1, "one")),
                Map.of(), Map.of(1, 1), Collections.emptyMap()));
        v.put("sorted", new TreeSet<>(List.of("z", "y")));
        BitSet bits = new BitSet();
        bits.set(3);
        bits.set(130);
        v.put("bits", bits);
        Node a = new Node("a", null);
        Node cycle = new Node("b", a);
        a.next = cycle;
        a.shape = Shape.SQUARE;
        v.put("cycle", a);
        v.put("shared", List.of(a, a, cycle));
        List<Object> self = new ArrayList<>();
        self.add(self);
        v.put("self", self);
        Set<Object> nested = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            Set<Object> outer = new HashSet<>();
            outer.add(nested);
            outer.add(i);
            nested = outer;
        }
        v.put("nested-sets", nested);
        return v;
    }
}
