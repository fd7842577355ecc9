package satin.deque;

import java.util.Locale;
import java.util.function.Function;

/** The deque implementations a node can be configured with ({@code satin.deque}). */
public enum DequeKind {
    SPLIT(onPublish -> new SplitDeque<>(256, onPublish)),
    /** Every pushed item is visible to thieves at once, so there is nothing to announce. */
    CHASE_LEV(onPublish -> new ChaseLevDeque<>()),
    LOCKED(onPublish -> new LockedDeque<>());

    private final Function<Runnable, WorkDeque<?>> factory;

    DequeKind(Function<Runnable, WorkDeque<?>> factory) {
        this.factory = factory;
    }

    public <T> WorkDeque<T> create() {
        return create(() -> { });
    }

    /**
     * @param onPublish run by the owner when a deque that hides new items from thieves for a while
     *                  (the split deque) makes one visible
     */
    @SuppressWarnings("unchecked")
    public <T> WorkDeque<T> create(Runnable onPublish) {
        return (WorkDeque<T>) factory.apply(onPublish);
    }

    /** Parses a configured name such as {@code split} or {@code chase-lev}. */
    public static DequeKind parse(String name) {
        String key = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (DequeKind kind : values()) {
            if (kind.name().equals(key)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown deque '" + name + "': expected one of split, chase-lev, locked");
    }
}
