package satin.steal;

import java.util.List;
import satin.net.Connection;

/**
 * The pool as the steal protocol needs to see it: who the members are and how to reach them. The
 * pool implements it, so that the protocol does not depend on the pool that uses it.
 */
public interface Peers {

    /** This node's member id. */
    int self();

    /** The other members' ids. */
    List<Integer> others();

    /** The member called {@code node} now, or -1: a connection names its peer, the pool knows it by id. */
    int idOf(String node);

    /** Whether a member is in another cluster than this node. */
    boolean wideArea(int member);

    /** The route to a member, made if there is none; null if it is not in the pool, or this node closes. */
    Route to(int member);

    /** The name of the member a route's connection goes to (its peer does not say it), or null. */
    String memberOn(Connection c);

    /** Whether this node is closing: from then on nothing leaves it, and nothing more runs. */
    boolean closing();
}
