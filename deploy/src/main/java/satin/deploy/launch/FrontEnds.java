package satin.deploy.launch;

import java.io.IOException;
import java.util.ArrayList;
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
        Set<String> hosts = commands.poolHosts();
        Map<ClusterPlan, Running> started = new LinkedHashMap<>();
        for (ClusterPlan c : behind) {
            CommandBuilder.Member as = new CommandBuilder.Member(c, c.frontEnd().ssh(), 0, c.name() + "-relay", false, 1);
            Running r = new Running.OfProcess(as, commands.relayCommand(c, hosts), plan.secret() + "\n", lines);
            relays.add(r);
            started.put(c, r);
        }
        Map<String, Relays.Relay> table = new LinkedHashMap<>();
        for (Map.Entry<ClusterPlan, Running> e : started.entrySet()) {
            Matcher listening = await(e.getKey(), e.getValue(), deadline);
            String port = listening.group(1);
            table.put(e.getKey().name(), new Relays.Relay("tcp://" + listening.group(2) + ":" + port,
                    "tcp://" + commands.frontEndAddress(e.getKey()) + ":" + port));
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
            if (commands.frontEndAddress(c) == null) {
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

    /** Ends every relay: after the members, whose last messages may still cross them. */
    void destroy() {
        relays.forEach(Running::destroy);
    }

    List<Running> all() {
        return List.copyOf(relays);
    }
}
