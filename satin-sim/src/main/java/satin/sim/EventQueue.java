package satin.sim;

/**
 * The future of a simulation: events ordered by time and, among events at the same time, by the
 * order in which they were scheduled, so that two messages sent at once arrive in that order and
 * one seed gives one run. An event is a kind, a subject (a worker, a message, a node) and a detail.
 * A binary heap over parallel primitive arrays: a run has hundreds of millions of events, and an
 * object per event would be most of its garbage.
 */
final class EventQueue {

    /** A worker's job has computed for as long as it costs. Subject: the worker. */
    static final int STEP = 0;
    /** A message reaches its destination. Subject: the message. */
    static final int ARRIVE = 1;
    /** A balancer's periodic work is due. Subject: the node. */
    static final int TICK = 2;
    /** A parked idle worker looks for work again. Subject: the node; detail: the idle loop's generation. */
    static final int POLL = 3;
    /** A coalescing window ends ({@link Batches}). Subject: the batch's slot; detail: its generation. */
    static final int WINDOW_END = 4;

    private long[] time = new long[1024];
    private long[] order = new long[1024];
    private int[] kind = new int[1024];
    private int[] subject = new int[1024];
    private long[] detail = new long[1024];
    private int size;
    private long scheduled;

    /** What {@link #pop()} took last. */
    private long poppedTime;
    private int poppedKind;
    private int poppedSubject;
    private long poppedDetail;

    /**
     * The earliest event, when it is the one scheduled last, kept out of the heap: a worker whose
     * next job ends before anything else happens, a message to a node with nothing else to do, is
     * then taken back without passing through the heap. Every event in the heap comes after it.
     */
    private boolean front;
    private long frontTime;
    private long frontOrder;
    private int frontKind;
    private int frontSubject;
    private long frontDetail;

    void add(long at, int k, int s, long d) {
        long o = scheduled++;
        if (front && !before(at, o, frontTime, frontOrder)) {
            push(at, o, k, s, d);
            return;
        }
        if (front) {
            push(frontTime, frontOrder, frontKind, frontSubject, frontDetail);
        } else if (size > 0 && !before(at, o, time[0], order[0])) {
            push(at, o, k, s, d);
            return;
        }
        front = true;
        frontTime = at;
        frontOrder = o;
        frontKind = k;
        frontSubject = s;
        frontDetail = d;
    }

    private void push(long at, long o, int k, int s, long d) {
        if (size == time.length) {
            grow();
        }
        siftUp(size++, at, o, k, s, d);
    }

    boolean isEmpty() {
        return size == 0 && !front;
    }

    int size() {
        return size + (front ? 1 : 0);
    }

    /** The time of the next event; the queue must not be empty. */
    long peekTime() {
        return front ? frontTime : time[0];
    }

    /** Takes the next event; read it with {@link #time()}, {@link #kind()}, {@link #subject()}, {@link #detail()}. */
    void pop() {
        if (front) {
            front = false;
            poppedTime = frontTime;
            poppedKind = frontKind;
            poppedSubject = frontSubject;
            poppedDetail = frontDetail;
            return;
        }
        poppedTime = time[0];
        poppedKind = kind[0];
        poppedSubject = subject[0];
        poppedDetail = detail[0];
        int last = --size;
        if (last > 0) {
            siftDown(time[last], order[last], kind[last], subject[last], detail[last]);
        }
    }

    long time() {
        return poppedTime;
    }

    int kind() {
        return poppedKind;
    }

    int subject() {
        return poppedSubject;
    }

    long detail() {
        return poppedDetail;
    }

    private static boolean before(long t1, long o1, long t2, long o2) {
        return t1 < t2 || (t1 == t2 && o1 < o2);
    }

    private void siftUp(int at, long t, long o, int k, int s, long d) {
        int i = at;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(t, o, time[parent], order[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, t, o, k, s, d);
    }

    /** Places the event (t, o, ...) from the root down to where it belongs. */
    private void siftDown(long t, long o, int k, int s, long d) {
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(time[right], order[right], time[child], order[child])) {
                child = right;
            }
            if (!before(time[child], order[child], t, o)) {
                break;
            }
            move(child, i);
            i = child;
        }
        set(i, t, o, k, s, d);
    }

    private void move(int from, int to) {
        set(to, time[from], order[from], kind[from], subject[from], detail[from]);
    }

    private void set(int i, long t, long o, int k, int s, long d) {
        time[i] = t;
        order[i] = o;
        kind[i] = k;
        subject[i] = s;
        detail[i] = d;
    }

    private void grow() {
        int n = time.length * 2;
        time = java.util.Arrays.copyOf(time, n);
        order = java.util.Arrays.copyOf(order, n);
        kind = java.util.Arrays.copyOf(kind, n);
        subject = java.util.Arrays.copyOf(subject, n);
        detail = java.util.Arrays.copyOf(detail, n);
    }
}
