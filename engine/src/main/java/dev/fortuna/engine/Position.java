package dev.fortuna.engine;

/** A square of the landscape: x grows eastwards, y southwards. The start tile (or the board's corner) is (0,0). */
public record Position(int x, int y) {
    /** Coordinates must fit the engine's packed action codes. */
    public static final int LIMIT = 2000;

    public Position {
        if (!inRange(x) || !inRange(y)) {
            throw new IllegalArgumentException("position out of range: " + x + "," + y);
        }
    }

    /**
     * Whether a coordinate is within {@code -LIMIT..LIMIT}. Compared at both ends rather than through
     * {@code Math.abs}, which is negative for {@code Integer.MIN_VALUE} and let that value through.
     */
    public static boolean inRange(int c) {
        return c >= -LIMIT && c <= LIMIT;
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + ")";
    }
}
