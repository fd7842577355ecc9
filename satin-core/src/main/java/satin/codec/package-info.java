/**
 * Jobs and results as bytes and back, believing nothing the bytes claim: only classes the
 * {@link satin.codec.Allowlist} admits are read, no length is believed that the bytes left cannot
 * hold ({@code BoundedInput}, {@code CollectionCodecs}), the hashing a message's collections may
 * cost is counted before it is done ({@code HashWork}), and whatever decoding throws comes out as
 * one exception that names what could not be read ({@link satin.codec.Decoding}).
 */
package satin.codec;
