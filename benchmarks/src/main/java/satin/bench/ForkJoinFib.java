package satin.bench;

import java.util.concurrent.RecursiveTask;

/** Fibonacci on {@link java.util.concurrent.ForkJoinPool}, a task for every call. */
final class ForkJoinFib extends RecursiveTask<Long> {

    private static final long serialVersionUID = 1L;
    private final int n;
    /** Fork both children, as Satin spawns both; otherwise fork one and compute the other here. */
    private final boolean forkBoth;

    ForkJoinFib(int n, boolean forkBoth) {
        this.n = n;
        this.forkBoth = forkBoth;
    }

    @Override
    protected Long compute() {
        if (n < 2) {
            return (long) n;
        }
        ForkJoinFib x = new ForkJoinFib(n - 1, forkBoth);
        ForkJoinFib y = new ForkJoinFib(n - 2, forkBoth);
        x.fork();
        if (forkBoth) {
            y.fork();
            return y.join() + x.join();
        }
        long b = y.compute();
        return x.join() + b;
    }
}
