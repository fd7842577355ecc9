package satin.sim;

import java.util.Arrays;

/**
 * The messages in flight, in parallel arrays indexed by a message number that is reused once the
 * message has arrived: a type, its two ends, two numbers (a request's or a job's, and a second
 * one), a small int, its size in bytes, and a job's words when it carries one.
 */
final class Messages {

    private final int words;
    private int[] type = new int[256];
    private int[] from = new int[256];
    private int[] to = new int[256];
    private long[] first = new long[256];
    private long[] second = new long[256];
    private int[] small = new int[256];
    private long[] jobs;
    private final Indices numbers = new Indices();
    private long created;

    Messages(int words) {
        this.words = words;
        this.jobs = new long[256 * words];
    }

    /** A new message; its job, if {@code job} is not null, is copied from {@code job[off..]}. */
    int create(int t, int f, int d, long a, long b, int s, long[] job, int off) {
        int m = numbers.take();
        if (m == type.length) {
            grow();
        }
        type[m] = t;
        from[m] = f;
        to[m] = d;
        first[m] = a;
        second[m] = b;
        small[m] = s;
        if (job != null) {
            System.arraycopy(job, off, jobs, m * words, words);
        }
        created++;
        return m;
    }

    void release(int m) {
        numbers.give(m);
    }

    /** Messages in flight now. */
    int inFlight() {
        return numbers.inUse();
    }

    int type(int m) {
        return type[m];
    }

    int from(int m) {
        return from[m];
    }

    int to(int m) {
        return to[m];
    }

    long first(int m) {
        return first[m];
    }

    long second(int m) {
        return second[m];
    }

    int small(int m) {
        return small[m];
    }

    long[] jobs() {
        return jobs;
    }

    int jobOffset(int m) {
        return m * words;
    }

    /** Messages sent since the start. */
    long created() {
        return created;
    }

    private void grow() {
        int n = type.length * 2;
        type = Arrays.copyOf(type, n);
        from = Arrays.copyOf(from, n);
        to = Arrays.copyOf(to, n);
        first = Arrays.copyOf(first, n);
        second = Arrays.copyOf(second, n);
        small = Arrays.copyOf(small, n);
        jobs = Arrays.copyOf(jobs, n * words);
    }
}
