/**
 * How satin's system properties are read: below every other package, so that the programming
 * model's own classes and the runtime read them the same way.
 */
package satin.config;
