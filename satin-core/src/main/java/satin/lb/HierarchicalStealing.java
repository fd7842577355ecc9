package satin.lb;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cluster-aware Hierarchical Stealing (CHS, seed 004 section 3.3). The nodes of each cluster form a
 * tree (by ascending id, each node with {@code arity} children). An idle node asks the nodes of its
 * subtree for work, its children first and then, level by level, theirs; only when the whole
 * subtree had nothing does it ask its parent, and then the parent's ancestors. A cluster root that
 * found its whole cluster idle steals from the root of a random remote cluster. Every steal is
 * synchronous: one request at a time. A result coming back may give the node new work; then its
 * outstanding request is cancelled (its reply, when it comes, is ignored; a job it brings still
 * runs) and the next idle moment starts from its children again. When the members change, the
 * walk starts over too, once the reply it waits for has come: that reply speaks of the old walk.
 */
public final class HierarchicalStealing extends MemberAware {

    public static final int DEFAULT_ARITY = 2;

    /** What a reply does: move the walk on, end a wait only, or nothing. */
    private enum Ask { STEP, RESTARTED, CANCELLED }

    private final int arity;
    /** Whom to ask, in order: the subtree breadth first, then the ancestors upwards. */
    private List<Integer> plan = List.of();
    private boolean root;
    private int next;
    private final Outstanding<Ask> asked = new Outstanding<>();

    public HierarchicalStealing() {
        this(DEFAULT_ARITY);
    }

    public HierarchicalStealing(int arity) {
        if (arity < 1) {
            throw new IllegalArgumentException("a CHS tree needs at least 1 child per node, not " + arity);
        }
        this.arity = arity;
    }

    @Override
    public void membersChanged() {
        super.membersChanged();
        List<Integer> tree = members.clusterWithSelf();
        int me = tree.indexOf(port.self());
        List<Integer> order = new ArrayList<>();
        Deque<Integer> level = new ArrayDeque<>(children(me, tree.size()));
        while (!level.isEmpty()) {
            int i = level.poll();
            order.add(tree.get(i));
            level.addAll(children(i, tree.size()));
        }
        for (int i = me; i > 0;) {
            i = (i - 1) / arity;
            order.add(tree.get(i));
        }
        plan = List.copyOf(order);
        root = me == 0;
        next = 0;
        asked.reclassify(Ask.STEP, Ask.RESTARTED);
    }

    private List<Integer> children(int index, int size) {
        List<Integer> c = new ArrayList<>();
        for (int k = 1; k <= arity && index * arity + k < size; k++) {
            c.add(index * arity + k);
        }
        return c;
    }

    @Override
    public void idle() {
        if (waiting()) {
            return;
        }
        if (next < plan.size()) {
            ask(plan.get(next));
        } else if (root && !members.remoteClusters().isEmpty()) {
            List<List<Integer>> clusters = new ArrayList<>(members.remoteClusters().values());
            ask(clusters.get(port.random(clusters.size())).get(0)); // that cluster's root: its lowest id
        } else {
            next = 0; // the subtree and the ancestors had nothing: walk again
        }
    }

    private boolean waiting() {
        return asked.any(Ask.STEP) || asked.any(Ask.RESTARTED);
    }

    private void ask(int victim) {
        asked.sent(victim, Ask.STEP);
        port.requestSteal(victim);
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        if (asked.answered(victim) != Ask.STEP) {
            return;
        }
        if (gotJob || next >= plan.size()) {
            next = 0;
        } else {
            next++;
        }
    }

    @Override
    public void jobCameBack(boolean pushed) {
        asked.reclassify(Ask.STEP, Ask.CANCELLED);
        asked.reclassify(Ask.RESTARTED, Ask.CANCELLED);
        next = 0;
    }

    /** The order in which this node asks (for tests). */
    List<Integer> plan() {
        return plan;
    }

    @Override
    public String name() {
        return "CHS";
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("arity", Integer.toString(arity));
        return s;
    }
}
