package satin.deque;

class SplitDequeStressTest extends WorkDequeStressContract {

    @Override
    WorkDeque<Cell> newDeque() {
        return new SplitDeque<>(Cell::new);
    }
}
