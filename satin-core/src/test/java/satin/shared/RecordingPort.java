package satin.shared;

import java.util.ArrayList;
import java.util.List;
import satin.net.Message;

/** A member's view of a pool of members 1 (the master), 2 and 3, that keeps what it sends. */
final class RecordingPort implements SharedPort {

    private final int self;
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
        return 1;
    }

    @Override
    public List<Integer> others() {
        return List.of(1, 2, 3).stream().filter(m -> m != self).toList();
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
