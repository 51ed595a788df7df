package dev.gmac.samples.study;

import java.util.Optional;

/**
 * A {@link Problem} with its Java reference computed once (on first use, by whichever run needs it first) and
 * shared by every run of the problem.
 */
public final class PreparedProblem {
    private final Problem problem;
    private Outputs reference;

    public PreparedProblem(Problem problem) {
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }

    /** The reference outputs (computed once; safe to call from several threads). */
    public synchronized Outputs reference() {
        if (reference == null) {
            reference = problem.reference();
        }
        return reference;
    }

    /** Compares a run's outputs with the reference; empty when they agree. */
    public Optional<String> mismatch(Outputs actual) {
        return reference().firstMismatch(actual, problem.tolerance());
    }
}
