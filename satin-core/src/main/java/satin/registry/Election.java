package satin.registry;

import java.lang.System.Logger.Level;
import java.util.List;
import satin.net.Message;

/**
 * What follows a member's leaving or death: everyone is told, and a master gone before the end of
 * the run is replaced, so that the run survives the loss of the process running main. Called under
 * the registry's lock.
 */
final class Election {

    private static final System.Logger LOG = System.getLogger("satin.registry");

    private final PoolState pool;

    Election(PoolState pool) {
        this.pool = pool;
    }

    /** Member {@code id} left ({@code died} false) or died; a member dead before the stop stays dead. */
    void gone(int id, boolean died) {
        Message.Member member = pool.members.remove(id);
        pool.connections.remove(id);
        pool.ids.values().remove(id);
        pool.mayLead.remove(id);
        if (member == null) {
            return;
        }
        if (died && !pool.stopped) {
            pool.dead.add(member.name());
            LOG.log(Level.WARNING, "member {0} died", id);
        }
        pool.broadcast(new Message.MemberGone(id, died && !pool.stopped), null);
        if (id == pool.master && !pool.stopped) {
            elect();
        }
        if (pool.members.isEmpty() && (pool.stopped || pool.masterDied)) {
            pool.finished.countDown();
        }
    }

    /**
     * The master is gone before the end of the run: the member with the lowest id among those that
     * may lead becomes master, runs main again, and everyone is told. With none, the run is lost.
     */
    private void elect() {
        pool.master = pool.connections.keySet().stream().filter(pool.mayLead::contains).min(Integer::compare)
                .orElse(-1);
        if (pool.master < 0) {
            pool.masterDied = true;
            pool.lost = "the master is gone and no member may take its place";
            LOG.log(Level.ERROR, pool.lost + ": the run is lost");
            pool.broadcast(new Message.Refused(pool.lost), null);
            return;
        }
        LOG.log(Level.WARNING, "member {0} is the master now", pool.master);
        List<Message.Member> all = pool.all();
        pool.connections.forEach((id, to) -> to.send(new Message.Members(id, pool.master, all)));
    }
}
