package satin.bench;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultClassResolver;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.apache.fory.resolver.AllowListChecker;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * The measured comparison behind the choice of serializer for stolen jobs (docs/decisions/0005):
 * JDK serialization (with an ObjectInputFilter allowlist), Kryo 5 (with an allowlisting class
 * resolver) and Apache Fory (with its allowlist checker), each serializing and deserializing the
 * payloads a steal carries: a receiver and the arguments of a spawn.
 */
final class SerializationBench {

    /** What a stolen job carries: the receiver and the arguments. */
    static final class Job implements Serializable {
        private static final long serialVersionUID = 1L;
        Object receiver;
        Object[] args;

        Job(Object receiver, Object... args) {
            this.receiver = receiver;
            this.args = args;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Job j && String.valueOf(receiver).equals(String.valueOf(j.receiver))
                    && Arrays.deepEquals(args, j.args);
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    static final class Solver implements Serializable {
        private static final long serialVersionUID = 1L;
        int spawnRows = 4;

        @Override
        public String toString() {
            return "Solver" + spawnRows;
        }
    }

    record Point(int x, int y) implements Serializable {
    }

    private static final Set<String> ALLOWED = Set.of(Job.class.getName(), Solver.class.getName(),
            Point.class.getName(), "[Ljava.lang.Object;", "[J", "java.util.ArrayList", "java.lang.Integer",
            "java.lang.Long", "java.lang.String", "java.lang.Number", "java.lang.Record");

    static Map<String, Job> payloads() {
        Map<String, Job> p = new LinkedHashMap<>();
        p.put("fib: receiver, 1 int", new Job(new Solver(), 30));
        p.put("nqueens: receiver, 4 ints", new Job(new Solver(), 16, 3, 0b1011, 0b110));
        p.put("array: long[1000]", new Job(null, new long[1000], 7));
        List<Object> graph = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            graph.add(i % 2 == 0 ? "item" + i : new Point(i, -i));
        }
        p.put("graph: 20 strings and records", new Job(new Solver(), graph));
        return p;
    }

    interface Codec {
        byte[] write(Job job);

        Job read(byte[] bytes);
    }

    static Codec jdk() {
        ObjectInputFilter filter = info -> {
            Class<?> c = info.serialClass();
            if (c == null) {
                return ObjectInputFilter.Status.UNDECIDED;
            }
            return ALLOWED.contains(c.getName()) ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
        };
        return new Codec() {
            @Override
            public byte[] write(Job job) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
                try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                    out.writeObject(job);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return bytes.toByteArray();
            }

            @Override
            public Job read(byte[] bytes) {
                try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
                    in.setObjectInputFilter(filter);
                    return (Job) in.readObject();
                } catch (IOException | ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }

    static Codec kryo() {
        Kryo kryo = new Kryo(new DefaultClassResolver() {
            @Override
            public com.esotericsoftware.kryo.Registration registerImplicit(Class type) {
                check(type.getName());
                return super.registerImplicit(type);
            }

            @Override
            protected Class getTypeByName(String className) {
                check(className);
                return super.getTypeByName(className);
            }

            private void check(String name) {
                if (!ALLOWED.contains(name)) {
                    throw new KryoException("class " + name + " is not allowed");
                }
            }
        }, null);
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        Output output = new Output(256, -1);
        return new Codec() {
            @Override
            public byte[] write(Job job) {
                output.reset();
                kryo.writeObject(output, job);
                return output.toBytes();
            }

            @Override
            public Job read(byte[] bytes) {
                return kryo.readObject(new Input(bytes), Job.class);
            }
        };
    }

    static Codec fory() {
        AllowListChecker checker = new AllowListChecker(AllowListChecker.CheckLevel.STRICT);
        checker.allowClasses(ALLOWED);
        Fory fory = Fory.builder().withLanguage(Language.JAVA).requireClassRegistration(false)
                .suppressClassRegistrationWarnings(true).withRefTracking(true).withTypeChecker(checker).build();
        return new Codec() {
            @Override
            public byte[] write(Job job) {
                return fory.serialize(job);
            }

            @Override
            public Job read(byte[] bytes) {
                return (Job) fory.deserialize(bytes);
            }
        };
    }

    static void run(int rounds) {
        Map<String, Function<Void, Codec>> codecs = new LinkedHashMap<>();
        codecs.put("JDK serialization", v -> jdk());
        codecs.put("Kryo 5", v -> kryo());
        codecs.put("Fory", v -> fory());
        Map<String, Job> payloads = payloads();
        System.out.printf(Locale.ROOT, "serialize + deserialize one stolen job, median of %d rounds of 20000; java %s%n",
                rounds, System.getProperty("java.version"));
        System.out.printf(Locale.ROOT, "%-32s %-18s %10s %8s %12s%n", "payload", "serializer", "ns/trip", "bytes", "x fastest");
        for (Map.Entry<String, Job> p : payloads.entrySet()) {
            Map<String, double[]> results = new LinkedHashMap<>();
            for (Map.Entry<String, Function<Void, Codec>> c : codecs.entrySet()) {
                Codec codec = c.getValue().apply(null);
                byte[] bytes = codec.write(p.getValue());
                if (!codec.read(bytes).equals(p.getValue())) {
                    throw new AssertionError(c.getKey() + " did not round-trip " + p.getKey());
                }
                List<Long> times = new ArrayList<>();
                for (int r = 0; r < rounds + 3; r++) {
                    long start = System.nanoTime();
                    for (int i = 0; i < 20_000; i++) {
                        codec.read(codec.write(p.getValue()));
                    }
                    if (r >= 3) {
                        times.add(System.nanoTime() - start);
                    }
                }
                results.put(c.getKey(), new double[] {Bench.median(times) / 20_000, bytes.length});
            }
            double fastest = results.values().stream().mapToDouble(v -> v[0]).min().orElseThrow();
            for (Map.Entry<String, double[]> r : results.entrySet()) {
                System.out.printf(Locale.ROOT, "%-32s %-18s %10.0f %8.0f %12.2f%n", p.getKey(), r.getKey(), r.getValue()[0],
                        r.getValue()[1], r.getValue()[0] / fastest);
            }
        }
        refusal();
    }

    /** Each serializer must refuse a class outside the allowlist when it reads one. */
    private static void refusal() {
        Job evil = new Job(null, new java.util.HashMap<String, String>());
        for (Map.Entry<String, Codec> c : Map.of("JDK serialization", jdk(), "Kryo 5", kryo(), "Fory", fory()).entrySet()) {
            String outcome;
            try {
                c.getValue().write(evil);
                outcome = "wrote it (refused only when reading)";
            } catch (RuntimeException e) {
                outcome = "refused when writing: " + e.getMessage().lines().findFirst().orElse("");
            }
            System.out.println(c.getKey() + " on java.util.HashMap: " + outcome);
        }
    }
}
