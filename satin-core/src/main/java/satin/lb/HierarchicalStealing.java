package satin.lb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cluster-aware Hierarchical Stealing (CHS, van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 3.3). The nodes of each cluster form a
 * tree (by ascending id, each node with {@code arity} children). Steal requests travel along its
 * edges and are passed on ({@link #passOn}) by a node that has no work: a request from a parent
 * descends, depth first, through the whole subtree below the node it reached; a request from a
 * child goes up to the parent, and so on to the root. So an idle node asks its children one after
 * another (each request searching that child's subtree) and then its parent (searching its
 * ancestors); a cluster root that found its whole cluster idle asks the root of a random remote
 * cluster, which answers from its tree as from a parent's request. Every steal is synchronous: one
 * request at a time. A result coming back may give the node new work; then its outstanding request
 * is cancelled (its reply, when it comes, is ignored; a job it brings still runs) and the next idle
 * moment starts from its children again. When the members change, the walk starts over too, once
 * the reply it waits for has come: that reply speaks of the old walk.
 */
public final class HierarchicalStealing extends MemberAware {

    public static final int DEFAULT_ARITY = 2;

    /** What a reply does: move the walk on, end a wait only, or nothing. */
    private enum Ask { STEP, RESTARTED, CANCELLED }

    private final int arity;
    /** Whom to ask, in order: the children, then the parent (each passes the request on). */
    private List<Integer> plan = List.of();
    private boolean root;
    private List<Integer> tree = List.of();
    private int me;
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
        tree = members.clusterWithSelf();
        me = tree.indexOf(port.self());
        List<Integer> order = new ArrayList<>(childIds(me));
        if (me > 0) {
            order.add(parentId(me));
        }
        plan = List.copyOf(order);
        root = me == 0;
        next = 0;
        asked.reclassify(Ask.STEP, Ask.RESTARTED);
    }

    private List<Integer> childIds(int index) {
        return children(index, tree.size()).stream().map(tree::get).toList();
    }

    private int parentId(int index) {
        return tree.get((index - 1) / arity);
    }

    @Override
    public boolean passesRequestsOn() {
        return true;
    }

    /**
     * Down from the parent, or from another cluster into this root: through the children, each
     * searching its subtree. Up from a child: to the parent once. Anything else (a member the tree
     * no longer places so) is answered at once, so that a request never goes round in a circle.
     */
    @Override
    public int passOn(int thief, int tried) {
        boolean fromAbove = me > 0 ? thief == parentId(me) : members.remote().contains(thief);
        if (fromAbove) {
            List<Integer> c = childIds(me);
            return tried < c.size() ? c.get(tried) : -1;
        }
        boolean fromChild = tree.indexOf(thief) > 0 && (tree.indexOf(thief) - 1) / arity == me;
        return fromChild && me > 0 && tried == 0 ? parentId(me) : -1;
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

    /**
     * Inside a walk, the next step follows the reply at once: each step costs a round trip, not a
     * park. A walk that ended (the parent's or the remote root's reply) waits for the idle loop.
     */
    @Override
    public boolean asksAgainAtOnce() {
        return next > 0 && (next < plan.size() || root && !members.remoteClusters().isEmpty());
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
