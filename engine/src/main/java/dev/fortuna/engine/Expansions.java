package dev.fortuna.engine;

/** The registry: the one place that maps an expansion id to its implementation. */
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
