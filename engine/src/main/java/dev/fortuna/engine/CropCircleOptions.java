package dev.fortuna.engine;

/** Which Crop Circles sets are shuffled in (RULES.md §4.1): set I, set II, or both (default). */
public record CropCircleOptions(boolean setI, boolean setII) {
    public static final CropCircleOptions DEFAULT = new CropCircleOptions(true, true);

    public CropCircleOptions {
        if (!setI && !setII) {
            throw new IllegalArgumentException("crop circles: choose set I, set II or both");
        }
    }
}
