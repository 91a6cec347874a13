package dev.fortuna.engine.tile;

/** The symbol of a crop-circle tile (RULES.md §4.1): which followers the crop-circle step affects. */
public enum CropSymbol {
    PITCHFORK(FeatureKind.FIELD), CLUB(FeatureKind.ROAD), SHIELD(FeatureKind.CITY);

    /** The kind of feature whose followers (farmers, thieves, knights) the symbol affects. */
    public final FeatureKind affects;

    CropSymbol(FeatureKind affects) {
        this.affects = affects;
    }

    public static CropSymbol parse(String s) {
        for (CropSymbol c : values()) {
            if (c.name().equalsIgnoreCase(s)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown crop-circle symbol '" + s + "' (pitchfork, club or shield)");
    }
}
