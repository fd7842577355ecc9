package satin.shared;

import java.util.List;
import satin.net.Message;

/** The pool as the replicas see it: who this member and the master are, and a link to each member. */
public interface SharedPort {

    int self();

    int master();

    /** The other members, as the registry announced them. */
    List<Integer> others();

    /** Whether the link to {@code member} crosses the wide area (it is in another cluster). */
    boolean wideArea(int member);

    /** Sends over this member's link to {@code member}, in order after what it sent there before; false if there is none. */
    boolean send(int member, Message m);
}
