package satin.bench;

import java.util.concurrent.RecursiveTask;

/** Fibonacci on {@link java.util.concurrent.ForkJoinPool}, forking a task for every call. */
final class ForkJoinFib extends RecursiveTask<Long> {

    private static final long serialVersionUID = 1L;
    private final int n;

    ForkJoinFib(int n) {
        this.n = n;
    }

    @Override
    protected Long compute() {
        if (n < 2) {
            return (long) n;
        }
        ForkJoinFib x = new ForkJoinFib(n - 1);
        ForkJoinFib y = new ForkJoinFib(n - 2);
        x.fork();
        y.fork();
        return y.join() + x.join();
    }
}
