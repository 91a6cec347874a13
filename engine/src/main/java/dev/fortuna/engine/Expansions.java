package dev.fortuna.engine;

import dev.fortuna.engine.cropcircles.CropCircles;
import dev.fortuna.engine.wheel.WheelOfFortune;

/**
 * The registry: the one place that maps an expansion id to its implementation, and the only class of the core that
 * imports an expansion's package. A new expansion is a package, its tile data, an {@link ExpansionId} and one line
 * here.
 */
final class Expansions {
    private static final WheelOfFortune WHEEL = new WheelOfFortune();
    private static final CropCircles CROP = new CropCircles();

    private Expansions() {
    }

    static Expansion of(ExpansionId id) {
        return switch (id) {
            case WHEEL_OF_FORTUNE -> WHEEL;
            case CROP_CIRCLES -> CROP;
        };
    }
}
