package dev.fortuna.engine;

/** A square of the landscape: x grows eastwards, y southwards. The start tile (or the board's corner) is (0,0). */
public record Position(int x, int y) {
    /** Coordinates must fit the engine's packed action codes. */
    public static final int LIMIT = 2000;

    public Position {
        if (Math.abs(x) > LIMIT || Math.abs(y) > LIMIT) {
            throw new IllegalArgumentException("position out of range: " + x + "," + y);
        }
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + ")";
    }
}
