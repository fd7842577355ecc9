/**
 * Every {@code satin.*} system property, declared once ({@link satin.config.Settings}) with its
 * default, its bound and its meaning, and checked from there as a node or a pool's process starts.
 * Below every other package, so that the programming model's own classes, the runtime and the
 * other modules read them the same way; it depends on no other package of satin, so a setting whose
 * values are a type's (a deque kind, a TLS policy) gets its parser from the caller of the check.
 */
package satin.config;
