package satin.hazards;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import satin.SatinObject;
import satin.corpus.ByReference;
import satin.Spawnable;

/** Generic methods and classes: erased types, the casts javac inserts, wildcards, generic varargs. */
public class Generics extends SatinObject {

    public static class Box<T> extends SatinObject {
        private final T value;

        public Box(T value) {
            this.value = value;
        }

        @Spawnable
        public T get() {
            return value;
        }

        @Spawnable
        public <R> R map(java.util.function.Function<? super T, ? extends R> f) {
            return f.apply(value);
        }
    }

    @Spawnable
    public <T extends Comparable<? super T>> List<T> sorted(List<T> items) {
        if (items.size() <= 2) {
            List<T> copy = new ArrayList<>(items);
            copy.sort(null);
            return copy;
        }
        int mid = items.size() / 2;
        List<T> left = sorted(items.subList(0, mid));
        List<T> right = sorted(items.subList(mid, items.size()));
        sync();
        List<T> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < left.size() || j < right.size()) {
            if (j == right.size() || (i < left.size() && left.get(i).compareTo(right.get(j)) <= 0)) {
                out.add(left.get(i++));
            } else {
                out.add(right.get(j++));
            }
        }
        return out;
    }

    @SafeVarargs
    @Spawnable
    public final <T> List<T> listOf(T... items) {
        return new ArrayList<>(List.of(items));
    }

    @Spawnable
    public Map<String, Integer> counts(List<? extends CharSequence> words) {
        Map<String, Integer> m = new TreeMap<>();
        for (CharSequence w : words) {
            m.merge(w.toString(), 1, Integer::sum);
        }
        return m;
    }

    @ByReference("an ArrayList.subList argument may not travel")
    public String caseMergeSort() {
        List<Integer> data = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            data.add((i * 37) % 61);
        }
        List<Integer> s = sorted(data);
        List<String> w = sorted(List.of("pear", "fig", "apple", "kiwi", "date"));
        sync();
        return s + " " + w;
    }

    @ByReference("a lambda argument may not travel")
    public String caseBoxes() {
        Box<String> b = new Box<>("satin");
        String v = b.get();
        Integer len = b.map(String::length);
        Box<List<Integer>> lb = new Box<>(List.of(3, 1, 2));
        List<Integer> inner = lb.get();
        sync();
        return v + len + inner;
    }

    public String caseGenericVarargsAndWildcards() {
        List<String> a = listOf("x", "y", "z");
        List<Integer> b = listOf();
        Map<String, Integer> c = counts(List.of("a", "b", "a", new StringBuilder("b"), "c"));
        sync();
        return a + " " + b + " " + c;
    }
}
