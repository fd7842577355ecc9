package satin.sim;

import java.util.Arrays;

/**
 * A worker's deque with the semantics of the runtime's split deque ({@code satin.deque.SplitDeque}):
 * the jobs are slots {@code [tail, head)}; the owner pushes and pops at the head; thieves take the
 * oldest job at the tail, but only from the public part {@code [tail, split)}. Whenever the owner
 * pushes or pops and finds fewer than {@link #offered} public jobs, it publishes its oldest private
 * one; an owner inside a long job therefore offers only what it offered when it went in. Each slot
 * also holds the depth of the frame that spawned it, for the thief to report back to.
 */
final class JobDeque {

    private final int words;
    private final int offered;
    private long[] jobs;
    private int[] frames;
    private int head;
    private int split;
    private int tail;
    /** Whether the last push or pop published a job. */
    private boolean published;

    JobDeque(int words, int offered) {
        if (offered < 1) {
            throw new IllegalArgumentException("a deque offers at least one job, not " + offered);
        }
        this.words = words;
        this.offered = offered;
        this.jobs = new long[16 * words];
        this.frames = new int[16];
    }

    /** Pushes the job at {@code job[off..]}, spawned by the frame at {@code frame}. */
    void push(long[] job, int off, int frame) {
        if (head == frames.length) {
            jobs = Arrays.copyOf(jobs, 2 * jobs.length);
            frames = Arrays.copyOf(frames, 2 * frames.length);
        }
        System.arraycopy(job, off, jobs, head * words, words);
        frames[head] = frame;
        head++;
        published = split - tail < offered;
        if (published) {
            split++;
        }
    }

    /**
     * Takes the newest job back for the owner: its slot (read it with {@link #jobs()} at slot times
     * {@link #words}), or -1 if it was stolen, and then every older one was too.
     */
    int pop() {
        int h = head - 1;
        published = false;
        if (h < split) {
            if (split == tail) {
                return -1;
            }
            split--;
            head = split;
            return h;
        }
        if (h > split && split - tail < offered) {
            split++;
            published = true;
        }
        head = h;
        return h;
    }

    /** A thief takes the oldest public job: its slot, or -1 if none is offered. */
    int steal() {
        if (tail >= split) {
            return -1;
        }
        return tail++;
    }

    /** Forgets the stolen jobs above {@code mark}: the sync that spawned them takes their results from elsewhere. */
    void resetTo(int mark) {
        if (mark > head || tail < head) {
            throw new IllegalStateException("reset to " + mark + " with jobs " + tail + ".." + head + " not stolen");
        }
        head = mark;
        split = mark;
        tail = mark;
    }

    boolean published() {
        return published;
    }

    long[] jobs() {
        return jobs;
    }

    /** The depth of the frame that spawned the job in {@code slot}. */
    int frameOf(int slot) {
        return frames[slot];
    }

    int head() {
        return head;
    }

    /** Jobs waiting, public and private: what the node's queue length counts. */
    int size() {
        return head - tail;
    }

    int publicSize() {
        return split - tail;
    }
}
