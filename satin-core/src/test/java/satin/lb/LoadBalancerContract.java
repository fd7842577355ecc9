package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every balancer must do while the membership changes under it, driven through a
 * {@link FakePort} by one thread. A member may leave while a steal request, a pushed job or a note
 * of this node's is on its way to it; the node still answers each request ("no job") and each push
 * ("no longer in transit"), before or after it tells the balancer that the member left, as the
 * pool does. The balancer must go on with whoever is left, never have more out at once than it
 * may, and never send to a member it was told had gone. The counts are the port's, classified by
 * where each target was when it was sent to, not the balancer's own. One subclass per balancer;
 * clusters c0 = 1..4 and c1 = 5..8, this node 1 (its cluster's lowest id) or 3.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
abstract class LoadBalancerContract {

    /**
     * How much a balancer may have out at once: steal requests (prefetches included), those of
     * them to other clusters, and pushed jobs in transit.
     */
    record Limits(int steals, int wideAreaSteals, int pushes) {
    }

    private final Supplier<LoadBalancer> make;
    private final Limits limits;

    /**
     * Whether the balancer keeps to its cluster when it can: the EARTH ring balancers know one
     * neighbour each way, wherever it is, so for them what is under way may be anywhere and going
     * on means going on with anyone.
     */
    boolean keepsToItsCluster() {
        return true;
    }

    LoadBalancerContract(Supplier<LoadBalancer> make, Limits limits) {
        this.make = make;
        this.limits = limits;
    }

    @ParameterizedTest(name = "node {0}, answered {1} it hears")
    @CsvSource({"1, before", "1, after", "3, before", "3, after"})
    void aMemberLeavesWithSomethingOfOursUnderWay(int self, String answered) {
        Run run = new Run(self);
        int member = run.localWithSomethingOut();
        run.port.clusters.remove(member);
        if (answered.equals("before")) {
            run.answerTo(member); // the pool's order: it gives up the requests, then tells the balancer
            run.membersChanged();
        } else {
            run.membersChanged();
            run.answerTo(member);
        }
        run.assertGoesOn(run.goOn(200));
    }

    @ParameterizedTest(name = "node {0}")
    @ValueSource(ints = {1, 3})
    void everyOtherMemberLeavesAndNewOnesJoin(int self) {
        Run run = new Run(self);
        run.round();
        run.round();
        for (int member : run.port.others()) {
            run.leave(member);
            if (member % 2 == 0) {
                run.answerTo(member); // the rest are answered only once the newcomers are there
            }
        }
        assertEquals(List.of(), run.sentDuring(() -> run.rounds(20)), "alone, it sends nothing");
        for (int member = 9; member <= 12; member++) {
            run.join(member, member <= 10 ? "c0" : "c1");
        }
        run.answer(o -> true);
        run.assertGoesOn(run.goOn(200));
    }

    @ParameterizedTest(name = "node {0}")
    @ValueSource(ints = {1, 3})
    void aMemberLeavesAndANewOneJoinsItsCluster(int self) {
        Run run = new Run(self);
        int member = run.localWithSomethingOut();
        run.leave(member);
        run.join(9, "c0");
        run.answerTo(member); // its answer comes last
        run.assertGoesOn(run.goOn(200));
    }

    /** Something the balancer sent, and whether it went to another cluster. */
    record Out(String what, int to, boolean wideArea) {

        boolean steal() {
            return what.equals("steal") || what.equals("prefetch");
        }

        boolean push() {
            return what.equals("push");
        }
    }

    /** One balancer on one fake node, and what it has out as the port sees it. */
    final class Run {
        final FakePort port;
        final LoadBalancer balancer = make.get();
        private final List<Out> out = new ArrayList<>();
        private final List<Out> log = new ArrayList<>();
        private int seen;

        Run(int self) {
            port = FakePort.grid(self, 2, 4);
            balancer.attach(port);
            record();
        }

        /** A busy moment (a long queue, a tick) and then an idle one. */
        void round() {
            port.queueLength = 100;
            balancer.tick();
            port.queueLength = 0;
            balancer.idle();
            record();
        }

        private void record() {
            for (; seen < port.sent.size(); seen++) {
                FakePort.Sent s = port.sent.get(seen);
                assertTrue(port.others().contains(s.to()), s + ": not to a member");
                Out o = new Out(s.what(), s.to(), !port.clusterOf(s.to()).equals(port.clusterOf(port.self())));
                log.add(o);
                if (o.steal() || o.push()) {
                    out.add(o);
                }
            }
            assertTrue(count(Out::steal) <= limits.steals(), "steal requests out: " + out);
            assertTrue(count(o -> o.steal() && o.wideArea()) <= limits.wideAreaSteals(), "wide-area ones out: " + out);
            assertTrue(count(Out::push) <= limits.pushes(), "pushes in transit: " + out);
        }

        private long count(Predicate<Out> which) {
            return out.stream().filter(which).count();
        }

        /** Answers what is out and matches: steals without a job, pushes as arrived. */
        void answer(Predicate<Out> which) {
            for (Out o : List.copyOf(out)) {
                if (which.test(o)) {
                    out.remove(o);
                    if (o.push()) {
                        balancer.pushDelivered(o.to());
                    } else {
                        balancer.stealReplied(o.to(), false);
                    }
                    record();
                }
            }
        }

        void answerTo(int member) {
            answer(o -> o.to() == member);
        }

        void membersChanged() {
            balancer.membersChanged();
            record();
        }

        void leave(int member) {
            port.clusters.remove(member);
            membersChanged();
        }

        void join(int member, String cluster) {
            port.clusters.put(member, cluster);
            membersChanged();
        }

        /** A member of this node's cluster with a request or a push of this node's under way, if the balancer sends any. */
        int localWithSomethingOut() {
            for (int i = 0; i < 50; i++) {
                round();
                for (Out o : out) {
                    if (!o.wideArea() || !keepsToItsCluster()) {
                        return o.to();
                    }
                }
                answer(o -> true);
            }
            assertTrue(limits.steals() == 0 && limits.pushes() == 0,
                    "nothing was sent to a member of its cluster in 50 rounds");
            return port.inCluster(null).get(0);
        }

        /**
         * What it sent in {@code rounds} rounds, in which local requests are answered at once,
         * wide-area ones every fifth round and pushes every other.
         */
        List<Out> goOn(int rounds) {
            return sentDuring(() -> {
                for (int r = 1; r <= rounds; r++) {
                    boolean fifth = r % 5 == 0;
                    boolean even = r % 2 == 0;
                    round();
                    answer(o -> o.steal() && (!o.wideArea() || fifth));
                    answer(o -> o.push() && even);
                }
            });
        }

        void rounds(int n) {
            for (int i = 0; i < n; i++) {
                round();
            }
        }

        List<Out> sentDuring(Runnable what) {
            int from = log.size();
            what.run();
            return List.copyOf(log.subList(from, log.size()));
        }

        void assertGoesOn(List<Out> sent) {
            if (limits.steals() > 0) {
                long local = sent.stream().filter(o -> o.steal() && (!o.wideArea() || !keepsToItsCluster())).count();
                assertTrue(local >= 10, "it went on stealing in its cluster: " + local + " requests there");
            }
            if (limits.pushes() > 0) {
                assertTrue(sent.stream().filter(Out::push).count() >= 10, "it went on pushing");
            }
        }
    }
}
