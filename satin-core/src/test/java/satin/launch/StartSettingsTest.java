package satin.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import satin.config.Scope;
import satin.config.Setting;
import satin.config.Settings;

/** A pool's process checks every setting a node or the process reads, those of a type by the type's parser. */
class StartSettingsTest {

    @Test
    void everySettingOfATypeThatAPoolReadsHasItsParser() {
        for (Setting s : Settings.all()) {
            if (s.ofItsType() && (s.scope() == Scope.NODE || s.scope() == Scope.POOL)) {
                assertTrue(PoolMain.TYPED.containsKey(s), s.name());
            }
        }
        assertEquals(Settings.STEAL_CHUNK.name(), satin.lb.StealChunk.PROPERTY);
    }

    @Test
    void aBadValueOfATypeIsNamedAndATypoWarned() {
        Properties p = new Properties();
        p.setProperty("satin.tls", "bogus");
        assertEquals("-Dsatin.tls=bogus: expected wan, all or off",
                assertThrows(IllegalArgumentException.class, () -> Settings.checkAll(p, PoolMain.TYPED)).getMessage());
        p.setProperty("satin.tls", "all");
        p.setProperty("satin.worker", "4");
        assertEquals(List.of("-Dsatin.worker is no satin setting, and is ignored; the closest is satin.workers"),
                Settings.checkAll(p, PoolMain.TYPED));
    }
}
