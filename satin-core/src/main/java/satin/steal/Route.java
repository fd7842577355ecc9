package satin.steal;

import satin.net.Connection;
import satin.net.Message;

/**
 * The way to one member that this node opened, as the steal protocol sees it: a job given away
 * over it must come back over it, and once it is gone what went into it is settled here. The pool
 * implements it with its links, so that this package need not know them.
 */
public interface Route {

    /** The member it goes to. */
    int member();

    /** Sends now, or once the connection is made. */
    void send(Message m);

    /**
     * Whether it closed or was given up: a sender that finds it gone after sending cannot know
     * whether the protocol saw what it sent, and settles that itself.
     */
    boolean gone();

    /** Whether messages on {@code c} come over it. */
    boolean carries(Connection c);
}
