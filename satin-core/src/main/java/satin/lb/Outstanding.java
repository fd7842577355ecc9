package satin.lb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a balancer has asked of other members and not yet had answered, per member, each with the
 * kind it was sent as. A reply is told apart by the request it answers, never by where its sender
 * stands now: a member that left the pool has no cluster any more, yet the node still answers its
 * requests ("no job"), and those answers must free what their requests held.
 *
 * @param <K> what the balancer needs to know of a request when its reply comes
 */
final class Outstanding<K> {

    /** Per member, oldest first: a member answers its requests in the order they came. */
    private final Map<Integer, List<K>> byMember = new HashMap<>();
    private final Map<K, Integer> counts = new HashMap<>();

    /** Noted before the message leaves: a port may answer before it returns. */
    void sent(int member, K kind) {
        byMember.computeIfAbsent(member, m -> new ArrayList<>()).add(kind);
        counts.merge(kind, 1, Integer::sum);
    }

    /** The kind of the oldest request {@code member} had to answer; null if it had none (not a reply to this balancer). */
    K answered(int member) {
        List<K> kinds = byMember.get(member);
        if (kinds == null) {
            return null;
        }
        K kind = kinds.remove(0);
        if (kinds.isEmpty()) {
            byMember.remove(member); // members come and go with new ids: keep no trace of the gone
        }
        counts.merge(kind, -1, Integer::sum);
        return kind;
    }

    int count(K kind) {
        return counts.getOrDefault(kind, 0);
    }

    boolean any(K kind) {
        return count(kind) > 0;
    }

    /** Every request of kind {@code from} counts from now on as {@code to}, its reply included. */
    void reclassify(K from, K to) {
        for (List<K> kinds : byMember.values()) {
            kinds.replaceAll(k -> k.equals(from) ? to : k);
        }
        counts.merge(to, count(from), Integer::sum);
        counts.remove(from);
    }
}
