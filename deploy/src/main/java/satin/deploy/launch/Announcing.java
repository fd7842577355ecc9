package satin.deploy.launch;

import java.util.List;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.RunPlan;

/**
 * Where each member of a run is announced, so that every other member can dial it: an ssh host
 * where ssh reaches it (its {@code address:}, else the {@code HostName} that {@code ssh -G} gives
 * for its alias), this machine at its name or, when that is loopback in a pool over several hosts,
 * at its address on the way to them. A pool over several hosts with a member announced at a
 * loopback address is refused before anything starts: the others would dial themselves.
 */
final class Announcing {

    private final RunPlan plan;
    private final String localHost;
    private final SshDestinations.Resolver destinations;
    private final boolean anyRemote;

    Announcing(RunPlan plan, String localHost, SshDestinations.Resolver destinations, boolean anyRemote) {
        this.plan = plan;
        this.localHost = localHost;
        this.destinations = destinations;
        this.anyRemote = anyRemote;
    }

    /**
     * Where others reach a member's nodes (and its registry, for the master) when they listen on
     * every interface: this host's name for members here, the descriptor's address for a host that
     * has one; null for the others, whose processes find it themselves (PoolMain's
     * {@code --advertise}: their address on the way to the registry, or their machine's name).
     */
    String advertise(CommandBuilder.Member m) {
        if (!anyRemote) {
            return null;
        }
        return switch (m.placement()) {
            case SSH -> m.address() != null ? m.address() : reachedAt(m);
            case SLURM -> null;
            default -> localAnnounced();
        };
    }

    /**
     * Where the other hosts reach this machine's members: its name, unless that is loopback in a
     * pool over several hosts; then this machine's address on the way to an ssh host.
     */
    private String localAnnounced() {
        if (!SshDestinations.resolve(localHost).loopback() || !spansHosts()) {
            return localHost;
        }
        for (ClusterPlan c : plan.clusters()) {
            for (String host : c.placement() == Placement.SSH ? c.hosts() : List.<String>of()) {
                SshDestinations.Reached r = destinations.reached(c.sshOptions(), host);
                String via = r == null || r.address() == null || r.loopback() ? null
                        : satin.net.Advertised.towards("tcp://" + r.announced() + ":22");
                if (via != null && !SshDestinations.resolve(via.replaceAll("^\\[|\\]$", "")).loopback()) {
                    return via;
                }
            }
        }
        return localHost;
    }

    /** Where ssh reaches an ssh member's host, if that can be told. */
    private String reachedAt(CommandBuilder.Member m) {
        SshDestinations.Reached r = destinations.reached(m.cluster().sshOptions(), m.sshHost());
        return r == null ? null : r.announced();
    }

    /**
     * Whether the pool spans hosts: some host is not this machine's loopback (SLURM puts tasks on
     * compute nodes; an ssh host whose address cannot be told is taken to be elsewhere).
     */
    boolean spansHosts() {
        for (ClusterPlan c : plan.clusters()) {
            if (c.placement() == Placement.SLURM) {
                return true;
            }
            for (String host : c.placement() == Placement.SSH ? c.hosts() : List.<String>of()) {
                SshDestinations.Reached r = c.addresses().containsKey(host)
                        ? SshDestinations.resolve(c.addresses().get(host)) : destinations.reached(c.sshOptions(), host);
                if (r == null || !r.loopback()) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Refuses, before anything starts, a pool over several hosts with a member announced at a
     * loopback address: the other hosts would dial themselves, and the pool would form without
     * that member (or, for the master, without anyone).
     */
    void check(List<CommandBuilder.Member> members) {
        if (!spansHosts()) {
            return;
        }
        for (CommandBuilder.Member m : members) {
            String at = advertise(m);
            if (at != null && SshDestinations.resolve(at.replaceAll("^\\[|\\]$", "")).loopback()) {
                throw new IllegalArgumentException(m.sshHost() == null
                        ? plan.origin() + ": the pool spans hosts, but this machine would announce its nodes (cluster "
                                + m.cluster().name() + ") at " + at + ", which the other hosts cannot reach; run satin "
                                + "on a machine whose name resolves to an address the hosts reach, or place cluster "
                                + m.cluster().name() + " on a host over ssh"
                        : m.cluster().whereWritten(m.sshHost()) + ": host " + m.sshHost() + " of cluster "
                                + m.cluster().name() + " is reached at " + at + ", a loopback address, but the pool spans "
                                + "hosts: give the address the other hosts reach it at, as {ssh: " + m.sshHost()
                                + ", address: HOST}");
            }
        }
    }

}
