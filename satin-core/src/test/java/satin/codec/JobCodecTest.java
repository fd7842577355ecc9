package satin.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.esotericsoftware.kryo.io.Output;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.RemoteFailure;
import satin.SpawnException;
import satin.pool.Summing$$Spawn0;
import satin.pool.Summing;
import satin.runtime.InvocationRecord;
import satin.Rewritten;

/**
 * The codec that ships stolen jobs: call by value for jobs, results and failures, and a closed door
 * for every class the allowlist does not know, whichever side names it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JobCodecTest {

    /** Set by static initialisers: a class whose initialiser ran was built or about to be. */
    static final AtomicBoolean BAIT_INITIALISED = new AtomicBoolean();
    static final AtomicBoolean UNMARKED_INITIALISED = new AtomicBoolean();

    /** A record in the generated shape whose parameters are general enough to carry anything. */
    @Rewritten("by hand, for tests")
    static class Holding$$Spawn0 extends InvocationRecord {
        Holder receiver;
        Object p0;
        Holder p1;
        Object result;

        @Override
        protected void invoke() {
            result = p0;
        }
    }

    /** A record-form spawn into an array element: the array and index stay with the owner. */
    @Rewritten("by hand, for tests")
    static final class Holding$$Spawn0$Site1 extends Holding$$Spawn0 {
        Object[] array;
        int index;
    }

    static final class Holder {
        Object payload;

        Holder(Object payload) {
            this.payload = payload;
        }
    }

    /** No declared field type leads here, so only an explicit allowance would let it travel. */
    static final class Stranger {
        int value = 7;
    }

    static final class Bait {
        static {
            BAIT_INITIALISED.set(true);
        }
    }

    /** Named like a record and shaped like one, but without the rewriter's mark. */
    static final class Unmarked$$Spawn0 extends InvocationRecord {
        static {
            UNMARKED_INITIALISED.set(true);
        }

        Object receiver;

        @Override
        protected void invoke() {
        }
    }

    /** An exception of the program's own, public with a (String) constructor: rebuildable if allowed. */
    public static final class ProgramFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public ProgramFailure(String message) {
            super(message);
        }
    }

    private static JobCodec codec() {
        return codec(null);
    }

    private static JobCodec codec(String configured) {
        return new JobCodec(new Allowlist(JobCodecTest.class.getClassLoader(), configured));
    }

    private static Holding$$Spawn0 holding(Object p0, Holder p1) {
        Holding$$Spawn0 r = new Holding$$Spawn0();
        r.receiver = new Holder("receiver");
        r.p0 = p0;
        r.p1 = p1;
        return r;
    }

    private static <T> T roundTrip(JobCodec codec, T record) {
        @SuppressWarnings("unchecked")
        T copy = (T) codec.readJob(codec.writeJob((InvocationRecord) record));
        return copy;
    }

    // ------------------------------------------------------------------ jobs and results

    @Test
    void aJobTravelsByValue() {
        Summing$$Spawn0 original = new Summing$$Spawn0(new Summing(7, 123), 3, 9);
        original.result = 99;
        Summing$$Spawn0 copy = assertInstanceOf(Summing$$Spawn0.class, codec().readJob(codec().writeJob(original)));
        assertNotSame(original.receiver, copy.receiver, "the receiver is a copy");
        assertEquals(7, copy.receiver.grain);
        assertEquals(123, copy.receiver.spinNanos);
        assertEquals(3, copy.p0);
        assertEquals(9, copy.p1);
        assertEquals(0, copy.result, "a result does not travel with its job");
    }

    /**
     * Found by fuzzing shared objects' writes: each codec kept a Kryo per thread in a thread-local
     * whose value refers back to the codec, so a thread that once used a codec kept it for ever,
     * and a JVM that makes pools one after the other (a benchmark, the tests) grew without bound.
     */
    @Test
    void aCodecNoLongerUsedIsCollectedThoughThisThreadUsedIt() throws InterruptedException {
        java.lang.ref.WeakReference<JobCodec> gone = usedAndDropped();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (gone.get() != null && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(gone.get(), "a codec this thread used is still reachable after 20 s of collections");
    }

    private static java.lang.ref.WeakReference<JobCodec> usedAndDropped() {
        JobCodec codec = codec();
        roundTrip(codec, new Summing$$Spawn0(new Summing(1, 2), 3, 4));
        return new java.lang.ref.WeakReference<>(codec);
    }

    @Test
    void aResultComesBackIntoTheOwnersRecord() throws Throwable {
        JobCodec codec = codec();
        Summing$$Spawn0 owners = new Summing$$Spawn0(new Summing(100, 0), 0, 10);
        Summing$$Spawn0 thiefs = roundTrip(codec, owners);
        thiefs.invokeNow();
        codec.readResult(codec.writeResult(thiefs), owners);
        assertEquals(Summing.sequential(0, 10), owners.result);
    }

    @Test
    void allowedValuesCollectionsAndArraysTravelDeeply() {
        List<Object> list = new ArrayList<>(List.of(1L, "two", BigInteger.TEN));
        Holding$$Spawn0 copy = roundTrip(codec(), holding(list, new Holder(new Holder(new int[] {3, 4}))));
        assertEquals("receiver", copy.receiver.payload);
        assertEquals(list, copy.p0);
        assertNotSame(list, copy.p0);
        Holder inner = assertInstanceOf(Holder.class, copy.p1.payload);
        assertArrayEquals(new int[] {3, 4}, (int[]) inner.payload);
    }

    /** A class with an inner class, whose instances reach their outer object through javac's synthetic this$0. */
    static final class Outer {
        final int base;

        Outer(int base) {
            this.base = base;
        }

        final class Inner {
            int plus(int n) {
                return base + n;
            }
        }
    }

    /** A local class of a static method: its captured value is javac's synthetic field val$captured. */
    private static java.util.function.IntSupplier capturing(int captured) {
        final class Local implements java.util.function.IntSupplier {
            @Override
            public int getAsInt() {
                return captured;
            }
        }
        return new Local();
    }

    /** What an inner or local class's instance reaches through javac's synthetic fields travels with it. */
    @Test
    void innerAndLocalClassesKeepTheirOuterObjectAndCapturedValues() {
        java.util.function.IntSupplier local = capturing(5);
        JobCodec codec = codec(Outer.class.getName() + "," + Outer.Inner.class.getName() + "," + local.getClass().getName());
        Holding$$Spawn0 copy = roundTrip(codec, holding(new Outer(40).new Inner(), new Holder(local)));
        assertEquals(42, assertInstanceOf(Outer.Inner.class, copy.p0).plus(2), "the inner object's outer object");
        assertEquals(5, assertInstanceOf(java.util.function.IntSupplier.class, copy.p1.payload).getAsInt(),
                "the local class's captured value");
    }

    @Test
    void argumentsThatShareAnObjectShareItsCopy() {
        // one call's arguments are one object graph: a callee that sees f(h, h) here sees it there
        Holder shared = new Holder(new int[] {1});
        Holding$$Spawn0 copy = roundTrip(codec(), holding(shared, shared));
        assertSame(copy.p0, copy.p1);
    }

    @Test
    void aRecordFormSpawnTravelsAsTheRecordItExtends() throws Throwable {
        JobCodec codec = codec();
        Holding$$Spawn0$Site1 owners = new Holding$$Spawn0$Site1();
        owners.p0 = "x";
        owners.array = new Object[1];
        Holding$$Spawn0 thiefs = roundTrip(codec, owners);
        assertEquals(Holding$$Spawn0.class, thiefs.getClass(), "the array and index stay home");
        thiefs.invokeNow();
        codec.readResult(codec.writeResult(thiefs), owners);
        assertEquals("x", owners.result);
    }

    // ------------------------------------------------------------------ refusals when writing

    private static String refusalOf(JobCodec codec, InvocationRecord record) {
        return assertThrows(Allowlist.NotAllowedException.class, () -> codec.writeJob(record)).getMessage();
    }

    private static void assertMentions(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), "'" + part + "' in: " + message);
        }
    }

    @Test
    void aParameterOfAClassThatMayNotTravelIsRefusedNamingClassAndParameter() {
        String message = refusalOf(codec(), holding(new Stranger(), null));
        assertMentions(message, Stranger.class.getName(), "p0");
    }

    @Test
    void aFieldDeepInAParameterIsRefusedNamingThePathToIt() {
        String message = refusalOf(codec(), holding(null, new Holder(new Holder(Thread.currentThread()))));
        assertMentions(message, "java.lang.Thread", "payload", "p1");
    }

    @Test
    void aClassTheProgramAllowsTravels() {
        Holding$$Spawn0 copy = roundTrip(codec(Stranger.class.getName()), holding(new Stranger(), null));
        assertEquals(7, assertInstanceOf(Stranger.class, copy.p0).value);
    }

    /** An enum whose constants have bodies of their own: each is an anonymous class, Op$1 and Op$2. */
    enum Op {
        PLUS {
            @Override
            int apply(int a, int b) {
                return a + b;
            }
        },
        TIMES {
            @Override
            int apply(int a, int b) {
                return a * b;
            }
        };

        abstract int apply(int a, int b);
    }

    /** A record whose parameter is of such an enum, as a spawn {@code f(Op op)} gets. */
    @Rewritten("by hand, for tests")
    static final class Applying$$Spawn0 extends InvocationRecord {
        Op p0;
        int result;

        @Override
        protected void invoke() {
            result = p0.apply(6, 7);
        }
    }

    /** A constant with a body travels as its enum does: its class was refused as a stranger. */
    @Test
    void anEnumConstantWithABodyTravelsAsItsEnum() throws Throwable {
        for (Op op : Op.values()) {
            Applying$$Spawn0 r = new Applying$$Spawn0();
            r.p0 = op;
            Applying$$Spawn0 copy = roundTrip(codec(), r);
            assertSame(op, copy.p0, "the same constant on the thief");
            copy.invokeNow();
            assertEquals(op.apply(6, 7), copy.result);
        }
    }

    /** Only an enum's constant bodies ride on its name: another anonymous class of an allowed class does not. */
    @Test
    void anAnonymousClassOfAnAllowedClassIsRefused() {
        Object anonymous = new Object() {
        };
        String allowed = JobCodecTest.class.getName();
        String message = refusalOf(codec(allowed), holding(anonymous, null));
        assertMentions(message, anonymous.getClass().getName(), "p0");
        assertRefusedNaming(forged(Holding$$Spawn0.class.getName(), anonymous.getClass().getName()),
                anonymous.getClass().getName());
    }

    @Test
    void aRefusalLeavesTheCodecUsable() {
        JobCodec codec = codec();
        refusalOf(codec, holding(null, new Holder(new Stranger())));
        assertEquals("fine", roundTrip(codec, holding("fine", null)).p0);
    }

    // ------------------------------------------------------------------ forged input

    /** A job whose record class is {@code record}, and whose first value claims to be of {@code valueClass}. */
    private static byte[] forged(String record, String valueClass) {
        Output out = new Output(64, -1);
        out.writeString(record);
        if (valueClass != null) {
            out.writeVarInt(1, true); // Kryo's tag for a class written by name
            out.writeVarInt(0, true); // the name's first use in this value
            out.writeString(valueClass);
        }
        return out.toBytes();
    }

    private static void assertRefusedNaming(byte[] bytes, String className) {
        var e = assertThrows(Allowlist.NotAllowedException.class, () -> codec().readJob(bytes));
        assertMentions(e.getMessage(), className);
    }

    /**
     * A sender that allows more than the reader (a peer built to attack it) puts a class the reader
     * refuses inside a list inside a map inside a record's field, and in a sorted set's comparator:
     * the reader refuses it wherever it sits, naming it.
     */
    @Test
    void aClassTheReaderRefusesIsRefusedDeepInsideCollections() {
        JobCodec lax = codec(Stranger.class.getName());
        List<Object> inner = new java.util.LinkedList<>(List.of(new Stranger()));
        List<Object> outer = new ArrayList<>(List.of(1, inner));
        byte[] nested = lax.writeJob(holding(new HashMap<>(Map.of("k", outer)), null));
        var e = assertThrows(Allowlist.NotAllowedException.class, () -> codec().readJob(nested));
        assertMentions(e.getMessage(), Stranger.class.getName());
        byte[] asKey = lax.writeJob(holding(new java.util.TreeMap<>(Map.of("k", new Object[] {new Stranger()})), null));
        e = assertThrows(Allowlist.NotAllowedException.class, () -> codec().readJob(asKey));
        assertMentions(e.getMessage(), Stranger.class.getName());
    }

    /**
     * An array of a class the program allows by its package ({@code -Dsatin.allow=satin.codec.*})
     * travels as the class does: its name ([Lsatin.codec....;) starts with no package.
     */
    @Test
    void anArrayOfAClassAllowedByItsPackageTravels() {
        JobCodec byPackage = codec("satin.codec.*");
        Holding$$Spawn0 copy = roundTrip(byPackage, holding(new Stranger[][] {{new Stranger()}}, null));
        assertEquals(7, ((Stranger[][]) copy.p0)[0][0].value);
    }

    @Test
    void aRecordNameOfAnyOtherClassIsRefused() {
        assertRefusedNaming(forged("java.lang.ProcessBuilder", null), "java.lang.ProcessBuilder");
        assertRefusedNaming(forged("java.lang.String", null), "java.lang.String");
    }

    @Test
    void aRecordNameThatDoesNotExistIsRefused() {
        assertRefusedNaming(forged("x.Evil$$Spawn0", null), "x.Evil$$Spawn0");
    }

    @Test
    void aClassNamedLikeARecordWithoutTheRewritersMarkIsRefusedUnbuilt() {
        assertRefusedNaming(forged(Unmarked$$Spawn0.class.getName(), null), Unmarked$$Spawn0.class.getName());
        assertFalse(UNMARKED_INITIALISED.get());
    }

    @Test
    void aParameterOfAClassThatMayNotTravelIsRefusedUnbuilt() {
        assertRefusedNaming(forged(Summing$$Spawn0.class.getName(), Bait.class.getName()), Bait.class.getName());
        assertRefusedNaming(forged(Summing$$Spawn0.class.getName(), "java.lang.ProcessBuilder"),
                "java.lang.ProcessBuilder");
        assertFalse(BAIT_INITIALISED.get());
    }

    /**
     * What reading threw: it must be a RuntimeException, the kind a node catches to refuse a job.
     * An Error is reported as a failure here rather than rethrown, since the test JVM stops on
     * an OutOfMemoryError.
     */
    private static void assertRefused(Runnable read, String what) {
        Throwable thrown;
        try {
            read.run();
            thrown = null;
        } catch (Throwable t) {
            thrown = t;
        }
        if (thrown == null) {
            fail("read something from " + what);
        }
        if (!(thrown instanceof RuntimeException)) {
            fail(thrown.getClass().getName() + " (" + thrown.getMessage() + "), not a refusal, from " + what);
        }
    }

    private static void assertNoJob(byte[] bytes) {
        assertRefused(() -> codec().readJob(bytes), Arrays.toString(bytes));
    }

    @Test
    void aTruncatedJobIsRefused() {
        byte[] whole = codec().writeJob(holding(List.of("a", 2), new Holder(new long[] {5})));
        for (int n = 0; n < whole.length; n++) {
            assertNoJob(Arrays.copyOf(whole, n));
        }
    }

    @Test
    void randomBytesAfterARecordNameAreRefused() {
        SplittableRandom random = new SplittableRandom(2026);
        byte[] name = forged(Holding$$Spawn0.class.getName(), null);
        for (int i = 0; i < 2_000; i++) {
            byte[] garbage = new byte[1 + random.nextInt(40)];
            random.nextBytes(garbage);
            byte[] bytes = Arrays.copyOf(name, name.length + garbage.length);
            System.arraycopy(garbage, 0, bytes, name.length, garbage.length);
            assertNoJob(bytes);
        }
    }

    @Test
    void aStringThatClaimsToBeHugeIsRefusedWithoutAllocatingIt() {
        Output out = new Output(16, -1);
        out.writeVarIntFlag(true, Integer.MAX_VALUE, true); // a UTF-8 string of 2^31 - 2 chars, in 6 bytes
        byte[] bytes = out.toBytes();
        assertNoJob(bytes);
        assertRefused(() -> codec().readFailure(bytes), "a failure of " + Arrays.toString(bytes));
    }

    /**
     * Every count in a job (of a collection, map or array) replaced, in turn, by a claim of
     * 2^31 - 1 elements: whichever byte was the count, the job is refused without the allocation.
     */
    @Test
    void aCollectionOrArrayThatClaimsToBeHugeIsRefusedWithoutAllocatingIt() {
        byte[] huge = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
        List<Object> values = List.of(new ArrayList<>(List.of("a", "b")), new HashMap<>(Map.of("k", 1)),
                List.of(1, 2, 3), new Object[] {"x", 2}, new String[] {"y", "z"}, new int[] {1, 2}, new long[] {3},
                new TreeSet<>(Set.of(4, 5)), new ArrayDeque<>(List.of(6)));
        for (Object value : values) {
            byte[] whole = codec().writeJob(holding(value, null));
            for (int i = 0; i < whole.length; i++) {
                byte[] forged = new byte[whole.length + huge.length - 1];
                System.arraycopy(whole, 0, forged, 0, i);
                System.arraycopy(huge, 0, forged, i, huge.length);
                System.arraycopy(whole, i + 1, forged, i + huge.length, whole.length - i - 1);
                assertReadsOrRefuses(forged);
            }
        }
    }

    /** Reading either yields a job or throws a RuntimeException; never an Error. */
    private static void assertReadsOrRefuses(byte[] bytes) {
        try {
            codec().readJob(bytes);
        } catch (RuntimeException refused) {
            // the common outcome
        } catch (Throwable t) {
            fail(t.getClass().getName() + " (" + t.getMessage() + ") from " + Arrays.toString(bytes));
        }
    }

    @Test
    void theJdkCollectionsTravelAsTheirOwnClasses() {
        List<Object> values = List.of(new ArrayList<>(List.of("a")), new LinkedList<>(List.of(1)),
                new HashSet<>(Set.of(2)), new LinkedHashSet<>(List.of(3, 4)), new TreeSet<>(Set.of(5, 6)),
                new ArrayDeque<>(List.of(7)), Arrays.asList(8, 9), List.of(), List.of(1), List.of(1, 2, 3), Set.of(),
                Set.of(1), Set.of(1, 2, 3), Map.of(), Map.of(1, 2), Map.of(1, 2, 3, 4), Collections.emptyList(),
                Collections.emptySet(), Collections.emptyMap(), new HashMap<>(Map.of("k", "v")),
                new LinkedHashMap<>(Map.of("a", 1)), new TreeMap<>(Map.of(3, "c", 1, "a")));
        for (Object value : values) {
            Object copy = roundTrip(codec(), holding(value, null)).p0;
            assertEquals(value.getClass(), copy.getClass(), value.getClass().getName());
            if (value instanceof ArrayDeque<?> d) {
                assertEquals(List.copyOf(d), List.copyOf((ArrayDeque<?>) copy));
            } else {
                assertEquals(value, copy, value.getClass().getName());
            }
        }
    }

    @Test
    void aListThatHoldsItselfComesBackHoldingItself() {
        List<Object> cyclic = new ArrayList<>();
        cyclic.add("first");
        cyclic.add(cyclic);
        @SuppressWarnings("unchecked")
        List<Object> copy = (List<Object>) roundTrip(codec(), holding(cyclic, null)).p0;
        assertEquals("first", copy.get(0));
        assertSame(copy, copy.get(1));
    }

    // ------------------------------------------------------------------ failures

    private static Throwable failureTrip(JobCodec codec, Throwable t) {
        return codec.readFailure(codec.writeFailure(t));
    }

    private static List<String> frames(Throwable t) {
        return Arrays.stream(t.getStackTrace()).map(e -> e.getClassName() + "." + e.getMethodName() + "("
                + e.getFileName() + ":" + e.getLineNumber() + ")").toList();
    }

    private static void assertSameFailure(Throwable expected, Throwable actual) {
        assertEquals(expected.getClass(), actual.getClass());
        assertEquals(expected.getMessage(), actual.getMessage());
        assertEquals(frames(expected), frames(actual));
    }

    @Test
    void aJavaFailureComesBackWithItsCauseSuppressedAndStacks() {
        IllegalArgumentException original = new IllegalArgumentException("outer", new IllegalStateException("inner"));
        original.addSuppressed(new UnsupportedOperationException((String) null));
        original.setStackTrace(new StackTraceElement[] {new StackTraceElement("a.B", "c", null, -2),
                new StackTraceElement("d.E", "f", "E.java", 42)});
        Throwable copy = failureTrip(codec(), original);
        assertSameFailure(original, copy);
        assertSameFailure(original.getCause(), copy.getCause());
        assertEquals(1, copy.getSuppressed().length);
        assertSameFailure(original.getSuppressed()[0], copy.getSuppressed()[0]);
        assertNull(copy.getSuppressed()[0].getMessage());
    }

    @Test
    void aFailureOfAClassThatMayNotTravelComesBackDescribed() {
        ProgramFailure original = new ProgramFailure("boom");
        RemoteFailure copy = assertInstanceOf(RemoteFailure.class, failureTrip(codec(), original));
        assertEquals(ProgramFailure.class.getName(), copy.remoteClass());
        assertEquals(ProgramFailure.class.getName() + ": boom", copy.getMessage());
        assertEquals(frames(original), frames(copy));
    }

    @Test
    void aFailureOfAnAllowedClassComesBackAsItself() {
        ProgramFailure original = new ProgramFailure("boom");
        assertSameFailure(original, failureTrip(codec(ProgramFailure.class.getName()), original));
    }

    @Test
    void aSyncFailureComesBackAsSpawnExceptionWithItsCause() {
        SpawnException original = new SpawnException("a spawned call threw", new ArithmeticException("/ by zero"));
        Throwable copy = failureTrip(codec(), original);
        assertSameFailure(original, copy);
        assertSameFailure(original.getCause(), copy.getCause());
    }

    @Test
    void aForgedFailureNamingAnotherClassBuildsNothingOfIt() {
        Output out = new Output(64, -1);
        out.writeString(Bait.class.getName());
        out.writeString("m");
        out.writeVarInt(0, true);
        out.writeBoolean(false);
        out.writeVarInt(0, true);
        Throwable forged = codec().readFailure(out.toBytes());
        assertEquals(Bait.class.getName(), assertInstanceOf(RemoteFailure.class, forged).remoteClass());
        assertFalse(BAIT_INITIALISED.get());
    }
}
