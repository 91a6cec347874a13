package dev.fortuna.engine.tile;

/** The four edges of a square, clockwise from north. {@code ordinal()} is the edge index used in tables. */
public enum Edge {
    N, E, S, W;

    private static final Edge[] VALUES = values();

    public static Edge of(int index) {
        return VALUES[index & 3];
    }

    public Edge opposite() {
        return VALUES[(ordinal() + 2) & 3];
    }

    /** Grid step towards the neighbour across this edge (y grows southwards). */
    public int dx() {
        return this == E ? 1 : this == W ? -1 : 0;
    }

    public int dy() {
        return this == S ? 1 : this == N ? -1 : 0;
    }
}
