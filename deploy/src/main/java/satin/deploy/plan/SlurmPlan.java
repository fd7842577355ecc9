package satin.deploy.plan;

import java.util.List;

/**
 * How a cluster's nodes are asked of SLURM: one job per cluster, or one component of a
 * heterogeneous job shared with other clusters; one task (one {@code PoolMain} with one node) per
 * node of the cluster, {@code workers} CPUs per task. What is null is left to the site's defaults.
 *
 * @param partition     {@code --partition}
 * @param nodes         {@code --nodes}: the machines to spread the tasks over
 * @param tasksPerNode  {@code --ntasks-per-node}
 * @param time          {@code --time}: the job's time limit, in SLURM's forms (30, 1:00:00, 2-0)
 * @param account       {@code --account}
 * @param sbatchOptions more options for {@code sbatch}, as they are ({@code --exclusive}, {@code --constraint=x})
 * @param hetJob        the heterogeneous job the cluster is a component of, with every cluster that names
 *                      the same; null for a job of its own
 */
public record SlurmPlan(String partition, Integer nodes, Integer tasksPerNode, String time, String account,
        List<String> sbatchOptions, String hetJob) {

    public SlurmPlan {
        sbatchOptions = List.copyOf(sbatchOptions);
    }

    /** A job of its own. */
    public SlurmPlan(String partition, Integer nodes, Integer tasksPerNode, String time, String account,
            List<String> sbatchOptions) {
        this(partition, nodes, tasksPerNode, time, account, sbatchOptions, null);
    }

    /** Nothing asked beyond the tasks: the site's default partition and limits. */
    public static SlurmPlan defaults() {
        return new SlurmPlan(null, null, null, null, null, List.of());
    }
}
