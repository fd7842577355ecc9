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
    /** Whether the pool spans hosts, once known: each ssh host is looked up once per builder. */
    private Boolean spans;
    /** Where this machine's members are announced, once known. */
    private String local;

    Announcing(RunPlan plan, String localHost, SshDestinations.Resolver destinations, boolean anyRemote) {
        this.plan = plan;
        this.localHost = localHost;
        this.destinations = destinations;
        this.anyRemote = anyRemote;
    }

    /**
     * Where others reach a member's nodes (and its registry, for the master) when they listen on
     * every interface: the descriptor's address for a host that has one, else where ssh reaches it;
     * this machine for members here; null for SLURM's tasks, whose processes find it themselves
     * (PoolMain's {@code --advertise}: their address on the way to the registry).
     */
    String advertise(CommandBuilder.Member m) {
        if (!anyRemote) {
            return null;
        }
        return switch (m.placement()) {
            case SSH -> m.address() != null ? m.address() : announced(reached(m.cluster(), m.sshHost()));
            case SLURM -> null;
            default -> local != null ? local : (local = localAnnounced());
        };
    }

    /**
     * Where the other hosts reach this machine's members: its name, unless that is loopback in a
     * pool over several hosts; then this machine's address on the way to an ssh host.
     */
    private String localAnnounced() {
        if (!SshDestinations.isLoopback(localHost) || !spansHosts()) {
            return localHost;
        }
        for (ClusterPlan c : sshClusters()) {
            for (String host : c.hosts()) {
                SshDestinations.Reached r = destinations.reached(c.sshOptions(), host);
                String via = r == null || r.address() == null || r.loopback() ? null
                        : satin.net.Advertised.towards("tcp://" + r.announced() + ":22");
                if (via != null && !SshDestinations.isLoopback(via)) {
                    return via;
                }
            }
        }
        return localHost;
    }

    /** Where an ssh host is reached: its descriptor's address, else where ssh goes; null if that cannot be told. */
    private SshDestinations.Reached reached(ClusterPlan c, String host) {
        String address = c.addresses().get(host);
        return address != null ? SshDestinations.resolve(address) : destinations.reached(c.sshOptions(), host);
    }

    /** Where ssh reaches host {@code host} with cluster {@code c}'s options (or its {@code address:}); null if unknown. */
    String reachedAt(ClusterPlan c, String host) {
        return announced(reached(c, host));
    }

    private static String announced(SshDestinations.Reached r) {
        return r == null ? null : r.announced();
    }

    private List<ClusterPlan> sshClusters() {
        return plan.clusters().stream().filter(c -> c.placement() == Placement.SSH).toList();
    }

    /**
     * Whether the pool spans hosts: some host is not this machine's loopback (SLURM puts tasks on
     * compute nodes; an ssh host whose address cannot be told is taken to be elsewhere).
     */
    boolean spansHosts() {
        if (spans == null) {
            spans = plan.clusters().stream().anyMatch(c -> c.placement() == Placement.SLURM)
                    || sshClusters().stream().anyMatch(c -> c.hosts().stream().map(h -> reached(c, h))
                            .anyMatch(r -> r == null || !r.loopback()));
        }
        return spans;
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
            if (at != null && SshDestinations.isLoopback(at)) {
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
