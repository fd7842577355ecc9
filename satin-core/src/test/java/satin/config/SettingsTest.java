package satin.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The one list of settings: complete, checked by name and value, and telling typos apart. */
class SettingsTest {

    private static Properties props(String... nameValues) {
        Properties p = new Properties();
        for (int i = 0; i < nameValues.length; i += 2) {
            p.setProperty(nameValues[i], nameValues[i + 1]);
        }
        return p;
    }

    @Test
    void everyDeclaredSettingIsListedOnceAndReadsItsDefault() throws IllegalAccessException {
        List<Setting> declared = new java.util.ArrayList<>();
        for (Field f : Settings.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == Setting.class) {
                declared.add((Setting) f.get(null));
            }
        }
        assertEquals(new HashSet<>(declared), new HashSet<>(Settings.all()));
        assertEquals(Settings.all().size(), Settings.all().stream().map(Setting::name).distinct().count());
        for (Setting s : Settings.all()) {
            if (s.defaultValue() != null && !s.ofItsType()) {
                s.check(s.defaultValue()); // a default within its own bound
            }
        }
        assertEquals(1, Settings.WORKERS.intValue(new Properties()));
        assertEquals(512L << 20, Bytes.parse(Settings.STACK.text(new Properties())));
        assertTrue(Settings.SAME_JVM_SHORTCUT.isOn(new Properties()));
        assertEquals(7, Settings.WORKERS.intValue(props("satin.workers", " 7 ")));
    }

    @Test
    void aBadValueIsRefusedNamingThePropertyAndTheValue() {
        assertEquals("-Dsatin.workers=two: expected a whole number of workers from 1 to 4096",
                assertThrows(IllegalArgumentException.class,
                        () -> Settings.checkAll(props("satin.workers", "two"), Map.of())).getMessage());
        assertEquals("-Dsatin.record.maxDepth=0: expected a depth, 1 or more", assertThrows(
                IllegalArgumentException.class, () -> Settings.RECORD_MAX_DEPTH.intValue(props("satin.record.maxDepth",
                        "0"))).getMessage());
        assertEquals("-Dsatin.stack=1k: 1024 bytes is below 64 KiB, the least a worker's stack may have",
                assertThrows(IllegalArgumentException.class,
                        () -> Settings.checkAll(props("satin.stack", "1k"), Map.of())).getMessage());
    }

    @Test
    void aSettingOfItsTypeIsCheckedByTheParserGivenAndOnlyThen() {
        Properties p = props("satin.deque", "fifo");
        assertEquals(List.of(), Settings.checkAll(p, Map.of()));
        Syntax deque = Syntax.parsedBy(v -> {
            throw new IllegalArgumentException("unknown deque '" + v + "'");
        });
        assertEquals("-Dsatin.deque=fifo: unknown deque 'fifo'", assertThrows(IllegalArgumentException.class,
                () -> Settings.checkAll(p, Map.of(Settings.DEQUE, deque))).getMessage());
    }

    @Test
    void anUnknownSettingIsAWarningNamingTheClosest() {
        List<String> warnings = Settings.checkAll(props("satin.worker", "4", "satin.recrod.maxDepth", "3",
                "java.home", "/x", "satin.workers", "2"), Map.of());
        assertEquals(List.of("-Dsatin.recrod.maxDepth is no satin setting, and is ignored; the closest is"
                + " satin.record.maxDepth", "-Dsatin.worker is no satin setting, and is ignored; the closest is"
                + " satin.workers"), warnings);
        assertFalse(Stream.of("satin.tls", "satin.cds").anyMatch(n -> Settings.named(n).isEmpty()));
    }

    @Test
    void theEditDistanceCountsInsertionsDeletionsAndReplacements() {
        assertEquals(0, Closest.distance("abc", "abc"));
        assertEquals(1, Closest.distance("satin.worker", "satin.workers"));
        assertEquals(2, Closest.distance("satin.recrod", "satin.record"));
        assertEquals(3, Closest.distance("", "abc"));
    }
}
