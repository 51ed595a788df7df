package dev.gmac.samples.study;

/**
 * One of the paper's relations checked on one workload's numbers.
 *
 * @param claim the relation, e.g. {@code lazy <= batch}
 * @param holds whether our numbers satisfy it
 * @param detail the numbers behind the verdict
 */
public record Relation(String claim, String workload, boolean holds, String detail) {}
