package dev.gmac.api.config;

import dev.gmac.gpu.config.ConfigKey;

/**
 * One runtime setting: its key ({@code gmac.blockSize}: name, grammar, range, description), the environment
 * variable that also sets it ({@code GMAC_BLOCK_SIZE}), its default value (typed, as {@link ConfigKey#parse}
 * returns it) and what it affects, in words.
 */
public record Setting(ConfigKey key, String environmentVariable, Object defaultValue, String affects) {
    /** The key's name, {@code gmac.*}: the system property, and the command line's {@code -D} name. */
    public String name() {
        return key.name();
    }

    /** The default in the key's own syntax ({@code 256K}, {@code rolling}, {@code true}). */
    public String formattedDefault() {
        return key.format(defaultValue);
    }

    /** The environment variable name for a key: {@code gmac.blockSize} gives {@code GMAC_BLOCK_SIZE}. */
    static String environmentName(String key) {
        StringBuilder sb = new StringBuilder();
        for (char c : key.toCharArray()) {
            if (c == '.') {
                sb.append('_');
            } else if (Character.isUpperCase(c)) {
                sb.append('_').append(c);
            } else {
                sb.append(Character.toUpperCase(c));
            }
        }
        return sb.toString();
    }
}
