package dev.fortuna.engine;

/** The expansions Fortuna implements, by their stable names (used in configurations, records and the CLI). */
public enum ExpansionId {
    WHEEL_OF_FORTUNE("wheel-of-fortune"), CROP_CIRCLES("crop-circles");

    public final String key;

    ExpansionId(String key) {
        this.key = key;
    }

    public static ExpansionId parse(String s) {
        for (ExpansionId e : values()) {
            if (e.key.equalsIgnoreCase(s.trim())) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown expansion '" + s + "' (known: wheel-of-fortune, crop-circles)");
    }
}
