package satin.deploy.report;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import satin.stats.StealLog;
import satin.stats.report.NodeReport;
import satin.stats.report.Timeline;

/**
 * The jobs that moved between a run's nodes and the steal requests that brought none, as slices on
 * each node's steal tracks, with a flow (an arrow in the viewer) from each job's giver to its
 * taker. A giver's entry and its taker's are matched by the giver's number for the job, first
 * come first matched, since a number is used again once its job's result is back; an entry whose
 * other side was not kept (a full log, a node that did not report) stands without an arrow.
 * Slices that overlap go on tracks side by side, at most {@link #MAX_LANES} a node.
 */
final class JobMoves {

    static final String GAVE = "gave a job";
    static final String GOT = "stole a job";
    static final String EMPTY = "steal failed";
    static final String PUSHED = "pushed a job";
    static final String PUSH_GOT = "got a pushed job";
    private static final String[] NAMES = {GAVE, GOT, EMPTY, PUSHED, PUSH_GOT};
    static final int MAX_LANES = 16;

    /** A move, the track it goes on, and the flow it begins ({@code "out"}) or ends ({@code "in"}), if any. */
    private record Placed(Timeline.Move move, int lane, String flow, long flowId) {
    }

    /** Who gave a job to whom, under which number, and whether pushed. */
    private record Key(int giver, int taker, long job, boolean push) {
    }

    /** By identity: a report's hash would go through all its entries. */
    private final Map<NodeReport, List<Placed>> placed = new IdentityHashMap<>();
    private final Map<NodeReport, Integer> lanes = new IdentityHashMap<>();
    private final Map<Integer, String> names = new HashMap<>();
    private long flows;
    private long unplaced;

    private JobMoves() {
    }

    /** The moves of all of {@code nodes}, matched and laid out. */
    static JobMoves of(List<NodeReport> nodes) {
        JobMoves m = new JobMoves();
        nodes.forEach(n -> m.names.putIfAbsent(n.node(), n.name()));
        Map<NodeReport, long[]> flowIds = m.match(nodes);
        for (NodeReport n : nodes) {
            m.layOut(n, flowIds.get(n));
        }
        return m;
    }

    /** Per node, the flow id of each of its moves (0: none), by matching every taker's entry to its giver's. */
    private Map<NodeReport, long[]> match(List<NodeReport> nodes) {
        Map<NodeReport, long[]> ids = new IdentityHashMap<>();
        Map<Key, ArrayDeque<Integer>> givers = new HashMap<>(); // per key, the givers' entries: node index, entry index
        for (int k = 0; k < nodes.size(); k++) {
            NodeReport n = nodes.get(k);
            List<Timeline.Move> moves = n.timeline().moves();
            ids.put(n, new long[moves.size()]);
            for (int i = 0; i < moves.size(); i++) {
                Timeline.Move mv = moves.get(i);
                if (gives(mv)) {
                    ArrayDeque<Integer> q = givers.computeIfAbsent(new Key(n.node(), mv.peer(), mv.job(),
                            mv.kind() == StealLog.PUSHED), x -> new ArrayDeque<>());
                    q.add(k);
                    q.add(i);
                }
            }
        }
        for (NodeReport n : nodes) {
            List<Timeline.Move> moves = n.timeline().moves();
            for (int i = 0; i < moves.size(); i++) {
                Timeline.Move mv = moves.get(i);
                if (mv.kind() != StealLog.GOT && mv.kind() != StealLog.PUSH_GOT) {
                    continue;
                }
                ArrayDeque<Integer> q = givers.get(new Key(mv.peer(), n.node(), mv.job(), mv.kind() == StealLog.PUSH_GOT));
                if (q != null && !q.isEmpty()) {
                    flows++;
                    ids.get(nodes.get(q.poll()))[q.poll()] = flows;
                    ids.get(n)[i] = flows;
                }
            }
        }
        return ids;
    }

    private static boolean gives(Timeline.Move mv) {
        return mv.kind() == StealLog.GAVE || mv.kind() == StealLog.PUSHED;
    }

    /** Puts each of {@code n}'s moves, earliest first, on the first of its tracks free by then. */
    private void layOut(NodeReport n, long[] flowIds) {
        List<Timeline.Move> moves = n.timeline().moves();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingLong(i -> moves.get(i).start()));
        List<Long> laneEnds = new ArrayList<>();
        List<Placed> out = new ArrayList<>(moves.size());
        for (int i : order) {
            Timeline.Move mv = moves.get(i);
            int lane = 0;
            while (lane < laneEnds.size() && laneEnds.get(lane) > mv.start()) {
                lane++;
            }
            if (lane == MAX_LANES) {
                unplaced++;
                continue;
            }
            if (lane == laneEnds.size()) {
                laneEnds.add(mv.end());
            } else {
                laneEnds.set(lane, mv.end());
            }
            out.add(new Placed(mv, lane, flowIds[i] == 0 ? null : gives(mv) ? "out" : "in", flowIds[i]));
        }
        placed.put(n, out);
        lanes.put(n, laneEnds.size());
    }

    /** How many tracks {@code n}'s moves take. */
    int lanes(NodeReport n) {
        return lanes.getOrDefault(n, 0);
    }

    /** Writes {@code n}'s moves onto its tracks from {@code firstTid} on, shifted onto the run's time line. */
    void write(TraceWriter w, NodeReport n, int pid, int firstTid, long shift) throws IOException {
        for (int lane = 0; lane < lanes(n); lane++) {
            w.thread(pid, firstTid + lane, lane == 0 ? "steals" : "steals (" + (lane + 1) + ")");
        }
        for (Placed p : placed.getOrDefault(n, List.of())) {
            Timeline.Move mv = p.move();
            Map<String, Object> args = new LinkedHashMap<>();
            args.put(gives(mv) ? "to" : "from", names.getOrDefault(mv.peer(), "node " + mv.peer()));
            if (mv.job() >= 0) {
                args.put("job", mv.job());
            }
            w.complete(NAMES[mv.kind()], shift + mv.start(), shift + mv.end(), pid, firstTid + p.lane(), args,
                    p.flow(), p.flowId());
        }
    }

    /** Flows drawn: jobs whose giver's and taker's entries were both kept. */
    long flows() {
        return flows;
    }

    /** Moves that overlapped {@link #MAX_LANES} others on their node, left out. */
    long unplaced() {
        return unplaced;
    }
}
