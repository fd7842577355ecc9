package satin.deque;

class LockedDequeTest extends WorkDequeContract {

    @Override
    WorkDeque<Cell> newDeque() {
        return new LockedDeque<>(Cell::new);
    }
}
