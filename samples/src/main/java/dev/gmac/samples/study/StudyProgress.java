package dev.gmac.samples.study;

/** Receives the study's progress: how many runs there are, and each run as it finishes. */
public interface StudyProgress {
    /** Called once, before the first run starts. */
    void started(int totalRuns);

    /** Called after each run, from the thread that ran it; {@code done} counts finished runs. */
    void finished(int done, int totalRuns, String label);

    /** Called once, after the last run (or after a failure). */
    void stopped();

    /** Reports nothing. */
    StudyProgress NONE = new StudyProgress() {
        @Override
        public void started(int totalRuns) {}

        @Override
        public void finished(int done, int totalRuns, String label) {}

        @Override
        public void stopped() {}
    };
}
