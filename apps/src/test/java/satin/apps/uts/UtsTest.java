package satin.apps.uts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import satin.apps.AppHarness;

/**
 * The trees are the reference's: the counts below are what the reference implementation (UTS 2.1,
 * the depth-first program of github.com/shwestrick/mini-uts at dcdd827, built with g++ -O3)
 * printed for the same parameters. The rewritten program computes what the sequential one does,
 * on one worker, two workers and four nodes.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UtsTest {

    private static final String SMALL = "-t 2 -a 0 -d 12 -b 6 -q 0.234375 -m 4 -r 1 -c 500";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            -t 1 -a 0 -d 12 -b 4 -r 7                           | 106194 | 12   | 57756
            -t 1 -a 0 -d 10 -b 4 -r 34                          | 5577   | 10   | 3111
            -t 1 -a 1 -d 12 -b 4 -r 19                          | 27115  | 36   | 13739
            -t 1 -a 1 -d 10 -b 3 -r 7                           | 11360  | 28   | 5746
            -t 1 -a 1 -d 8 -b 4 -r 3                            | 1      | 0    | 1
            -t 1 -a 2 -d 8 -b 5 -r 502                          | 21030  | 41   | 12583
            -t 1 -a 2 -d 6 -b 4 -r 11                           | 456    | 23   | 266
            -t 1 -a 3 -d 8 -b 4 -r 19                           | 257042 | 8    | 205878
            -t 1 -a 3 -d 7 -b 4 -r 19 -g 3                      | 63914  | 7    | 51124
            -t 1 -a 3 -d 2 -b 150 -r 4                          | 7314   | 2    | 7214
            -t 0 -b 200 -q 0.12 -m 8 -r 42                      | 4649   | 62   | 4092
            -t 0 -b 2000 -q 0.2 -m 5 -r 9                       | 2274446 | 1282 | 1819956
            -t 2 -a 0 -d 10 -b 4 -q 0.234375 -m 4 -r 1          | 5504   | 37   | 4118
            -t 2 -a 0 -d 12 -b 6 -q 0.234375 -m 4 -r 1          | 219888 | 100  | 165642
            -t 2 -a 2 -d 12 -b 5 -q 0.234375 -m 4 -r 1 -f 0.3   | 8747   | 73   | 6581
            -t 2 -a 0 -d 10 -b 4 -q 0.2 -m 4 -r 5               | 9      | 5    | 3
            -t 3 -b 3 -d 8 -r 1                                 | 9841   | 8    | 6561
            -t 0 -b 1 -q 0.99999 -m 1 -r 3                      | 82337  | 82336 | 1
            -t 0 -b 3 -q 0.999995 -m 1 -r 1                     | 204694 | 120499 | 3
            """)
    void treesAreTheReferences(String args, long size, long depth, long leaves) {
        long[] c = count(args.trim().split(" +"));
        assertArrayEquals(new long[] {size, leaves, depth}, c, args);
    }

    /** The sample trees small enough for a test, with what the reference printed for them (and published). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            T1 | Tree size = 4130071, tree depth = 10, num leaves = 3305118 (80.03%)
            T5 | Tree size = 4147582, tree depth = 20, num leaves = 2181318 (52.59%)
            T2 | Tree size = 4117769, tree depth = 81, num leaves = 2342762 (56.89%)
            T3 | Tree size = 4112897, tree depth = 1572, num leaves = 3599034 (87.51%)
            T4 | Tree size = 4132453, tree depth = 134, num leaves = 3108986 (75.23%)
            """)
    void sampleTreesAreTheReferences(String name, String printed) {
        long[] c = count(name);
        assertEquals(printed, Uts.stats(c[0], c[2], c[1]));
    }

    /** Nodes, leaves and depth. */
    private static long[] count(String... args) {
        return Arrays.copyOf(countWithGenerations(args), 3);
    }

    private static long[] countWithGenerations(String... args) {
        Arguments a = Arguments.parse(args);
        return new Uts(a.tree(), a.chunk(), a.ownSha1()).count();
    }

    @Test
    void jobsNestOnlyAFewGenerationsDeep() {
        long[] deep = countWithGenerations("-t", "0", "-b", "2000", "-q", "0.2", "-m", "5", "-r", "9", "-c", "256");
        assertEquals(2274446, deep[0]);
        // about 9000 hand-offs of 256 nodes, in under a hundred generations
        assertTrue(deep[3] > 5 && deep[3] < 100, "generations " + deep[3]);
        long[] wide = countWithGenerations("T1", "-d", "8", "-c", "64");
        assertTrue(wide[3] > 5 && wide[3] < 40, "generations " + wide[3]);
    }

    @Test
    void theOwnSha1GrowsTheSameTree() {
        String[] args = (SMALL + " -s own").split(" ");
        assertArrayEquals(new long[] {219888, 165642, 100}, count(args));
    }

    @Test
    void runPrintsTheSampleAndItsVerification() {
        String out = Uts.run("T3");
        assertEquals("""
                UTS T3: binomial tree, b_0 = 2000.0, root seed = 42, q = 0.124875, m = 8, compute granularity = 1
                Tree size = 4112897, tree depth = 1572, num leaves = 3599034 (87.51%)
                verified: tree size, tree depth, num leaves as published for T3
                """, out);
        assertEquals(out, Uts.run());
    }

    @Test
    void aSampleWithOtherParametersIsNotCheckedAgainstItsPublishedSize() {
        String out = Uts.run("T1", "-d", "7");
        assertTrue(out.contains("Tree size = 63914, tree depth = 7, num leaves = 51124 (79.99%)"), out);
        assertTrue(!out.contains("verified"), out);
    }

    @Test
    void sequentialOracleAgreesWithOneWorkerTwoWorkersAndFourNodes() throws Exception {
        String[] args = SMALL.split(" ");
        String expected = (String) AppHarness.oracle(Uts.class, "run", (Object) args);
        assertTrue(expected.contains("Tree size = 219888, tree depth = 100, num leaves = 165642"), expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> Uts.run(args)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Uts.run(args)));
        assertEquals(expected, AppHarness.onFourNodes(() -> Uts.run(args)));
    }

    @Test
    void aDeepBinomialTreeOnTwoWorkersAndFourNodes() throws Exception {
        String[] args = {"-t", "0", "-b", "2000", "-q", "0.2", "-m", "5", "-r", "9", "-c", "2000"};
        String expected = (String) AppHarness.oracle(Uts.class, "run", (Object) args);
        assertTrue(expected.contains("Tree size = 2274446, tree depth = 1282, num leaves = 1819956"), expected);
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Uts.run(args)));
        assertEquals(expected, AppHarness.onFourNodes(() -> Uts.run(args)));
    }

    /** Chains 120,000 nodes long, which the reference walks only with an unlimited C stack. */
    @Test
    void deepChainsOnTwoWorkersAndFourNodes() throws Exception {
        String[] args = {"-t", "0", "-b", "3", "-q", "0.999995", "-m", "1", "-r", "1", "-c", "1000"};
        String expected = (String) AppHarness.oracle(Uts.class, "run", (Object) args);
        assertTrue(expected.contains("Tree size = 204694, tree depth = 120499, num leaves = 3"), expected);
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Uts.run(args)));
        assertEquals(expected, AppHarness.onFourNodes(() -> Uts.run(args)));
    }

    @Test
    void theSmallPresetOnTwoWorkers() throws Exception {
        assertEquals(AppHarness.oracle(Uts.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> Uts.run("small")));
    }

    @Test
    void sha1IsTheJdksOnChildAndRootMessages() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        SplittableRandom random = new SplittableRandom(6);
        byte[] message = new byte[24];
        byte[] ours = new byte[20];
        for (int n = 0; n < 20_000; n++) {
            random.nextBytes(message);
            Sha1.child(message, ours, 0);
            assertArrayEquals(md.digest(message), ours, () -> Arrays.toString(message));
            int seed = random.nextInt();
            Sha1.root(seed, ours, 0);
            byte[] rootMessage = ByteBuffer.allocate(20).putInt(16, seed).array();
            assertArrayEquals(md.digest(rootMessage), ours, "seed " + seed);
        }
    }

    @Test
    void sha1WritesAtTheOffsetAndNowhereElse() {
        byte[] out = new byte[44];
        Arrays.fill(out, (byte) 7);
        Sha1.root(19, out, 12);
        byte[] alone = new byte[20];
        Sha1.root(19, alone, 0);
        assertArrayEquals(alone, Arrays.copyOfRange(out, 12, 32));
        for (int i : new int[] {0, 11, 32, 43}) {
            assertEquals(7, out[i]);
        }
    }

    @Test
    void theRootStateAndItsRandomValueAreTheReferences() {
        // SHA-1 of 16 zero bytes and the seed 19, as rng_init computes it
        byte[] state = Walk.root(Arguments.parse("T1").tree());
        assertEquals("c6988ab70cc9559ae4d6cba254e29a845a85f86b", hex(Arrays.copyOf(state, 20)));
        // rng_rand: the last four bytes, big-endian, without the sign bit
        assertEquals(0x5a85f86b, Sha1.word(state, 16) & 0x7fffffff);
    }

    @Test
    void childrenFollowTheBinomialAndGeometricRules() {
        Tree bin = Arguments.parse("T3").tree();
        assertEquals(2000, bin.numChildren(12345, 0));
        // q * 2^31 = 268167020.544: a node has m children below it, none from it on
        assertEquals(8, bin.numChildren(268167020, 5));
        assertEquals(0, bin.numChildren(268167021, 5));
        Tree fixed = Arguments.parse("T1").tree();
        // p = 1 / (1 + 4): n children from u = 1 - 0.8^n on
        assertEquals(0, fixed.numChildren(0, 3));
        assertEquals(1, fixed.numChildren((int) (0.2 * 2147483648.0) + 1, 3));
        assertEquals(4, fixed.numChildren((int) ((1 - Math.pow(0.8, 4)) * 2147483648.0) + 1, 3));
        assertEquals(0, fixed.numChildren(Integer.MAX_VALUE, 10));
        assertEquals(Tree.MAX_CHILDREN, Arguments.parse("-t", "1", "-a", "3", "-b", "1000").tree()
                .numChildren(Integer.MAX_VALUE, 0));
    }

    /**
     * Depths whose count is known without the node's logarithm (the depth limit of fixed and
     * linear shapes, cyclic beyond 5 gen_mx) give what the formula gives at every depth and value.
     */
    @Test
    void countsKnownPerDepthAreTheFormulas() {
        int[] values = {0, 1, 2, 1 << 20, 429496730, 1 << 30, 2147483000, Integer.MAX_VALUE};
        for (String args : new String[] {"T1", "T5", "T2", "-t 1 -a 1 -d 6 -b 3 -r 5", "-t 2 -a 3 -d 9 -b 5 -r 3 -q 0.2 -m 3"}) {
            Tree tree = Arguments.parse(args.split(" ")).tree();
            int depths = tree.genMx * 5 + 3;
            for (int h = 1; h < depths; h++) {
                double keep = StrictMath.log(1 - 1.0 / (1.0 + tree.branching(h)));
                for (int v : values) {
                    int formula = Tree.cInt(Math.floor(StrictMath.log(1 - v / 2147483648.0) / keep));
                    boolean geometric = tree.type == Tree.GEOMETRIC || h < tree.shiftDepth * tree.genMx;
                    if (geometric) {
                        assertEquals(Math.min(formula, Tree.MAX_CHILDREN), tree.numChildren(v, h), args + " at depth " + h + ", value " + v);
                    }
                }
            }
        }
    }

    @Test
    void shapeFunctionsGiveTheReferencesBranchingFactors() {
        assertEquals(4.0 * (1 - 5.0 / 20), Arguments.parse("T5").tree().branching(5));
        assertEquals(Math.pow(6, Math.sin(2 * Math.PI * 4 / 16)), Arguments.parse("T2").tree().branching(4), 1e-12);
        assertEquals(0.0, Arguments.parse("T2").tree().branching(81));
        assertEquals(4.0 * Math.pow(3, -Math.log(4) / Math.log(12)),
                Arguments.parse("-t", "1", "-a", "1", "-d", "12").tree().branching(3), 1e-12);
        assertEquals(0.0, Arguments.parse("T1").tree().branching(10));
    }

    @Test
    void cCastsOutOfRangeToTheSmallestInt() {
        assertEquals(Integer.MIN_VALUE, Tree.cInt(Double.NaN));
        assertEquals(Integer.MIN_VALUE, Tree.cInt(3e9));
        assertEquals(-3, Tree.cInt(-3.0));
        assertEquals(7, Tree.cInt(7.9));
    }

    @Test
    void walkHandsOffEveryOtherNodeOfTheBottomOfItsFrontier() {
        Tree tree = Arguments.parse("-t", "0", "-b", "200", "-q", "0.12", "-m", "8", "-r", "42").tree();
        Walk walk = new Walk(Walk.root(tree), false);
        walk.run(tree, 1);
        assertEquals(200, walk.size());
        byte[] part = walk.takeEveryOther(10);
        assertEquals(10 * Walk.ENTRY, part.length);
        assertEquals(190, walk.size());
        walk.run(tree, Long.MAX_VALUE);
        assertTrue(walk.isEmpty());
        Walk rest = new Walk(part, true);
        rest.run(tree, Long.MAX_VALUE);
        assertEquals(4649, walk.nodes + rest.nodes);
        assertEquals(4092, walk.leaves + rest.leaves);
        assertEquals(62, Math.max(walk.maxDepth, rest.maxDepth));
    }

    @Test
    void badArgumentsAreNamed() {
        assertMessage("option -t 7: expected a tree type", "-t", "7");
        assertMessage("option -q 1.5: expected a probability", "-q", "1.5");
        assertMessage("option -g 0: expected SHA-1 evaluations per child", "-g", "0");
        assertMessage("option -c x: expected nodes per job", "-c", "x");
        assertMessage("option -s fast: expected jdk or own", "-s", "fast");
        assertMessage("option -z: expected one of", "-z", "1");
        assertMessage("option -b: expected a value", "-b");
        assertMessage("tree T9: expected a sample tree name", "T9");
        assertMessage("option -d 1: expected at least 2 for shape 1", "-a", "1", "-d", "1");
    }

    private static void assertMessage(String start, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Uts.run(args));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    @Test
    void aWrongPublishedFigureIsAnError() {
        Sample s = Sample.named("t1");
        assertEquals("verified: tree size, tree depth, num leaves as published for T1", s.verify(4130071, 10, 3305118));
        assertThrows(IllegalStateException.class, () -> s.verify(4130070, 10, 3305118));
        assertEquals("verified: tree size as published for T3XXL", Sample.named("T3XXL").verify(2793220501L, 1, 1));
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x));
        }
        return s.toString();
    }
}
