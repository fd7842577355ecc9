package satin.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultSerializers;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Kryo's readers of {@link BigInteger} and {@link BigDecimal}, whose bad bytes are the codec's
 * refusal: found by fuzzing, a number of zero bytes escaped the codec as the JDK's
 * NumberFormatException ("Zero length BigInteger"), and a BigDecimal's unscaled value claiming a
 * negative count of bytes as Kryo's IllegalArgumentException, or another as its
 * IllegalStateException; a thief would have passed each on as the reason of its refusal, and an
 * owner taken it for the failure of the call itself. These readers read bytes and nothing else, so
 * whatever they throw is the codec's refusal.
 */
final class NumberCodecs {

    private NumberCodecs() {
    }

    static void register(Kryo kryo) {
        kryo.addDefaultSerializer(BigInteger.class, refusing(new DefaultSerializers.BigIntegerSerializer()));
        kryo.addDefaultSerializer(BigDecimal.class, refusing(new DefaultSerializers.BigDecimalSerializer()));
    }

    private static <T> Serializer<T> refusing(Serializer<T> kryos) {
        return new Serializer<>(kryos.getAcceptsNull(), kryos.isImmutable()) {
            @Override
            public void write(Kryo kryo, Output out, T value) {
                kryos.write(kryo, out, value);
            }

            @Override
            public T read(Kryo kryo, Input in, Class<? extends T> type) {
                try {
                    return kryos.read(kryo, in, type);
                } catch (KryoException e) {
                    throw e;
                } catch (RuntimeException e) { // they read only bytes: whatever they throw, the bytes were bad
                    throw new KryoException("a " + type.getName() + " that is no number (" + e + ")");
                }
            }
        };
    }
}
