package satin.deque;

/** A slot for the deque tests: the job's id, and a note a thief leaves when it takes the job. */
final class Cell {
    int id;
    int takenBy = -1;
}
