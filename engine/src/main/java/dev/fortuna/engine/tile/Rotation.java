package dev.fortuna.engine.tile;

/** A clockwise turn of a tile in 90° steps. Tiles are never mirrored. */
public enum Rotation {
    R0, R90, R180, R270;

    private static final Rotation[] VALUES = values();

    public static Rotation of(int quarterTurns) {
        return VALUES[quarterTurns & 3];
    }

    public int quarterTurns() {
        return ordinal();
    }

    public int degrees() {
        return ordinal() * 90;
    }

    public static Rotation ofDegrees(int degrees) {
        if (degrees % 90 != 0 || degrees < 0 || degrees >= 360) {
            throw new IllegalArgumentException("rotation must be 0, 90, 180 or 270 degrees, not " + degrees);
        }
        return VALUES[degrees / 90];
    }
}
