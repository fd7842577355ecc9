package satin.shared;

import java.util.ArrayList;
import java.util.List;
import satin.net.Message;

/** A member's view of a pool of members 1 (the master, until an election), 2 and 3, that keeps what it sends. */
final class RecordingPort implements SharedPort {

    private final int self;
    /** Member 1 until a test holds an election. */
    volatile int master = 1;
    /** The members, this one among them. */
    volatile List<Integer> members = List.of(1, 2, 3);
    /** Synchronized: a test's writer may send from a thread of its own. */
    final List<Message> sent = java.util.Collections.synchronizedList(new ArrayList<>());

    RecordingPort(int self) {
        this.self = self;
    }

    @Override
    public int self() {
        return self;
    }

    @Override
    public int master() {
        return master;
    }

    @Override
    public List<Integer> others() {
        return members.stream().filter(m -> m != self).toList();
    }

    /** One cluster: no link crosses the wide area. */
    @Override
    public boolean wideArea(int member) {
        return false;
    }

    @Override
    public boolean send(int member, Message m) {
        sent.add(m);
        return true;
    }
}
