package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.HeldLock;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * A thread that holds a monitor calls a spawnable method from outside every node, and the call's
 * code enters the same monitor. The sequential program re-enters it; the rewritten call runs on
 * a worker, which blocks on it, and the caller would wait for ever. It fails instead, naming the
 * lock and where the worker waits, and the call finishes once the caller lets the lock go. The
 * same with a {@code ReentrantLock}.
 * Holding a lock the call does not take changes nothing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HeldLockHazardTest {

    private final RewritingLoader loader = new RewritingLoader(HeldLockHazardTest.class.getClassLoader(), "satin.hazards");

    @Test
    void aCallWhoseCodeTakesALockItsCallerHoldsFailsWithTheLockAndTheWorkerNamed() throws Exception {
        HeldLock sequential = new HeldLock();
        long expected;
        synchronized (sequential) {
            expected = sequential.fib(15); // re-entered on one thread
        }
        Object o = rewritten();
        Method fib = o.getClass().getMethod("fib", int.class);
        Throwable failure;
        synchronized (o) {
            failure = assertThrows(InvocationTargetException.class, () -> fib.invoke(o, 15)).getCause();
        }
        assertInstanceOf(IllegalStateException.class, failure);
        String message = failure.getMessage();
        assertTrue(message.contains("holds the lock of satin.hazards.HeldLock@"), message);
        assertTrue(message.contains("at satin.hazards.HeldLock.count("), message);
        assertTrue(message.contains("thread '" + Thread.currentThread().getName() + "'"), message);
        assertTrue(message.contains("worker '"), message);
        assertTrue(message.contains("the call of satin.hazards.HeldLock.fib it made"), message);

        // the call went on once the lock was let go, and counted every call the sequential one did
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (calls(o) != sequential.calls() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(sequential.calls(), calls(o), "calls counted by the call that went on");
        assertEquals(expected, fib.invoke(o, 15), "the next call, with no lock held");
    }

    @Test
    void soDoesACallThatTakesAReentrantLockItsCallerHolds() throws Exception {
        HeldLock sequential = new HeldLock();
        sequential.counting().lock();
        long expected;
        try {
            expected = sequential.fibLocked(12);
        } finally {
            sequential.counting().unlock();
        }
        Object o = rewritten();
        Method fib = o.getClass().getMethod("fibLocked", int.class);
        ReentrantLock lock = (ReentrantLock) o.getClass().getMethod("counting").invoke(o);
        Throwable failure;
        lock.lock();
        try {
            failure = assertThrows(InvocationTargetException.class, () -> fib.invoke(o, 12)).getCause();
        } finally {
            lock.unlock();
        }
        assertInstanceOf(IllegalStateException.class, failure);
        String message = failure.getMessage();
        assertTrue(message.contains("holds the lock of java.util.concurrent.locks.ReentrantLock"), message);
        assertTrue(message.contains("the call of satin.hazards.HeldLock.fibLocked it made"), message);
        assertEquals(expected, fib.invoke(o, 12), "the next call, with no lock held");
    }

    @Test
    void aWorkerThatHoldsALockAcrossASyncWhoseStolenSpawnTakesItFailsTheCall() throws Exception {
        HeldLock sequential = new HeldLock();
        assertEquals(sequential.slowLeaves(8), sequential.outer(8), "the sequential program re-enters the lock");
        Object o = rewritten();
        Method outer = o.getClass().getMethod("outer", int.class);
        // Left as it is afterwards: its two workers cannot be made to let go of each other, which is
        // what the failure says. They are daemon threads.
        Node wedged = Node.start(NodeConfig.defaults().withName("wedged").withWorkers(2));
        Throwable failure = assertThrows(Exception.class, () -> wedged.call(() -> outer.invoke(o, 8)));
        while (failure.getCause() != null && !(failure instanceof IllegalStateException)) {
            failure = failure.getCause();
        }
        assertInstanceOf(IllegalStateException.class, failure);
        String message = failure.getMessage();
        assertTrue(message.contains("on node 'wedged', worker 'wedged-worker-"), message);
        assertTrue(message.contains("holds the lock of satin.hazards.HeldLock@"), message);
        assertTrue(message.contains("while its sync waits for a spawn of satin.hazards.HeldLock.countedSlowly"), message);
        assertTrue(message.contains("at satin.hazards.HeldLock.count("), message);
    }

    @Test
    void aLockTheCallDoesNotTakeMayBeHeldAcrossIt() throws Exception {
        HeldLock sequential = new HeldLock();
        Object o = rewritten();
        Method slow = o.getClass().getMethod("slowLeaves", int.class);
        Object other = o.getClass().getMethod("other").invoke(o);
        synchronized (other) {
            assertEquals(sequential.slowLeaves(8), slow.invoke(o, 8), "holding a lock of another object");
        }
        synchronized (o) {
            assertEquals(sequential.slowLeaves(8), slow.invoke(o, 8), "holding the receiver's lock, which the call does not take");
        }
    }

    private Object rewritten() throws Exception {
        return loader.loadClass(HeldLock.class.getName()).getConstructor().newInstance();
    }

    private static long calls(Object o) throws Exception {
        return (long) o.getClass().getMethod("calls").invoke(o);
    }
}
