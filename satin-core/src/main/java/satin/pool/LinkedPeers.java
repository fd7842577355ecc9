package satin.pool;

import java.util.List;
import satin.net.Connection;
import satin.steal.Peers;

/**
 * The members and the links to them, as the steal protocol sees them ({@link Peers}): the
 * protocol reaches the pool through this adapter, so that {@code satin.steal} does not depend on
 * {@code satin.pool}.
 */
final class LinkedPeers implements Peers {

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
