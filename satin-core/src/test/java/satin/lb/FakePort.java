package satin.lb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A node as a balancer sees it, with nothing behind: members and their clusters, a queue length
 * the test sets, a clock the test moves, seeded randomness, and a record of everything the
 * balancer sent. Replies are given by calling the balancer directly.
 */
final class FakePort implements BalancerPort {

    /** Something the balancer sent. */
    record Sent(String what, int to, long value) {
    }

    final int self;
    /** Members (this node included) and their clusters. */
    final Map<Integer, String> clusters = new TreeMap<>();
    final Map<String, Long> latencies = new TreeMap<>();
    /** One-way distances measured to members; the configured latency for the others. */
    final Map<Integer, Long> measured = new TreeMap<>();
    final List<Sent> sent = new ArrayList<>();

    /** A note the balancer sent, with its kind. */
    record Note(int to, int kind, long value) {
    }

    final List<Note> notes = new ArrayList<>();
    int queueLength;
    long now;
    /** How many jobs {@link #pushJob} may still take from the queue. */
    int pushable = Integer.MAX_VALUE;
    private final Random random = new Random(42);

    FakePort(int self, Map<Integer, String> clusters) {
        this.self = self;
        this.clusters.putAll(clusters);
    }

    /** {@code clusters} clusters of {@code perCluster} nodes each, ids from 1, cluster names c0, c1, ... */
    static FakePort grid(int self, int clusters, int perCluster) {
        Map<Integer, String> m = new TreeMap<>();
        for (int c = 0; c < clusters; c++) {
            for (int i = 0; i < perCluster; i++) {
                m.put(1 + c * perCluster + i, "c" + c);
            }
        }
        return new FakePort(self, m);
    }

    List<Integer> sentTo(String what) {
        return sent.stream().filter(s -> s.what().equals(what)).map(Sent::to).toList();
    }

    int count(String what) {
        return sentTo(what).size();
    }

    @Override
    public int self() {
        return self;
    }

    @Override
    public List<Integer> others() {
        return clusters.keySet().stream().filter(m -> m != self).toList();
    }

    @Override
    public String clusterOf(int member) {
        return clusters.getOrDefault(member, "");
    }

    @Override
    public long latencyNanos(int member) {
        String from = clusterOf(self);
        String to = clusterOf(member);
        return from.equals(to) ? 0 : latencies.getOrDefault(from + ">" + to, 10_000_000L);
    }

    @Override
    public long distanceNanos(int member) {
        return measured.getOrDefault(member, latencyNanos(member));
    }

    @Override
    public int queueLength() {
        return queueLength;
    }

    @Override
    public void requestSteal(int victim) {
        sent.add(new Sent("steal", victim, 0));
    }

    /** When set, every prefetch is answered "no job" before {@code prefetch} returns. */
    LoadBalancer answersPrefetchesAtOnce;

    @Override
    public void prefetch(int victim) {
        sent.add(new Sent("prefetch", victim, 0));
        if (answersPrefetchesAtOnce != null) {
            answersPrefetchesAtOnce.stealReplied(victim, false);
        }
    }

    @Override
    public boolean pushJob(int target) {
        if (pushable == 0 || queueLength == 0) {
            return false;
        }
        pushable--;
        queueLength--;
        sent.add(new Sent("push", target, 0));
        return true;
    }

    @Override
    public void note(int member, int kind, long value) {
        sent.add(new Sent("note", member, value));
        notes.add(new Note(member, kind, value));
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public int random(int bound) {
        return random.nextInt(bound);
    }
}
