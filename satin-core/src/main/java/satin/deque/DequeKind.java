package satin.deque;

import java.util.Locale;
import java.util.function.Supplier;

/** The deque implementations a node can be configured with ({@code satin.deque}). */
public enum DequeKind {
    SPLIT,
    LOCKED;

    /**
     * @param onPublish run by the owner before a job becomes visible to thieves where it was short
     *                  of them (the split deque's public part, the locked deque when empty), and
     *                  before the split deque pops while short; what it throws refuses that push
     *                  or pop, and it may give the owner's jobs up ({@link WorkDeque#giveUpFrom})
     */
    public <S> WorkDeque<S> create(Supplier<? extends S> newSlot, Runnable onPublish) {
        return switch (this) {
            case SPLIT -> new SplitDeque<>(newSlot, onPublish);
            case LOCKED -> new LockedDeque<>(newSlot, onPublish);
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
