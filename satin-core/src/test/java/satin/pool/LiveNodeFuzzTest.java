package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.codec.Decoding;
import satin.codec.JobCodec;
import satin.lb.RandomStealing;
import satin.net.Liveness;
import satin.net.LogCapture;
import satin.net.Message;
import satin.registry.Registry;
import satin.runtime.NodeConfig;

/**
 * A live node over TCP, attacked while its pool computes: by strangers (random bytes, a forged
 * length and a frame of 15 MiB before any handshake, both behind the plain preamble, a TLS record
 * header before junk, a handshake that never comes, a flood of connections) and by a member that knows the secret and pushes jobs whose payloads are built to
 * hang or exhaust a decoder (children shared down 60 levels, colliding hash codes, a cycle, a
 * graph 20,000 deep). The run must end with the sequential result, each bad connection and each
 * refused job must be logged once with its reason, and the node's threads and heap must come back
 * to where they were after a first round of the same attacks.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LiveNodeFuzzTest {

    private static final String SECRET = "secret";
    /** Also the handshake's deadline: long enough for a loaded machine, short enough to wait for. */
    private static final long FAILURE_MILLIS = 3_000;
    private static final long WAIT_SECONDS = 30;
    private static int pools;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final LogCapture netLog = LogCapture.of("satin.net");
    private final LogCapture poolLog = LogCapture.of("satin.pool");
    private final String pool = "fuzz-" + (++pools);
    private final Liveness.Settings liveness = Liveness.Settings.of(TimeUnit.MILLISECONDS.toNanos(FAILURE_MILLIS));
    private Registry registry;
    private PoolNode master;
    private PoolNode victim;
    private long pushes;

    @AfterEach
    void closeEverything() {
        java.util.Collections.reverse(open);
        Faults.closeAll(open);
        netLog.close();
        poolLog.close();
    }

    private PoolNode node(int i) throws InterruptedException {
        PoolNode p = PoolNode.join(PoolConfig.of(pool, SECRET, pool + "-" + i, "c", "tcp://127.0.0.1:0",
                registry.address(), i == 0).withFailureTimeout(FAILURE_MILLIS), NodeConfig.defaults(),
                new RandomStealing(), Allowlist.forProgram());
        open.add(p);
        return p;
    }

    @Test
    void aPoolUnderAttackFinishesItsRunLogsEachAttackOnceAndReturnsToItsBaseline() throws Exception {
        registry = Registry.start(PoolNode.transport(), pool, SECRET, "local://" + pool + "/registry", null, liveness);
        open.add(registry);
        master = node(0);
        victim = node(1);
        Faults.FakeMember hostile = Faults.FakeMember.join(pool, SECRET, "c", registry.address(), pool + "-hostile",
                "local://" + pool + "/hostile", liveness);
        open.add(hostile);
        Faults.await("the nodes to know 3 members", 10, () -> master.members().size() == 3 && victim.members().size() == 3);
        Faults.Peer link = hostile.link(victim.address(), liveness);

        attack(link); // the first round starts what starts lazily: event loops, the deep decoder
        long[] baseline = footprint();

        long n = 40_000;
        Future<Long> run = Faults.start("the run", () -> master.node().call(() -> new Summing(20, 200_000).sum(0, n)));
        for (int round = 0; round < 3; round++) {
            attack(link);
        }
        assertEquals(Summing.sequential(0, n), Faults.finish("the run", run, 60), "the run under attack");
        assertEquals(3, victim.members().size(), "the hostile member is still one: what it sent was well formed");

        Faults.await("threads and heap back to their baseline " + java.util.Arrays.toString(baseline), WAIT_SECONDS, () -> {
            long[] now = footprint();
            return now[0] <= baseline[0] && now[1] <= baseline[1] + (64L << 20);
        });
    }

    /** Every attack once: each stranger's connection closed and logged once, each hostile job refused or run. */
    private void attack(Faults.Peer link) throws Exception {
        URI at = URI.create(victim.address());
        InetSocketAddress victimAt = new InetSocketAddress(at.getHost(), at.getPort());
        SplittableRandom random = new SplittableRandom(pushes);
        List<Socket> strangers = new ArrayList<>();
        int linesBefore = netLog.lines().size();
        byte[] garbage = new byte[64 << 10];
        random.nextBytes(garbage);
        strangers.add(send(victimAt, garbage));
        strangers.add(send(victimAt, plain(new byte[] {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 1, 2, 3})));
        strangers.add(hugeFrame(victimAt));
        byte[] notReallyTls = new byte[5 + 256]; // a TLS record header, then no handshake TLS can read
        random.nextBytes(notReallyTls);
        System.arraycopy(new byte[] {0x16, 3, 3, 1, 0}, 0, notReallyTls, 0, 5);
        strangers.add(send(victimAt, notReallyTls));
        strangers.add(send(victimAt, new byte[0])); // a handshake that never comes
        strangers.forEach(s -> logFrom.put(s, linesBefore));
        for (Socket s : strangers) {
            awaitClosedByPeer(s);
        }
        for (Socket s : strangers) {
            assertLoggedOnce(s);
        }
        flood(victimAt);
        hostileJobs(link);
    }

    /** More connections than may await their handshake: the node refuses the rest, logging each once. */
    private void flood(InetSocketAddress victimAt) throws Exception {
        List<Socket> flood = new ArrayList<>();
        int linesBefore = netLog.lines().size();
        try {
            for (int i = 0; i < 48; i++) {
                flood.add(send(victimAt, new byte[0]));
                logFrom.put(flood.get(i), linesBefore);
            }
            Faults.await("the flood's connections past 32 refused", WAIT_SECONDS,
                    () -> flood.stream().filter(s -> logged(s) == 1).count() >= flood.size() - 32);
        } finally {
            for (Socket s : flood) {
                s.close();
            }
        }
        for (Socket s : flood) {
            assertTrue(logged(s) <= 1, s + " logged " + logged(s) + " times: " + netLog.lines());
        }
    }

    /** Jobs from a member with the secret: the hostile ones declined with their reason, the odd but honest ones run. */
    private void hostileJobs(Faults.Peer link) throws Exception {
        expectDeclined(link, sharedNest(60));
        expectDeclined(link, collidingLists(20_000));
        List<Object> cyclic = new ArrayList<>();
        cyclic.add(cyclic);
        expectRun(link, cyclic);
        Object deep = "bottom";
        for (int i = 0; i < 20_000; i++) {
            deep = new ArrayList<>(List.of(deep));
        }
        expectRun(link, deep);
    }

    private long push(Faults.Peer link, Object note) {
        JobCodec codec = new JobCodec(Allowlist.forProgram());
        byte[] payload = Decoding.encode("a hostile job", () -> codec.writeJob(new Summing$$Spawn0(new Summing(20, 0, note), 0, 10)));
        long job = ++pushes;
        link.send(new Message.Push(job, payload));
        return job;
    }

    private void expectDeclined(Faults.Peer link, Object note) throws Exception {
        long declinedBefore = poolLog.containing("declines job").size();
        long job = push(link, note);
        Message.Declined d = link.next(Message.Declined.class, WAIT_SECONDS);
        assertEquals(job, d.job());
        assertTrue(d.reason().contains("steps of hashing or comparing"), d.reason());
        Faults.await("the refusal logged", WAIT_SECONDS, () -> poolLog.containing("declines job").size() > declinedBefore);
        List<String> lines = poolLog.containing("declines job " + job + " ");
        assertEquals(1, lines.size(), poolLog.lines().toString());
        assertTrue(lines.get(0).contains(pool + "-hostile"), lines.get(0));
    }

    private void expectRun(Faults.Peer link, Object note) throws Exception {
        long job = push(link, note);
        Message.Result r = link.next(Message.Result.class, WAIT_SECONDS);
        assertEquals(job, r.job());
        assertEquals(false, r.failed(), "an odd but honest job runs");
    }

    /** Two sets a level that both hold both sets of the level below, built top-down so that only reading hashes deeply. */
    private static Set<Object> sharedNest(int depth) {
        List<Set<Object>> a = new ArrayList<>();
        List<Set<Object>> b = new ArrayList<>();
        for (int k = 0; k <= depth; k++) {
            a.add(new HashSet<>(Set.of("a" + k)));
            b.add(new HashSet<>(Set.of("b" + k)));
        }
        for (int k = 0; k < depth; k++) {
            for (Set<Object> s : List.of(a.get(k), b.get(k))) {
                s.add(a.get(k + 1));
                s.add(b.get(k + 1));
            }
        }
        return a.get(0);
    }

    /** Lists [i, 7 - 31 i], all of one hash code once the second elements are in (after the set was built). */
    private static Set<Object> collidingLists(int count) {
        Set<Object> set = new HashSet<>();
        for (int i = 0; i < count; i++) {
            List<Integer> l = new ArrayList<>(List.of(i));
            set.add(l);
            l.add(7 - 31 * i);
        }
        return set;
    }

    /**
     * {@code frames} after the bytes that open a plain connection: past the check for TLS, to the
     * frame decoder, as a stranger in the node's own cluster may go under the default policy.
     */
    private static byte[] plain(byte[] frames) {
        byte[] preamble = "satin".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] all = java.util.Arrays.copyOf(preamble, preamble.length + frames.length);
        System.arraycopy(frames, 0, all, preamble.length, frames.length);
        return all;
    }

    private static Socket send(InetSocketAddress at, byte[] bytes) throws IOException {
        Socket s = new Socket();
        s.connect(at, 10_000);
        s.setSoTimeout(500);
        try {
            s.getOutputStream().write(bytes);
        } catch (IOException closedAlready) {
            // the node may close before all is written
        }
        return s;
    }

    /** A length prefix of 15 MiB, then a mebibyte of it: the node must stop reading long before. */
    private static Socket hugeFrame(InetSocketAddress at) throws IOException {
        Socket s = send(at, plain(new byte[] {0, (byte) 0xF0, 0, 0}));
        try {
            OutputStream out = s.getOutputStream();
            byte[] chunk = new byte[64 << 10];
            for (int i = 0; i < 16; i++) {
                out.write(chunk);
            }
        } catch (IOException closed) {
            // what should happen
        }
        return s;
    }

    private static void awaitClosedByPeer(Socket s) throws Exception {
        InputStream in = s.getInputStream();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        byte[] sink = new byte[4096];
        while (System.nanoTime() < deadline) {
            try {
                if (in.read(sink) < 0) {
                    s.close();
                    return;
                }
            } catch (SocketTimeoutException stillOpen) {
                // read again
            } catch (IOException reset) {
                s.close();
                return;
            }
        }
        throw new AssertionError(s + " was not closed by the node within " + WAIT_SECONDS + " s");
    }

    /** Where each socket's lines may begin: a port closed earlier in the test may come back to a later socket. */
    private final java.util.Map<Socket, Integer> logFrom = new java.util.IdentityHashMap<>();

    /** How many lines of the network log name the connection {@code s} made, since it was made. */
    private long logged(Socket s) {
        Pattern from = Pattern.compile("127\\.0\\.0\\.1:" + s.getLocalPort() + "(?!\\d)");
        List<String> lines = netLog.lines();
        return lines.subList(Math.min(logFrom.getOrDefault(s, 0), lines.size()), lines.size()).stream()
                .filter(l -> from.matcher(l).find()).count();
    }

    private void assertLoggedOnce(Socket s) throws InterruptedException {
        Faults.await(s + " logged", WAIT_SECONDS, () -> logged(s) >= 1);
        assertEquals(1, logged(s), s + ": " + netLog.lines());
    }

    /** Live threads and the heap in use after a collection. */
    private static long[] footprint() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return new long[] {ManagementFactory.getThreadMXBean().getThreadCount(),
            ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()};
    }
}
