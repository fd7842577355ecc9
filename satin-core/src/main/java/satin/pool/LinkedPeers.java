package satin.pool;

import java.util.List;
import satin.net.Connection;
import satin.net.Message;
import satin.shared.SharedPort;
import satin.steal.Peers;

/**
 * The members and the links to them, as the steal protocol ({@link Peers}) and the shared objects'
 * replicas ({@link SharedPort}) see them: both reach the pool through this adapter, so that
 * neither {@code satin.steal} nor {@code satin.shared} depends on {@code satin.pool}.
 */
final class LinkedPeers implements Peers, SharedPort {

    private final PoolNode pool;
    private final Members members;
    private final Links links;

    LinkedPeers(PoolNode pool, Members members, Links links) {
        this.pool = pool;
        this.members = members;
        this.links = links;
    }

    @Override
    public int self() {
        return members.self();
    }

    @Override
    public List<Integer> others() {
        return members.others();
    }

    @Override
    public int master() {
        return members.master();
    }

    @Override
    public boolean send(int member, Message m) {
        Links.Link link = links.to(member);
        if (link == null) {
            return false;
        }
        link.send(m);
        return true;
    }

    @Override
    public int idOf(String node) {
        return members.idOf(node);
    }

    @Override
    public boolean wideArea(int member) {
        return members.wideArea(member);
    }

    @Override
    public Links.Link to(int member) {
        return links.to(member);
    }

    @Override
    public String memberOn(Connection c) {
        return links.memberOn(c);
    }

    @Override
    public boolean closing() {
        return pool.closing();
    }
}
