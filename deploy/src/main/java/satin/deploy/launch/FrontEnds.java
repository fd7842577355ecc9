package satin.deploy.launch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.RunPlan;
import satin.launch.RelayMain;
import satin.relay.Relays;

/**
 * The relays of a run's clusters behind front-ends ({@code frontEnd:}): each started over ssh on its
 * front-end before any member, so that every member can be told the way ({@code --relays}); what
 * they print is the run's like any member's; they end with the run.
 */
final class FrontEnds {

    private static final long POLL_MILLIS = 20;
    /** The class a front-end's relay runs. */
    static final String RELAY_MAIN = "satin.launch.RelayMain";

    private final List<Running> relays = new ArrayList<>();

    /**
     * Starts the relay of every cluster behind a front-end and waits until each listens.
     *
     * @return the members' {@code --relays}, or null when no cluster has a front-end
     * @throws IOException naming the front-end whose relay did not start, with what it printed
     */
    String start(RunPlan plan, CommandBuilder commands, Running.Lines lines, long deadline)
            throws IOException, InterruptedException {
        List<ClusterPlan> behind = plan.clusters().stream().filter(c -> c.frontEnd() != null).toList();
        if (behind.isEmpty()) {
            return null;
        }
        Set<String> hosts = poolHosts(plan, commands);
        Map<ClusterPlan, Running> started = new LinkedHashMap<>();
        for (ClusterPlan c : behind) {
            CommandBuilder.Member as = new CommandBuilder.Member(c, c.frontEnd().ssh(), 0, c.name() + "-relay", false, 1);
            Running r = new Running.OfProcess(as, relayCommand(commands, plan, c, hosts), plan.secret() + "\n", lines);
            relays.add(r);
            started.put(c, r);
        }
        Map<String, Relays.Relay> table = new LinkedHashMap<>();
        for (Map.Entry<ClusterPlan, Running> e : started.entrySet()) {
            Matcher listening = await(e.getKey(), e.getValue(), deadline);
            String port = listening.group(1);
            table.put(e.getKey().name(), new Relays.Relay("tcp://" + listening.group(2) + ":" + port,
                    "tcp://" + frontEndAddress(commands, e.getKey()) + ":" + port));
        }
        return Relays.of(table).toString();
    }

    private static Matcher await(ClusterPlan c, Running relay, long deadline) throws IOException, InterruptedException {
        while (true) {
            Matcher m = RelayMain.LISTENING_LINE.matcher(relay.err());
            if (m.find()) {
                return m;
            }
            if (relay.awaitEnd(POLL_MILLIS) || System.nanoTime() > deadline) {
                throw new IOException(c.frontEnd().line() + ": the relay of cluster " + c.name() + " on its front-end "
                        + c.frontEnd().ssh() + (relay.alive() ? " did not start in time" : " exited with "
                        + relay.exitCode()) + "; it printed: " + relay.err().strip());
            }
        }
    }

    /**
     * Refuses, before anything starts, a plan whose front-ends cannot be used: one whose address
     * the other clusters reach is unknown, or a pool with SLURM clusters, whose hosts a relay cannot
     * be told in advance.
     */
    static void check(RunPlan plan, CommandBuilder commands) {
        boolean any = false;
        for (ClusterPlan c : plan.clusters()) {
            if (c.frontEnd() == null) {
                continue;
            }
            any = true;
            if (frontEndAddress(commands, c) == null) {
                throw new IllegalArgumentException(c.frontEnd().line() + ": cannot tell where the other clusters reach "
                        + "front-end " + c.frontEnd().ssh() + " of cluster " + c.name() + " (ssh -G does not say): give "
                        + "it as {ssh: " + c.frontEnd().ssh() + ", address: HOST}");
            }
        }
        if (any && plan.clusters().stream().anyMatch(c -> c.placement() == Placement.SLURM)) {
            throw new IllegalArgumentException(plan.origin() + ": a pool with clusters behind front-ends cannot have "
                    + "SLURM clusters: their relays carry connections to hosts known before the run, and SLURM picks its "
                    + "hosts when the job starts");
        }
    }

    /**
     * The ssh command that starts the pool's relay on cluster {@code c}'s front-end: it carries
     * connections to {@code poolHosts} only, and says its address on the cluster's network (the way
     * to the cluster's first host). It reads the secret from its stdin, as a member over ssh does.
     */
    static List<String> relayCommand(CommandBuilder commands, RunPlan plan, ClusterPlan c, Collection<String> poolHosts) {
        List<String> command = commands.satinJava(RELAY_MAIN);
        command.addAll(List.of("--exit-with-parent", "--pool", plan.pool(), "--secret-file", "/dev/stdin", "--hosts",
                String.join(",", poolHosts)));
        String toward = commands.reachedAt(c, c.hosts().get(0));
        if (toward != null) {
            command.addAll(List.of("--inside-toward", toward));
        }
        return commands.sshCommand(c, c.frontEnd().ssh(), command, RELAY_MAIN);
    }

    /** Where the other clusters reach cluster {@code c}'s front-end: its {@code address:}, else where ssh reaches it. */
    static String frontEndAddress(CommandBuilder commands, ClusterPlan c) {
        ClusterPlan.FrontEnd fe = c.frontEnd();
        return fe.address() != null ? fe.address() : commands.reachedAt(c, fe.ssh());
    }

    /** Every host a relay may carry connections to: where each member is announced, and every front-end. */
    static Set<String> poolHosts(RunPlan plan, CommandBuilder commands) {
        Set<String> hosts = new LinkedHashSet<>();
        for (CommandBuilder.Member m : commands.members()) {
            String at = commands.advertise(m);
            if (at != null) {
                hosts.add(at);
            }
        }
        for (ClusterPlan c : plan.clusters()) {
            if (c.frontEnd() != null && frontEndAddress(commands, c) != null) {
                hosts.add(frontEndAddress(commands, c));
            }
        }
        return hosts;
    }

    /** Ends every relay: after the members, whose last messages may still cross them. */
    void destroy() {
        relays.forEach(Running::destroy);
    }

    List<Running> all() {
        return List.copyOf(relays);
    }
}
