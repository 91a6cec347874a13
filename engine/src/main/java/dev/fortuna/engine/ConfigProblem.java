package dev.fortuna.engine;

/**
 * One reason why a {@link GameConfig} describes no game Fortuna plays: a setting that needs an expansion the
 * configuration lacks, or a combination of settings that contradict each other. {@link GameConfig#problems()}
 * lists them; the command line and the records reader both refuse a configuration with any, each naming the
 * setting in its own terms (an option such as {@code --famine}, a record field such as {@code config.wheel.famine}).
 *
 * @param setting          the setting at fault
 * @param missingExpansion the expansion the setting needs, or null when {@code reason} explains the problem
 * @param reason           what is wrong, in words that fit after the setting's name; null when
 *                         {@code missingExpansion} is set
 */
public record ConfigProblem(Setting setting, ExpansionId missingExpansion, String reason) {
    public ConfigProblem {
        if (setting == null || (missingExpansion == null) == (reason == null)) {
            throw new IllegalArgumentException("a problem names a setting and either an expansion or a reason");
        }
    }

    /** The settings of a configuration that can be at fault. */
    public enum Setting {
        WHEEL_TILES, WHEEL_IS_START, FAMINE, CROWNS_PER_SECTOR, EXCLUDE_BASE_START_TILE,
        BOARD_IS_ONE_TILE_FOR_CLOISTERS, CROP_CIRCLES_SET_I, CROP_CIRCLES_SET_II
    }
}
