package dev.gmac.gpu.timing.config;

/**
 * How the scoreboard tracks dependences (Fung thesis §2.3.3: Ch3 lets one instruction per warp be in flight;
 * Ch4 and Ch6 track every destination register, so several instructions of a warp may be in flight).
 */
public enum ScoreboardMode {
    /** One bit per register: an instruction waits only for the registers it reads or writes. */
    REGISTER("register"),
    /** A warp issues its next instruction only after every earlier one has written back. */
    WARP("warp");

    private final String token;

    ScoreboardMode(String token) {
        this.token = token;
    }

    /** The spelling used in preset files. */
    public String token() {
        return token;
    }
}
