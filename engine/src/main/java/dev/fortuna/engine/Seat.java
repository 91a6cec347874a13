package dev.fortuna.engine;

/** A player's place at the table, 0 = start player; play goes clockwise, seat 0, 1, 2, … */
public record Seat(int index) {
    private static final Seat[] CACHE = {new Seat(0), new Seat(1), new Seat(2), new Seat(3), new Seat(4)};

    public Seat {
        if (index < 0 || index >= GameConfig.MAX_PLAYERS) {
            throw new IllegalArgumentException("seat " + index + " out of range 0.." + (GameConfig.MAX_PLAYERS - 1));
        }
    }

    public static Seat of(int index) {
        return CACHE[index];
    }

    @Override
    public String toString() {
        return "seat " + index;
    }
}
