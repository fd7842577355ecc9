package satin.deque;

import java.util.Locale;
import java.util.function.Supplier;

/** The deque implementations a node can be configured with ({@code satin.deque}). */
public enum DequeKind {
    SPLIT,
    LOCKED;

    /**
     * @param onPublish run by the owner when a deque that hides new jobs from thieves for a while
     *                  (the split deque) makes one visible
     */
    public <S> WorkDeque<S> create(Supplier<? extends S> newSlot, Runnable onPublish) {
        return switch (this) {
            case SPLIT -> new SplitDeque<>(newSlot, onPublish);
            case LOCKED -> new LockedDeque<>(newSlot);
        };
    }

    /** Parses a configured name such as {@code split} or {@code locked}. */
    public static DequeKind parse(String name) {
        String key = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (DequeKind kind : values()) {
            if (kind.name().equals(key)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown deque '" + name + "': expected split or locked");
    }
}
