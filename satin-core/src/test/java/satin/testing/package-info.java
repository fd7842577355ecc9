/**
 * Support shared by the tests of every module (through satin-core's test jar): waiting for a
 * condition with a deadline.
 */
package satin.testing;
