package satin.sim;

/**
 * A node's queue of jobs that came from elsewhere (stolen, prefetched, pushed) and the root job,
 * oldest first: the node's workers take from it before they look into each other's deques, and a
 * thief from another node takes from it before it looks into the deques, as the runtime's queue of
 * submitted jobs is used. Each job keeps where its result goes: the node it came from and the
 * number that node gave it there, or nowhere for the root.
 */
final class Arrivals {

    /** The owner of the root job: its result ends the run. */
    static final int ROOT = -1;

    private final int words;
    private long[] jobs;
    private int[] owners;
    private long[] ids;
    private int first;
    private int size;

    Arrivals(int words) {
        this.words = words;
        this.jobs = new long[4 * words];
        this.owners = new int[4];
        this.ids = new long[4];
    }

    void add(long[] job, int off, int owner, long id) {
        if (size == owners.length) {
            grow();
        }
        int at = (first + size) % owners.length;
        System.arraycopy(job, off, jobs, at * words, words);
        owners[at] = owner;
        ids[at] = id;
        size++;
    }

    int size() {
        return size;
    }

    /** The oldest job's place, to read before {@link #remove()}: its words at place times words. */
    int oldest() {
        return first;
    }

    /** Whether the oldest job may travel on: every job but the root, which its own node runs. */
    boolean oldestTravels() {
        return owners[first] != ROOT;
    }

    long[] jobs() {
        return jobs;
    }

    int owner(int place) {
        return owners[place];
    }

    long id(int place) {
        return ids[place];
    }

    void remove() {
        first = (first + 1) % owners.length;
        size--;
    }

    private void grow() {
        int n = owners.length;
        long[] j = new long[2 * n * words];
        int[] o = new int[2 * n];
        long[] d = new long[2 * n];
        for (int k = 0; k < size; k++) {
            int from = (first + k) % n;
            System.arraycopy(jobs, from * words, j, k * words, words);
            o[k] = owners[from];
            d[k] = ids[from];
        }
        jobs = j;
        owners = o;
        ids = d;
        first = 0;
    }
}
