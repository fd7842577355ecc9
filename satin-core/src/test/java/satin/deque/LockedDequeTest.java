package satin.deque;

class LockedDequeTest extends WorkDequeContract {

    @Override
    WorkDeque<Cell> newDeque() {
        return new LockedDeque<>(Cell::new);
    }

    @Override
    WorkDeque<Cell> newDeque(Runnable onPublish) {
        return new LockedDeque<>(Cell::new, onPublish);
    }
}
