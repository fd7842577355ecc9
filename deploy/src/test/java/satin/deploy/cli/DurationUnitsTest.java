package satin.deploy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import satin.deploy.descriptor.Descriptors;
import satin.deploy.plan.SimulationPlan;
import satin.lb.Balancers;
import satin.net.WanLinks;
import satin.sim.Interconnect;

/**
 * Every field that takes a duration, on the command line and in a descriptor, takes every unit
 * (ns, us, ms, s, m, h, with a fraction) and refuses the same text with the same words: jitter
 * used to refuse the h that a simulation's maxTime took, and --timeout the us a latency took.
 */
class DurationUnitsTest {

    record Field(String name, ToLongFunction<String> nanos) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Field> fields() {
        return List.of(
                new Field("--timeout", t -> Durations.parse("--timeout", t).toNanos()),
                new Field("--wan latency", t -> WanLinks.parse(t + "/1MB/s").spec("a", "b").latencyNanos()),
                new Field("--wan jitter", t -> WanLinks.parse("1ms/1MB/s/" + t).spec("a", "b").jitterNanos()),
                new Field("--lan latency", t -> Interconnect.parse(t + "/1MB/s").latencyNanos()),
                new Field("--lan jitter", t -> Interconnect.parse("1ms/1MB/s/" + t).jitterNanos()),
                new Field("--node-cost and simulate.nodeCost", SimulationPlan::nanos),
                new Field("balancer interval", t -> micros(Balancers.parse("RP:interval=" + t).get().settings())),
                new Field("wan.default.latency", t -> wanLink(descriptor("{latency: " + t + ", bandwidth: 1MB/s}"))
                        .latencyNanos()),
                new Field("wan.default.jitter", t -> wanLink(descriptor("{latency: 1ms, bandwidth: 1MB/s, jitter: " + t
                        + "}")).jitterNanos()),
                new Field("simulate.maxTime", t -> simulation("maxTime: " + t).maxSimulatedNanos()),
                new Field("simulate.lan", t -> Interconnect.parse(simulation("lan: " + t + "/1MB/s/" + t).lan())
                        .jitterNanos()));
    }

    private static final Map<String, Long> UNITS = Map.of("ns", 1L, "us", 1_000L, "ms", 1_000_000L, "s", 1_000_000_000L,
            "m", 60_000_000_000L, "h", 3_600_000_000_000L);

    @ParameterizedTest
    @MethodSource("fields")
    void everyUnitTheReadmeNamesIsTaken(Field field) {
        UNITS.forEach((unit, nanos) -> {
            String text = (nanos >= 1_000 ? "1" : "2000") + unit; // 2000ns: a balancer interval counts microseconds
            long expected = (nanos >= 1_000 ? 1 : 2000) * nanos;
            assertEquals(expected, field.nanos().applyAsLong(text), field + " = " + text);
        });
        assertEquals(1_500_000, field.nanos().applyAsLong("1.5ms"), field + " = 1.5ms");
    }

    @ParameterizedTest
    @MethodSource("fields")
    void aDurationWithoutAKnownUnitIsRefusedInTheSameWords(Field field) {
        for (String bad : List.of("10d", "5 mins", "ms")) {
            Executable parse = () -> field.nanos().applyAsLong(bad);
            Throwable e = assertThrows(RuntimeException.class, parse, field + " = " + bad);
            assertTrue(e.getMessage().contains(satin.runtime.Durations.EXPECTED), field + " = " + bad + ": "
                    + e.getMessage());
        }
    }

    @org.junit.jupiter.api.Test
    void aZeroMaxTimeIsNamedAsWhatWasWritten() {
        Throwable e = assertThrows(RuntimeException.class, () -> simulation("maxTime: 0.0s"));
        assertTrue(e.getMessage().endsWith("simulate.maxTime: found '0.0s'; expected a duration above 0"), e.getMessage());
    }

    private static long micros(Map<String, String> settings) {
        String us = settings.get("interval");
        assertTrue(us.endsWith("us"), us);
        return Long.parseLong(us.substring(0, us.length() - 2)) * 1_000;
    }

    private static String descriptor(String wanDefault) {
        return Descriptors.parse("clusters: [{name: A, nodes: 1}, {name: B, nodes: 1}]\napp: {name: fib, args: [1]}\n"
                + "wan: {default: " + wanDefault + "}\n", "d.yaml", Map.of(), Path.of(".")).plan().wan();
    }

    private static WanLinks.Spec wanLink(String wan) {
        return WanLinks.parse(wan).spec("A", "B");
    }

    private static SimulationPlan simulation(String setting) {
        return Descriptors.parse("clusters: [{name: A, nodes: 1}]\napp: {name: fib, args: [1]}\nmode: simulate\n"
                + "simulate: {" + setting + "}\n", "d.yaml", Map.of(), Path.of(".")).simulation();
    }
}
