package satin.deque;

class LockedDequeStressTest extends WorkDequeStressContract {

    @Override
    WorkDeque<Cell> newDeque() {
        return new LockedDeque<>(Cell::new);
    }
}
