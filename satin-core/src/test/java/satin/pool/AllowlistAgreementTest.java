package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.lb.RandomStealing;
import satin.registry.Registry;
import satin.runtime.NodeConfig;

/**
 * The members of a pool agree on one allowlist, and a job one end refuses runs at its owner: a
 * node whose {@code -Dsatin.allow} differs from the pool's is not admitted; a job the thief cannot
 * read is declined and run by its owner, never failing the program's call.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AllowlistAgreementTest {

    /** Something only the owner allows: its program registered it, the thief's did not. */
    static final class Token {
        final String text;

        Token(String text) {
            this.text = text;
        }
    }

    private static PoolNode join(Registry registry, String pool, int i, Allowlist allowlist) throws InterruptedException {
        return PoolNode.join(PoolConfig.of(pool, "secret", pool + "-" + i, "c", "local://" + pool + "-" + i,
                registry.address(), i == 0), NodeConfig.defaults(), new RandomStealing(), allowlist);
    }

    private static Allowlist allowing(String configured) {
        return new Allowlist(AllowlistAgreementTest.class.getClassLoader(), configured);
    }

    /**
     * A setting that names no class nor package matched nothing: the program's classes were refused
     * "allow it with -Dsatin.allow=..." while its user believed it had.
     */
    @Test
    void aSettingThatNamesNoClassNorPackageIsRefusedNamingIt() {
        for (String bad : List.of("*", "com..acme.Point", "com/acme/Point", "com.acme.*.Point", "com.acme.Point,,x.Y",
                "com.acme.Point;")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> allowing(bad), bad);
            assertTrue(e.getMessage().startsWith("-Dsatin.allow=" + bad + ": '"), e.getMessage());
            assertTrue(e.getMessage().contains("is neither a class"), e.getMessage());
        }
        assertEquals("com.acme.*,com.acme.Outer$Inner,x.Y",
                allowing(" com.acme.Outer$Inner , x.Y,com.acme.*").agreed());
        assertEquals("", allowing(" ").agreed());
        String deep = "a.".repeat(20_000) + "B";
        assertEquals(deep, allowing(deep).agreed(), "a name of 20,000 parts is read, not a stack overflow");
    }

    @Test
    void aNodeThatAllowsOtherClassesIsNotAdmittedAndBothListsAreNamed() throws Exception {
        Registry registry = Registry.start(PoolNode.transport(), "agree", "secret", "local://agree-registry");
        try (PoolNode first = join(registry, "agree", 0, allowing("org.acme.*, com.acme.Point,com.acme.Point"));
                PoolNode same = join(registry, "agree", 1, allowing("com.acme.Point,org.acme.*"))) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> join(registry, "agree", 2, allowing("com.acme.Line")));
            String m = e.getMessage();
            assertTrue(m.contains("node agree-2 allows -Dsatin.allow=com.acme.Line to travel, but the pool allows "
                    + "-Dsatin.allow=com.acme.Point,org.acme.* (as its first member, agree-0, announced)"), m);
            IllegalStateException none = assertThrows(IllegalStateException.class,
                    () -> join(registry, "agree", 3, allowing(null)));
            assertTrue(none.getMessage().contains("allows no class beyond the defaults (no -Dsatin.allow)"),
                    none.getMessage());
        } finally {
            registry.close();
        }
    }

    /** The thief may send a result its owner does not allow: the owner drops it and runs the job itself. */
    @Test
    void aResultTheOwnerRefusesMakesItRunTheJobItself() throws Exception {
        List<String> logged = new CopyOnWriteArrayList<>();
        Logger log = capture(logged);
        Registry registry = Registry.start(PoolNode.transport(), "result", "secret", "local://result-registry");
        Allowlist thiefs = allowing(null);
        thiefs.allow(Counting.Tally.class);
        try (PoolNode owner = join(registry, "result", 0, allowing(null));
                PoolNode thief = join(registry, "result", 1, thiefs)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            do { // until the thief has sent back at least one result
                Object tally = owner.node().call(() -> new Counting(100_000).count(0, 64));
                assertEquals(64, ((Counting.Tally) tally).count, "no call failed, nothing was lost");
            } while (owner.poolStats().jobsRefused.get() == 0 && System.nanoTime() < deadline);
            long refused = owner.poolStats().jobsRefused.get();
            assertTrue(refused > 0, "the owner refused a result");
            assertEquals(owner.poolStats().resultsReceived.get(), refused, "every result that came was refused");
            // (the owner steals from the thief too, and declines the results it may not send: the thief logs those)
            List<String> lines = logged.stream().filter(l -> l.startsWith("node result-0 runs a job here")).toList();
            assertEquals(refused, lines.size(), "one line per refused result: " + lines);
            assertTrue(lines.get(0).contains("its result from result-1 may not travel here: class "
                    + Counting.Tally.class.getName() + " may not travel"), lines.get(0));
            assertTrue(lines.get(0).contains("field path, innermost first: result of "), lines.get(0));
        } finally {
            log.removeHandler(handler);
            registry.close();
        }
    }

    private Handler handler;

    /** Collects what the pool logs, formatted. */
    private Logger capture(List<String> logged) {
        handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getMessage() != null && r.getParameters() != null) {
                    logged.add(java.text.MessageFormat.format(r.getMessage(), r.getParameters()));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger("satin.pool");
        log.addHandler(handler);
        return log;
    }

    @Test
    void aJobTheThiefRefusesRunsAtItsOwnerWithOneLineSayingWhy() throws Exception {
        List<String> logged = new CopyOnWriteArrayList<>();
        Logger log = capture(logged);
        Registry registry = Registry.start(PoolNode.transport(), "decline", "secret", "local://decline-registry");
        Allowlist owners = allowing(null);
        owners.allow(Token.class);
        try (PoolNode owner = join(registry, "decline", 0, owners);
                PoolNode thief = join(registry, "decline", 1, allowing(null))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            long n = 4_000;
            do { // until the thief has stolen, refused and given back at least one job
                long result = owner.node().call(() -> new Summing(50, 100_000, new Token("owner's")).sum(0, n));
                assertEquals(Summing.sequential(0, n), result, "no call failed, nothing was lost");
            } while (owner.poolStats().jobsRefused.get() == 0 && System.nanoTime() < deadline);
            long declined = owner.poolStats().jobsRefused.get();
            assertTrue(declined > 0, "the thief declined a job");
            assertEquals(0, thief.poolStats().resultsSent.get(), "the thief ran none of them");
            assertEquals(owner.poolStats().jobsGiven.get(), declined, "every job given came back declined");
            List<String> lines = logged.stream().filter(l -> l.startsWith("node decline-0 runs a job here")).toList();
            assertEquals(declined, lines.size(), "one line per declined job: " + lines);
            assertTrue(lines.get(0).contains("class " + Token.class.getName() + " may not travel"), lines.get(0));
            assertTrue(lines.get(0).contains("note"), "the field path: " + lines.get(0));
        } finally {
            log.removeHandler(handler);
            registry.close();
        }
    }
}
