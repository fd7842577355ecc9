package satin.deploy.plan;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One cluster of a run.
 *
 * @param name       the cluster's name (nodes of different names talk over wide-area links)
 * @param nodes      how many nodes, at least 1
 * @param workers    worker threads per node, at least 1
 * @param placement  where the nodes run
 * @param hosts      for {@link Placement#SSH}: the hosts, nodes spread over them in turn
 *                   ({@code user@host} or {@code host}); empty otherwise
 * @param jvmOptions options for the JVMs of its processes ({@link Placement#PROCESSES},
 *                   {@link Placement#SSH})
 * @param addresses  for {@link Placement#SSH}: the name or address other nodes reach a host's
 *                   nodes at, by ssh destination, for hosts whose destination is no such name (an
 *                   alias of {@code ~/.ssh/config}, a host behind a jump host); a host not here is
 *                   announced by its processes themselves
 * @param sshOptions for {@link Placement#SSH}: options of the ssh client before the destination
 *                   ({@code -F FILE}, {@code -J GATEWAY}, {@code -i KEY}, {@code -p PORT})
 * @param slurm      for {@link Placement#SLURM}: what its job asks for; null otherwise
 * @param hostLines  for {@link Placement#SSH}: where each host is written, by ssh destination
 *                   ({@code FILE:LINE}), for messages about it; empty when it came from no file
 * @param frontEnd   for {@link Placement#SSH}: the front-end through whose relay the cluster's nodes
 *                   talk to the other clusters, when only it can reach them; null when they are reached directly
 */
public record ClusterPlan(String name, int nodes, int workers, Placement placement, List<String> hosts,
        List<String> jvmOptions, Map<String, String> addresses, List<String> sshOptions, SlurmPlan slurm,
        Map<String, String> hostLines, FrontEnd frontEnd) {

    /**
     * A cluster's front-end: the one host that reaches the cluster's nodes and is reached by the
     * other clusters; the pool's relay runs there.
     *
     * @param ssh     its ssh destination (with the cluster's ssh options)
     * @param address the name or address the other clusters reach it at; null: where ssh reaches it
     * @param line    where it is written ({@code FILE:LINE}), for messages about it
     */
    public record FrontEnd(String ssh, String address, String line) {
        public FrontEnd {
            Objects.requireNonNull(ssh, "ssh");
        }
    }

    public ClusterPlan(String name, int nodes, int workers, Placement placement, List<String> hosts,
            List<String> jvmOptions, Map<String, String> addresses, List<String> sshOptions, SlurmPlan slurm,
            Map<String, String> hostLines) {
        this(name, nodes, workers, placement, hosts, jvmOptions, addresses, sshOptions, slurm, hostLines, null);
    }

    public ClusterPlan(String name, int nodes, int workers, Placement placement, List<String> hosts,
            List<String> jvmOptions, Map<String, String> addresses, List<String> sshOptions, SlurmPlan slurm) {
        this(name, nodes, workers, placement, hosts, jvmOptions, addresses, sshOptions, slurm, Map.of());
    }

    public ClusterPlan(String name, int nodes, int workers, Placement placement, List<String> hosts,
            List<String> jvmOptions) {
        this(name, nodes, workers, placement, hosts, jvmOptions, Map.of(), List.of(),
                placement == Placement.SLURM ? SlurmPlan.defaults() : null);
    }

    public ClusterPlan {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(placement, "placement");
        hosts = List.copyOf(hosts);
        jvmOptions = List.copyOf(jvmOptions);
        addresses = Map.copyOf(addresses);
        sshOptions = List.copyOf(sshOptions);
        hostLines = Map.copyOf(hostLines);
        if (!hosts.containsAll(addresses.keySet())) {
            throw new IllegalArgumentException("cluster " + name + " gives addresses of hosts it does not name: "
                    + addresses.keySet() + " beside hosts " + hosts);
        }
        if (nodes < 1 || workers < 1) {
            throw new IllegalArgumentException("cluster " + name + " needs at least one node and one worker");
        }
        if ((placement == Placement.SLURM) != (slurm != null)) {
            throw new IllegalArgumentException("cluster " + name + ": SLURM settings go with placement SLURM, and only there");
        }
        if (frontEnd != null && placement != Placement.SSH) {
            throw new IllegalArgumentException("cluster " + name + ": a front-end goes with placement SSH, and only there");
        }
        if (placement == Placement.SSH && hosts.isEmpty()) {
            throw new IllegalArgumentException("cluster " + name + " runs over ssh but names no hosts");
        }
    }

    /** Where a host of this cluster is written ({@code FILE:LINE}), or the cluster's name when that is not known. */
    public String whereWritten(String host) {
        String line = hostLines.get(host);
        return line != null ? line : "cluster " + name;
    }

    /** Where a cluster's nodes run. */
    public enum Placement {
        /** All in the launching JVM, over in-VM channels. */
        IN_JVM,
        /** One local process per node, over loopback TCP. */
        PROCESSES,
        /** One process per node on the cluster's hosts, started over ssh. */
        SSH,
        /** One SLURM job, one task (a process of one node) per node, started by srun. */
        SLURM
    }
}
