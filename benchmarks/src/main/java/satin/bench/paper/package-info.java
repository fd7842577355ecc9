/**
 * The figures and tables of the five papers the project is built from, each made by name from real
 * runs on this machine's emulated grid or from the simulator ({@code ./bench paper}).
 */
package satin.bench.paper;
