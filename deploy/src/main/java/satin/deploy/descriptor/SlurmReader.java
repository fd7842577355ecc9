package satin.deploy.descriptor;

import java.util.List;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Node;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.SlurmPlan;

/** A cluster's {@code slurm:} mapping: what its job asks SLURM for, each value checked. */
final class SlurmReader {

    static final List<String> KEYS = List.of("partition", "nodes", "tasksPerNode", "time", "account", "sbatchOptions",
            "hetJob");
    /** SLURM's time limits: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS; or UNLIMITED. */
    private static final Pattern TIME = Pattern.compile("\\d+(:\\d{1,2}){0,2}|\\d+-\\d{1,2}(:\\d{1,2}){0,2}|UNLIMITED|INFINITE");
    private static final Pattern WORD = Pattern.compile("[^\\s]+");

    private SlurmReader() {
    }

    /** The SLURM settings of a cluster with where: slurm (defaults if it has no slurm:), null if wrong or misplaced. */
    static SlurmPlan read(Section cluster, Placement where, Integer tasks) {
        Node v = cluster.value("slurm");
        if (where != Placement.SLURM) {
            if (v != null && where != null) {
                cluster.problems.at(cluster.keyNode("slurm"), cluster.child("slurm"),
                        "found SLURM settings for a cluster not placed there; expected them only with where: slurm");
            }
            return null;
        }
        if (v == null) {
            return SlurmPlan.defaults();
        }
        Section s = Section.of(v, cluster.child("slurm"), cluster.problems, KEYS);
        if (s == null) {
            return null;
        }
        String partition = word(s, "partition", "a partition name like batch");
        Integer nodes = s.positive("nodes", "the machines to spread the tasks over", 0);
        Integer perNode = s.positive("tasksPerNode", "tasks (nodes of the cluster) per machine", 0);
        String time = s.text("time", "a time limit like 30, 1:00:00 or 2-0", false);
        if (time != null && !TIME.matcher(time).matches()) {
            s.problems.at(s.value("time"), s.child("time"), "found '" + time + "'; expected a time limit in SLURM's forms: "
                    + "minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS");
            time = null;
        }
        String account = word(s, "account", "an account name");
        String hetJob = word(s, "hetJob", "a name the clusters of one heterogeneous job share, like grid");
        List<String> sbatch = s.texts("sbatchOptions", "sbatch options like --exclusive or --constraint=x");
        boolean ok = nodes != null && perNode != null && sbatch != null && (time != null || !s.has("time"))
                && (partition != null || !s.has("partition")) && (account != null || !s.has("account"))
                && (hetJob != null || !s.has("hetJob"));
        if (ok && tasks != null && nodes > 0 && perNode > 0 && nodes * perNode < tasks) {
            s.problems.at(s.value("tasksPerNode"), s.child("tasksPerNode"), "found " + nodes + " machines x " + perNode
                    + " tasks, fewer than the cluster's " + tasks + " nodes; expected room for one task per node");
            ok = false;
        }
        return ok ? new SlurmPlan(partition, nodes == 0 ? null : nodes, perNode == 0 ? null : perNode, time, account,
                sbatch, hetJob) : null;
    }

    private static String word(Section s, String key, String expected) {
        String text = s.text(key, expected, false);
        if (text != null && !WORD.matcher(text).matches()) {
            s.problems.at(s.value(key), s.child(key), "found '" + text + "'; expected " + expected);
            return null;
        }
        return text;
    }
}
