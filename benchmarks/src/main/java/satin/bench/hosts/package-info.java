/**
 * Several hosts on one machine, as network namespaces with their own names and sshd, and the
 * measurements of pools that span them ({@code ./bench hosts}).
 */
package satin.bench.hosts;
