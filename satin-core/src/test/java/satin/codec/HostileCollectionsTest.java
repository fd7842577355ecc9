package satin.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.runtime.InvocationRecord;
import satin.Rewritten;

/**
 * Payloads whose hash-based collections cost far more to build than their size: elements that
 * share their children (exponential hashing) and elements whose hash codes collide (quadratic
 * inserting). A peer with the pool's secret can send them; each is refused in bounded time, and
 * honest payloads of the same kinds, large and nested, still travel.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang fails, not blocks
class HostileCollectionsTest {

    @Rewritten("by hand, for tests")
    static class Carrying$$Spawn0 extends InvocationRecord {
        Object receiver;
        Object p0;
        Object result;

        @Override
        protected void invoke() {
            result = p0;
        }
    }

    /** A program's value class whose hash code follows its fields, as a record's does. */
    static final class Node implements Comparable<Node> {
        final String tag;
        final Object next;

        Node(String tag, Object next) {
            this.tag = tag;
            this.next = next;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Node n && tag.equals(n.tag) && Objects.equals(next, n.next);
        }

        @Override
        public int hashCode() {
            return Objects.hash(tag, next);
        }

        @Override
        public int compareTo(Node o) {
            int byHash = Integer.compare(hashCode(), o.hashCode());
            return byHash != 0 ? byHash : tag.compareTo(o.tag);
        }
    }

    private static JobCodec codec() {
        return new JobCodec(new Allowlist(HostileCollectionsTest.class.getClassLoader(), Node.class.getName()));
    }

    private static byte[] job(Object payload) {
        Carrying$$Spawn0 r = new Carrying$$Spawn0();
        r.p0 = payload;
        return codec().writeJob(r);
    }

    private static Object read(byte[] job) {
        return ((Carrying$$Spawn0) codec().readJob(job)).p0;
    }

    private static void assertRefusedAsTooMuchHashing(byte[] job) {
        RuntimeException e = assertThrows(RuntimeException.class, () -> read(job));
        assertTrue(e.getMessage().contains("steps of hashing or comparing"), e.getMessage());
    }

    /**
     * Two sets a level, each holding a tag and both sets of the level below, built top-down so that
     * building them here hashes only small sets: read back bottom-up, hashing the top would visit
     * 2^depth sets.
     */
    private static Set<Object> sharedNest(int depth, Supplier<Set<Object>> make) {
        return sharedNest(depth, make, top -> { });
    }

    /** The same, with {@code into} given the top before the levels below are filled in. */
    private static Set<Object> sharedNest(int depth, Supplier<Set<Object>> make, java.util.function.Consumer<Set<Object>> into) {
        List<Set<Object>> a = new ArrayList<>();
        List<Set<Object>> b = new ArrayList<>();
        for (int k = 0; k <= depth; k++) {
            a.add(make.get());
            a.get(k).add("a" + k);
            b.add(make.get());
            b.get(k).add("b" + k);
        }
        into.accept(a.get(0));
        for (int k = 0; k < depth; k++) {
            for (Set<Object> s : List.of(a.get(k), b.get(k))) {
                s.add(a.get(k + 1));
                s.add(b.get(k + 1));
            }
        }
        return a.get(0);
    }

    @Test
    void nestedSetsThatShareTheirChildrenAreRefusedQuickly() {
        byte[] freeze = job(sharedNest(60, HashSet::new));
        assertTrue(freeze.length < 2_000, freeze.length + " bytes");
        assertRefusedAsTooMuchHashing(freeze);
        assertRefusedAsTooMuchHashing(job(sharedNest(60, LinkedHashSet::new)));
    }

    @Test
    void mapKeysThatShareTheirChildrenAreRefusedQuickly() {
        Map<Object, Object> top = new HashMap<>();
        sharedNest(60, HashSet::new, key -> top.put(key, "value"));
        assertRefusedAsTooMuchHashing(job(top));
    }

    /**
     * A chain of program objects, each holding a list of the one below twice, built top-down: the
     * lists are filled after the top went into the collection, so that only reading hashes them.
     */
    private static Node sharedChain(int depth, java.util.function.Consumer<Node> into) {
        List<List<Object>> lists = new ArrayList<>();
        List<Node> chain = new ArrayList<>();
        for (int k = 0; k < depth; k++) {
            lists.add(new ArrayList<>());
            chain.add(new Node("n" + k, lists.get(k)));
        }
        into.accept(chain.get(depth - 1));
        for (int k = 1; k < depth; k++) {
            lists.get(k).add(chain.get(k - 1));
            lists.get(k).add(chain.get(k - 1));
        }
        return chain.get(depth - 1);
    }

    @Test
    void programObjectsThatShareTheirChildrenAreRefusedQuickly() {
        Set<Object> set = new HashSet<>();
        sharedChain(60, set::add);
        assertRefusedAsTooMuchHashing(job(set));
    }

    /** Lists [i, c - 31 i] all have the hash code 31 (31 + i) + c - 31 i = 961 + c. */
    @Test
    void setsWhoseElementsShareOneHashCodeAreRefusedQuickly() {
        Set<Object> colliding = new HashSet<>();
        List<List<Integer>> lists = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            List<Integer> l = new ArrayList<>(List.of(i)); // distinct hash codes while the set is built
            colliding.add(l);
            lists.add(l);
        }
        for (int i = 0; i < lists.size(); i++) {
            lists.get(i).add(7 - 31 * i); // now they collide, as they will when read back
        }
        assertEquals(1, lists.stream().mapToInt(List::hashCode).distinct().count());
        assertRefusedAsTooMuchHashing(job(colliding));
    }

    @Test
    void sortedSetsOfSharedChainsAreRefusedQuickly() {
        TreeSet<Object> sorted = new TreeSet<>();
        sorted.add(new Node("first", List.of()));
        sharedChain(60, sorted::add); // compared by hash code: reading compares 2^60 deep
        assertRefusedAsTooMuchHashing(job(sorted));
    }

    @Test
    void largeDeepAndSharingButHonestCollectionsStillTravel() {
        Set<Integer> large = new HashSet<>();
        for (int i = 0; i < 200_000; i++) {
            large.add(i);
        }
        assertEquals(large, read(job(large)));

        Set<Object> deep = Set.of("leaf");
        for (int k = 0; k < 12; k++) {
            Set<Object> up = new HashSet<>();
            up.add(deep);
            up.add(new HashSet<>(Set.of("x" + k, deep.size())));
            deep = up;
        }
        assertEquals(deep, read(job(deep)));

        List<Integer> shared = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            shared.add(i);
        }
        Set<Object> sharing = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            sharing.add(new Node("n" + i, shared)); // every element shares one list: each weighs 52
        }
        assertEquals(sharing, read(job(sharing)));
        Set<Object> a = Set.of("a"); // a shared nest 8 deep, built bottom-up: 2^8 is honest
        Set<Object> b = Set.of("b");
        for (int k = 0; k < 8; k++) {
            Set<Object> up = new HashSet<>(List.of("a" + k, a, b));
            b = new HashSet<>(List.of("b" + k, a, b));
            a = up;
        }
        assertEquals(a, read(job(a)));
    }

    @Test
    void theBudgetSettingIsANumberOfStepsPerByte() {
        assertEquals(32, HashWork.parse(null));
        assertEquals(64, HashWork.parse(" 64 "));
        for (String bad : List.of("0", "-5", "lots", "", "2000000")) {
            assertEquals(-1, HashWork.parse(bad), bad);
        }
    }
}
