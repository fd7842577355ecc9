package satin.deploy.plan;

import java.util.List;

/**
 * How a cluster's nodes are asked of SLURM: one job per cluster, one task (one {@code PoolMain}
 * with one node) per node of the cluster, {@code workers} CPUs per task. What is null is left to
 * the site's defaults.
 *
 * @param partition     {@code --partition}
 * @param nodes         {@code --nodes}: the machines to spread the tasks over
 * @param tasksPerNode  {@code --ntasks-per-node}
 * @param time          {@code --time}: the job's time limit, in SLURM's forms (30, 1:00:00, 2-0)
 * @param account       {@code --account}
 * @param sbatchOptions more options for {@code sbatch}, as they are ({@code --exclusive}, {@code --constraint=x})
 */
public record SlurmPlan(String partition, Integer nodes, Integer tasksPerNode, String time, String account,
        List<String> sbatchOptions) {

    public SlurmPlan {
        sbatchOptions = List.copyOf(sbatchOptions);
    }

    /** Nothing asked beyond the tasks: the site's default partition and limits. */
    public static SlurmPlan defaults() {
        return new SlurmPlan(null, null, null, null, null, List.of());
    }
}
