package satin.sim;

import java.util.Arrays;
import satin.net.Traffic;
import satin.stats.StealLog;

/**
 * Jobs between simulated nodes, as the real steal protocol ({@code satin.steal.StealProtocol})
 * moves them: steal requests (and CLS's prefetches) and their replies, pushed jobs and their
 * receipts, results, and balancers' notes; every message in the {@link WireFrame} of the real
 * message it stands for, so that it occupies its link as long.
 *
 * <p>A victim gives the oldest job it has: one that arrived from elsewhere and waits unrun first
 * (its result is passed back through this node), else the public tail of a worker's deque, the
 * worker picked at random. A job given away is remembered under a number until its result comes
 * back; the frame that spawned it waits for it meanwhile.
 */
final class Protocol {

    static final int STEAL_REQUEST = 0;
    static final int STEAL_REPLY = 1;
    static final int PUSH = 2;
    static final int PUSH_RECEIVED = 3;
    static final int RESULT = 4;
    static final int NOTE = 5;
    /** A further job of a steal reply's chunk: a reply of its own in the real protocol, with no request left to answer. */
    static final int CHUNK_JOB = 6;

    /** A job given away came from a worker's deque, or arrived from elsewhere and was passed on. */
    private static final int FROM_DEQUE = 0;
    private static final int PASSED_ON = 1;

    private final Simulation sim;
    private final Messages messages;
    private final int words;
    private final long[] offered;

    private final Indices asks = new Indices();
    private int[] askVictim = new int[64];
    private long[] askSent = new long[64];
    private boolean[] askPrefetch = new boolean[64];
    /** For a request passed on for a thief: the thief (else -1), its request's number, and the members tried before. */
    private int[] askForThief = new int[64];
    private long[] askThiefRequest = new long[64];
    private int[] askTried = new int[64];

    private final Indices away = new Indices();
    private int[] awayHolder = new int[64];
    private int[] awayKind = new int[64];
    private int[] awayOwner = new int[64];
    private long[] awayId = new long[64];
    private boolean[] awayPushed = new boolean[64];
    /** The target of a pushed job not yet received, else -1. */
    private int[] awayInTransit = new int[64];

    Protocol(Simulation sim) {
        this.sim = sim;
        this.words = sim.workload().words();
        this.messages = new Messages(words);
        this.offered = new long[words];
    }

    long messagesSent() {
        return messages.created();
    }

    int messagesInFlight() {
        return messages.inFlight();
    }

    // ------------------------------------------------------------------ a node asks, pushes, notes

    void ask(SimNode thief, int victim, boolean prefetch) {
        ask(thief, victim, prefetch, -1, 0, 0);
    }

    private void ask(SimNode thief, int victim, boolean prefetch, int forThief, long thiefRequest, int tried) {
        int r = asks.take();
        if (r == askVictim.length) {
            askVictim = Arrays.copyOf(askVictim, 2 * r);
            askSent = Arrays.copyOf(askSent, 2 * r);
            askPrefetch = Arrays.copyOf(askPrefetch, 2 * r);
            askForThief = Arrays.copyOf(askForThief, 2 * r);
            askThiefRequest = Arrays.copyOf(askThiefRequest, 2 * r);
            askTried = Arrays.copyOf(askTried, 2 * r);
        }
        askVictim[r] = victim;
        askSent[r] = sim.now();
        askPrefetch[r] = prefetch;
        askForThief[r] = forThief;
        askThiefRequest[r] = thiefRequest;
        askTried[r] = tried;
        Counters c = thief.counters;
        c.stealRequestsSent++;
        if (prefetch) {
            c.prefetchRequests++;
        } else if (sim.network().wideArea(thief.id, victim)) {
            c.wanStealRequests++;
        } else {
            c.lanStealRequests++;
        }
        // the second field marks a request passed on for another thief, as the real request number's bit does
        send(STEAL_REQUEST, thief.id, victim, r, forThief >= 0 ? 1 : 0, 0, null, WireFrame.STEAL_REQUEST, 0);
    }

    /** Pushes a job spawned on {@code from}: one pushed there runs there (van Nieuwpoort, Kielmann and Bal, PPoPP 2001 section 3.2 pushes after a spawn). */
    boolean push(SimNode from, int target) {
        int x = offer(from, true);
        if (x < 0) {
            return false;
        }
        awayPushed[x] = true;
        awayInTransit[x] = target;
        from.counters.jobsPushed++;
        from.timeline.steals.record(StealLog.PUSHED, target, x, sim.now(), sim.now());
        send(PUSH, from.id, target, x, 0, 0, offered, WireFrame.PUSH, sim.workload().jobBytes());
        return true;
    }

    void note(SimNode from, int to, int kind, long value) {
        from.counters.notesSent++;
        send(NOTE, from.id, to, value, 0, kind, null, WireFrame.NOTE, 0);
    }

    /** A job that came from {@code owner} (its number there {@code id}) is done here: its result goes back. */
    void result(SimNode from, int owner, long id) {
        from.counters.resultsSent++;
        send(RESULT, from.id, owner, id, 0, 0, null, WireFrame.RESULT, sim.workload().resultBytes());
    }

    /** Sends a message of {@code type} in {@code frame}, whose payload (a job's or a result's) is {@code payloadBytes}. */
    private void send(int type, int from, int to, long a, long b, int s, long[] job, WireFrame frame, int payloadBytes) {
        int bytes = frame.bytes(payloadBytes);
        int m = messages.create(type, from, to, a, b, s, job, 0);
        if (sim.batches() != null) {
            sim.batches().send(from, to, m, bytes);
        } else {
            transmit(from, to, new int[] {m}, 1, bytes);
        }
    }

    /**
     * Puts the first {@code count} of {@code ms} on the link as one frame of {@code bytes}: they
     * arrive together, in order, and the frame counts once, with the first of them.
     */
    void transmit(int from, int to, int[] ms, int count, int bytes) {
        boolean wide = sim.network().wideArea(from, to);
        sim.node(from).counters.sent(wide, bytes);
        sim.node(from).timeline.messages.add(Traffic.SENT, sim.now(), 1);
        long at = sim.network().arrival(from, to, bytes, sim.now());
        for (int i = 0; i < count; i++) {
            sim.scheduleArrival(ms[i], at, i == 0 ? bytes : 0);
        }
    }

    // ------------------------------------------------------------------ messages arrive

    void arrive(int m, int bytes) {
        int type = messages.type(m);
        int from = messages.from(m);
        SimNode to = sim.node(messages.to(m));
        if (bytes > 0) { // 0: a later message of a batch, whose frame came with the first
            to.counters.received(sim.network().wideArea(from, to.id), bytes);
            to.timeline.messages.add(Traffic.RECEIVED, sim.now(), 1);
        }
        switch (type) {
            case STEAL_REQUEST -> stealRequest(to, from, messages.first(m), messages.second(m) != 0);
            case STEAL_REPLY -> stealReply(to, from, m);
            case CHUNK_JOB -> chunkJobArrived(to, from, m);
            case PUSH -> pushed(to, from, m);
            case PUSH_RECEIVED -> delivered(to, (int) messages.first(m));
            case RESULT -> resultArrived(to, (int) messages.first(m));
            case NOTE -> {
                to.counters.notesReceived++;
                to.noted(from, messages.small(m), messages.first(m));
            }
            default -> throw new IllegalStateException("message type " + type);
        }
        messages.release(m);
    }

    private void stealRequest(SimNode victim, int thief, long request, boolean passedOn) {
        victim.counters.stealRequestsReceived++;
        int x = offer(victim, false);
        if (x < 0 && passedOn && !victim.balancer().passesOnPassedRequests()) {
            send(STEAL_REPLY, victim.id, thief, request, -1, 0, null, WireFrame.EMPTY_REPLY, 0);
            return;
        }
        if (x < 0) {
            passOn(victim, thief, request, 0);
            return;
        }
        give(victim, thief, request, x);
        giveRestOfChunk(victim, thief);
    }

    /** Steal-half (or N): the chunk's other jobs, oldest first, each in a frame of its own, as the real victim sends them. */
    private void giveRestOfChunk(SimNode victim, int thief) {
        int more = victim.balancer().stealChunk().jobsOf(victim.queueLength() + 1) - 1;
        for (int k = 0; k < more; k++) {
            int x = offer(victim, false);
            if (x < 0) {
                return;
            }
            victim.counters.jobsGiven++;
            victim.timeline.steals.record(StealLog.GAVE, thief, x, sim.now(), sim.now());
            victim.counters.chunkJobsGiven++;
            if (sim.network().wideArea(victim.id, thief)) {
                victim.counters.wanChunkJobsGiven++;
            }
            send(CHUNK_JOB, victim.id, thief, 0, x, 0, offered, WireFrame.REPLY, sim.workload().jobBytes());
        }
    }

    /** A chunk's further job waits at the node it came to like any that arrived (at a node that passed a request on, too). */
    private void chunkJobArrived(SimNode thief, int victim, int m) {
        thief.arrivals().add(messages.jobs(), messages.jobOffset(m), victim, messages.second(m));
        thief.timeline.steals.record(StealLog.GOT, victim, messages.second(m), sim.now(), sim.now());
        thief.jobArrived();
    }

    private void give(SimNode victim, int thief, long request, int x) {
        victim.counters.jobsGiven++;
        victim.timeline.steals.record(StealLog.GAVE, thief, x, sim.now(), sim.now());
        send(STEAL_REPLY, victim.id, thief, request, x, 0, offered, WireFrame.REPLY, sim.workload().jobBytes());
    }

    /** A thief's request found nothing at {@code node}: passed on where its balancer says, else answered empty. */
    private void passOn(SimNode node, int thief, long request, int tried) {
        int next = node.passOn(thief, tried);
        if (next < 0 || next == thief || next == node.id) {
            send(STEAL_REPLY, node.id, thief, request, -1, 0, null, WireFrame.EMPTY_REPLY, 0);
            return;
        }
        node.counters.stealRequestsPassedOn++;
        ask(node, next, false, thief, request, tried);
    }

    private void stealReply(SimNode thief, int victim, int m) {
        int r = (int) messages.first(m);
        long x = messages.second(m);
        boolean prefetch = askPrefetch[r];
        int forThief = askForThief[r];
        Counters c = thief.counters;
        thief.roundTrips.record(victim, sim.now() - askSent[r]);
        if (forThief < 0) {
            c.stealWaitNanos += sim.now() - askSent[r];
        }
        asks.give(r);
        boolean got = x >= 0;
        thief.timeline.steals.record(got ? StealLog.GOT : StealLog.EMPTY, victim, got ? x : -1, askSent[r], sim.now());
        if (forThief >= 0) {
            countReply(thief, victim, got, false);
            passedOnReplied(thief, victim, m, forThief, askThiefRequest[r], askTried[r]);
            return;
        }
        countReply(thief, victim, got, prefetch);
        if (got) {
            thief.arrivals().add(messages.jobs(), messages.jobOffset(m), victim, x);
            thief.jobArrived();
        }
        thief.stealReplied(victim, got);
    }

    /** The job a request passed on for a thief brought goes on to the thief (its result will come back this way); else the request goes on. */
    private void passedOnReplied(SimNode node, int victim, int m, int thief, long request, int tried) {
        long x = messages.second(m);
        if (x < 0) {
            passOn(node, thief, request, tried + 1);
            return;
        }
        System.arraycopy(messages.jobs(), messages.jobOffset(m), offered, 0, words);
        give(node, thief, request, remember(node, PASSED_ON, victim, x));
    }

    private void countReply(SimNode thief, int victim, boolean got, boolean prefetch) {
        Counters c = thief.counters;
        if (got) {
            c.stealRepliesWithJob++;
            if (prefetch) {
                c.prefetched++;
            } else if (sim.network().wideArea(thief.id, victim)) {
                c.wanSteals++;
            } else {
                c.lanSteals++;
            }
        } else {
            c.stealRepliesEmpty++;
        }
    }

    private void pushed(SimNode target, int from, int m) {
        long x = messages.first(m);
        send(PUSH_RECEIVED, target.id, from, x, 0, 0, null, WireFrame.PUSH_RECEIVED, 0);
        target.counters.pushesReceived++;
        target.timeline.steals.record(StealLog.PUSH_GOT, from, x, sim.now(), sim.now());
        target.arrivals().add(messages.jobs(), messages.jobOffset(m), from, x);
        target.jobArrived();
    }

    /** A pushed job is no longer in transit: its balancer may push again. */
    private void delivered(SimNode holder, int x) {
        int target = awayInTransit[x];
        if (target >= 0) {
            awayInTransit[x] = -1;
            holder.pushDelivered(target);
        }
    }

    private void resultArrived(SimNode holder, int x) {
        if (awayHolder[x] != holder.id) {
            throw new IllegalStateException("node " + holder.name() + " got the result of job " + x + ", which it did not give");
        }
        delivered(holder, x);
        holder.counters.resultsReceived++;
        boolean pushed = awayPushed[x];
        if (awayKind[x] == PASSED_ON) {
            result(holder, awayOwner[x], awayId[x]);
        } else {
            holder.worker(awayOwner[x]).childDone((int) awayId[x]);
        }
        away.give(x);
        holder.jobCameBack(pushed);
    }

    // ------------------------------------------------------------------ what a victim gives

    /**
     * The oldest job the node can give (one spawned there if {@code spawnedHere}), copied to
     * {@link #offered} and remembered: its number, or -1 if none.
     */
    private int offer(SimNode node, boolean spawnedHere) {
        Arrivals a = node.arrivals();
        if (!spawnedHere && a.size() > 0 && a.oldestTravels()) {
            int p = a.oldest();
            System.arraycopy(a.jobs(), p * words, offered, 0, words);
            int x = remember(node, PASSED_ON, a.owner(p), a.id(p));
            a.remove();
            return x;
        }
        SimWorker[] ws = node.workers();
        int start = ws.length == 1 ? 0 : node.random(ws.length);
        for (int k = 0; k < ws.length; k++) {
            SimWorker w = ws[(start + k) % ws.length];
            int slot = w.deque.steal();
            if (slot >= 0) {
                System.arraycopy(w.deque.jobs(), slot * words, offered, 0, words);
                return remember(node, FROM_DEQUE, w.index, w.stolen(slot));
            }
        }
        return -1;
    }

    private int remember(SimNode holder, int kind, int owner, long id) {
        int x = away.take();
        if (x == awayHolder.length) {
            int n = 2 * x;
            awayHolder = Arrays.copyOf(awayHolder, n);
            awayKind = Arrays.copyOf(awayKind, n);
            awayOwner = Arrays.copyOf(awayOwner, n);
            awayId = Arrays.copyOf(awayId, n);
            awayPushed = Arrays.copyOf(awayPushed, n);
            awayInTransit = Arrays.copyOf(awayInTransit, n);
        }
        awayHolder[x] = holder.id;
        awayKind[x] = kind;
        awayOwner[x] = owner;
        awayId[x] = id;
        awayPushed[x] = false;
        awayInTransit[x] = -1;
        return x;
    }
}
